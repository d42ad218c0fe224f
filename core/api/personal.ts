/**
 * Personal data by contract: the registry's zod schemas say which of their fields hold a member's
 * personal data (a name, a phone, an address, where they are, their ids, the codes that redeem what
 * they bought, text they typed), as metadata in one zod registry. The recorder pseudonymises these
 * fields, the HAR writer and the inspector's save write through it, and the scan refuses a file where
 * one still holds a value that was not pseudonymised (harness/redaction/personal.ts): all read this
 * one truth. The OpenAPI contract carries it too, as `x-personal` (cli/contract/json.ts).
 */
import { z } from "zod";

export const PERSONAL_KINDS = [
  /** A member's id at the wallet (openId, open_id). */
  "member-id",
  /** A person's name: a nickname, an address's recipient, an airline account's names. */
  "name",
  /** A phone number. */
  "phone",
  /** A street address (the line under the region). */
  "street-address",
  /** Where the member is: their phone's latitude and longitude, sent to sort by distance. */
  "latitude",
  "longitude",
  /** A code a till or a partner accepts: a coupon's redemption code, a voucher's, a gift code. */
  "redemption-code",
  /** A coupon's number, which the member's receipt and the merchant's till show. */
  "coupon-number",
  /** An airline account's membership number. */
  "membership-number",
  /** A link to the member's own picture. */
  "avatar",
  "email",
  /** Text the member typed (a refund's remarks, a search): kept, with what the detectors find in it hidden. */
  "free-text",
] as const;
export type PersonalKind = (typeof PERSONAL_KINDS)[number];

/** The registry of personal fields: a schema in it is a field of that kind wherever it is used. */
export const personal = z.registry<{ personal: PersonalKind }>();

/** Marks a field's schema as personal data of a kind; returns the same schema. */
export function personalField<T extends z.ZodType>(schema: T, kind: PersonalKind): T {
  personal.add(schema, { personal: kind });
  return schema;
}

/** Any element of an array or value of a record. */
export const ANY_ELEMENT = "*";

/** A personal field's place in a value: keys, and ANY_ELEMENT for the elements of arrays and records. */
export interface PersonalPath {
  path: readonly string[];
  kind: PersonalKind;
}

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: readonly z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  valueType?: z.ZodType;
  items?: readonly z.ZodType[];
  getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "catch", "readonly", "nonoptional", "success"]);

const cache = new WeakMap<z.ZodType, PersonalPath[]>();

/**
 * The personal fields a schema holds, wherever they are in it (through optional, nullable, defaults,
 * unions, intersections, pipes, arrays and records). The wire form is what a recording holds, so a
 * pipe is read on its input side, and on its output side too when that is a schema of its own.
 */
export function personalPaths(schema: z.ZodType): PersonalPath[] {
  const cached = cache.get(schema);
  if (cached) return cached;
  const found = new Map<string, PersonalPath>();
  const walk = (node: z.ZodType | undefined, path: string[], seen: Set<z.ZodType>) => {
    if (!node || seen.has(node)) return;
    const kind = personal.get(node)?.personal;
    if (kind) {
      found.set(`${path.join("\u0000")}\u0001${kind}`, { path, kind });
      return;
    }
    const inner = new Set(seen).add(node);
    const def = defOf(node);
    if (WRAPPERS.has(def.type)) return walk(def.innerType, path, inner);
    switch (def.type) {
      case "object":
        for (const [key, child] of Object.entries(def.shape ?? {})) walk(child, [...path, key], inner);
        return;
      case "array":
        return walk(def.element, [...path, ANY_ELEMENT], inner);
      case "record":
        return walk(def.valueType, [...path, ANY_ELEMENT], inner);
      case "tuple":
        return def.items?.forEach((item) => walk(item, [...path, ANY_ELEMENT], inner));
      case "union":
        return def.options?.forEach((option) => walk(option, path, inner));
      case "intersection":
        walk(def.left, path, inner);
        return walk(def.right, path, inner);
      case "pipe":
        walk(def.in, path, inner);
        return walk(def.out, path, inner);
      case "lazy":
        return walk(def.getter?.(), path, inner);
      default:
        return;
    }
  };
  walk(schema, [], new Set());
  const paths = [...found.values()];
  cache.set(schema, paths);
  return paths;
}

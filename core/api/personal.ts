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
  /** A photo the member took or chose (a refund's evidence), as a data URL. */
  "photo",
  "email",
  /** Text the member typed (a refund's remarks, a search): kept, with what the detectors find in it hidden. */
  "free-text",
] as const;
export type PersonalKind = (typeof PERSONAL_KINDS)[number];

/** What a member's photo becomes in a recording, and a sample photo where any will do: a 1 × 1 grey PNG. */
export const PHOTO_STAND_IN = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGO4DgAA6gDpRdqRmgAAAABJRU5ErkJggg==";

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

/** The schemas a schema is made of, one level down, each under the key it has there (if any). */
function children(node: z.ZodType): { key?: string; schema: z.ZodType | undefined }[] {
  const def = defOf(node);
  if (WRAPPERS.has(def.type)) return [{ schema: def.innerType }];
  switch (def.type) {
    case "object":
      return Object.entries(def.shape ?? {}).map(([key, schema]) => ({ key, schema }));
    case "array":
      return [{ key: ANY_ELEMENT, schema: def.element }];
    case "record":
      return [{ key: ANY_ELEMENT, schema: def.valueType }];
    case "tuple":
      return (def.items ?? []).map((schema) => ({ key: ANY_ELEMENT, schema }));
    case "union":
      return (def.options ?? []).map((schema) => ({ schema }));
    case "intersection":
      return [{ schema: def.left }, { schema: def.right }];
    case "pipe":
      return [{ schema: def.in }, { schema: def.out }];
    case "lazy":
      return [{ schema: def.getter?.() }];
    default:
      return [];
  }
}

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
    for (const child of children(node)) walk(child.schema, child.key === undefined ? path : [...path, child.key], inner);
  };
  walk(schema, [], new Set());
  const paths = [...found.values()];
  cache.set(schema, paths);
  return paths;
}

/**
 * Field names that are personal wherever the given schemas use them, with their kind (`couponNo`,
 * `mobile`): for a call the registry does not declare, whose fields are known only by name. A name
 * also used for a field that is not personal (`name` of an offer, `address` of a store) is left out.
 */
export function unambiguousPersonalNames(schemas: readonly z.ZodType[]): ReadonlyMap<string, PersonalKind> {
  const kinds = new Map<string, Set<PersonalKind | null>>();
  const seen = new Set<z.ZodType>();
  const walk = (node: z.ZodType | undefined) => {
    if (!node || seen.has(node)) return;
    seen.add(node);
    const def = defOf(node);
    if (def.type === "object") {
      for (const [key, child] of Object.entries(def.shape ?? {})) {
        const leaf = leafKind(child);
        if (leaf !== undefined) {
          const set = kinds.get(key) ?? new Set();
          kinds.set(key, set.add(leaf));
        }
      }
    }
    for (const child of children(node)) walk(child.schema);
  };
  for (const schema of schemas) walk(schema);
  const names = new Map<string, PersonalKind>();
  for (const [key, set] of kinds) if (set.size === 1 && !set.has(null)) names.set(key, [...set][0] as PersonalKind);
  return names;
}

/**
 * What a field's schema holds: its personal kind, null for a value that is not personal, undefined
 * for an object or an array (its own fields say). Through wrappers, pipes and unions.
 */
function leafKind(node: z.ZodType | undefined, seen = new Set<z.ZodType>()): PersonalKind | null | undefined {
  if (!node || seen.has(node)) return null;
  seen.add(node);
  const kind = personal.get(node)?.personal;
  if (kind) return kind;
  const def = defOf(node);
  if (def.type === "object" || def.type === "array" || def.type === "record" || def.type === "tuple") return undefined;
  if (WRAPPERS.has(def.type) || def.type === "pipe" || def.type === "union" || def.type === "intersection" || def.type === "lazy") {
    const found = children(node).map((child) => leafKind(child.schema, seen));
    return found.find((item) => typeof item === "string") ?? (found.includes(null) ? null : undefined);
  }
  return null;
}

/**
 * The personal fields of an exchange, as the registry declares them (core/api/personal.ts): each is
 * given its stand-in (./pseudonyms.ts) before the exchange is redacted, and a finished recording in
 * which one still holds a real value is refused (`personalFindings`). An exchange the registry does
 * not declare has no paths: the values learnt from declared ones are still replaced wherever they
 * show, and the detectors (phones, e-mail addresses, cards) see to the rest.
 */
import type { z } from "zod";
import { ANY_ELEMENT, personalPaths, unambiguousPersonalNames, type PersonalKind, type PersonalPath } from "#core/api/personal";
import { API_ENDPOINTS, SECURE_FUNCTIONS, endpointFor, functionFor } from "#core/api/registry";
import { jsonPath } from "#harness/recording";

/** A placeholder anywhere in a text (harness/recording/placeholders.ts). */
const PLACEHOLDER_LIKE = /<[A-Za-z][\w:.-]*>/;
import type { Pseudonyms } from "./pseudonyms";

/** The personal fields of one exchange: of its query, its request body and its reply body. */
export interface ExchangeFields {
  query: PersonalPath[];
  request: PersonalPath[];
  response: PersonalPath[];
  /** For a call the registry does not declare: the names personal wherever the registry uses them, at any depth. */
  names?: ReadonlyMap<string, PersonalKind>;
}

let byName: ReadonlyMap<string, PersonalKind> | undefined;

/** The field names personal wherever the registry uses them (`couponNo`, `mobile`), worked out once. */
export function personalNames(): ReadonlyMap<string, PersonalKind> {
  byName ??= unambiguousPersonalNames([
    ...API_ENDPOINTS.flatMap((endpoint) => [endpoint.request, endpoint.data]),
    ...SECURE_FUNCTIONS.flatMap((declared) => [declared.request, declared.reply as z.ZodType]),
  ]);
  return byName;
}

const undeclared = (): ExchangeFields => ({ query: [], request: [], response: [], names: personalNames() });

/** Paths under the reply envelope's `data` (the mCoin API's `{code, msg, data}`). */
const underData = (paths: readonly PersonalPath[]): PersonalPath[] => paths.map(({ path, kind }) => ({ path: ["data", ...path], kind }));

/** The personal fields of a call, by the registry's declaration of it (none when it declares none). */
export function exchangeFields(kind: "api" | "secure", method: string, path: string): ExchangeFields {
  if (kind === "secure") {
    const declared = functionFor(path);
    return declared ? { query: [], request: personalPaths(declared.request), response: personalPaths(declared.reply as z.ZodType) } : undeclared();
  }
  const endpoint = endpointFor(method, path);
  if (!endpoint) return undeclared();
  const request = personalPaths(endpoint.request);
  const get = endpoint.method === "GET" || endpoint.method === "DELETE";
  return { query: get ? request : [], request: get ? [] : request, response: underData(personalPaths(endpoint.data)) };
}

/** Each place a path reaches in a value: the parent object (or array), the key, the place's own path. */
function* places(value: unknown, path: readonly string[], at: (string | number)[] = []): Generator<{ parent: Record<string, unknown>; key: string; at: (string | number)[] }> {
  if (value === null || typeof value !== "object" || path.length === 0) return;
  const [head, ...rest] = path;
  const entries: [string, unknown][] = head === ANY_ELEMENT ? Object.entries(value) : head in value ? [[head, (value as Record<string, unknown>)[head]]] : [];
  for (const [key, child] of entries) {
    const childAt = [...at, Array.isArray(value) ? Number(key) : key];
    if (rest.length === 0) yield { parent: value as Record<string, unknown>, key, at: childAt };
    else yield* places(child, rest, childAt);
  }
}

const isFieldValue = (value: unknown): value is string | number => typeof value === "string" || typeof value === "number";

/** One field given its stand-in: where, and of what kind. */
export interface Pseudonymised {
  path: (string | number)[];
  kind: PersonalKind;
}

/**
 * A copy of `value` whose personal fields hold their stand-ins. A latitude and a longitude in one
 * object move together, to the public place nearest to both.
 */
export function pseudonymise<T>(value: T, paths: readonly PersonalPath[], pseudonyms: Pseudonyms, names?: ReadonlyMap<string, PersonalKind>): { value: T; fields: Pseudonymised[] } {
  if ((paths.length === 0 && !names?.size) || value === null || typeof value !== "object") return { value, fields: [] };
  const copy = structuredClone(value);
  const fields: Pseudonymised[] = [];
  if (names?.size) byNames(copy, names, pseudonyms, [], fields);
  const located = new Set<Record<string, unknown>>();
  for (const { path, kind } of paths) {
    for (const { parent, key, at } of places(copy, path)) {
      const current = parent[key];
      if (!isFieldValue(current)) continue;
      if (kind === "latitude" || kind === "longitude") {
        if (located.has(parent)) continue;
        located.add(parent);
        const pair = paths.filter((other) => other.path.length === path.length && other.path.slice(0, -1).join("\u0000") === path.slice(0, -1).join("\u0000"));
        const latKey = pair.find((other) => other.kind === "latitude")?.path.at(-1);
        const lngKey = pair.find((other) => other.kind === "longitude")?.path.at(-1);
        const lat = latKey !== undefined && isFieldValue(parent[latKey]) ? (parent[latKey] as string | number) : undefined;
        const lng = lngKey !== undefined && isFieldValue(parent[lngKey]) ? (parent[lngKey] as string | number) : undefined;
        const moved = pseudonyms.location(lat, lng);
        if (latKey !== undefined && moved.lat !== undefined) {
          parent[latKey] = moved.lat;
          fields.push({ path: [...at.slice(0, -1), latKey], kind: "latitude" });
        }
        if (lngKey !== undefined && moved.lng !== undefined) {
          parent[lngKey] = moved.lng;
          fields.push({ path: [...at.slice(0, -1), lngKey], kind: "longitude" });
        }
        continue;
      }
      parent[key] = pseudonyms.standIn(kind, current);
      fields.push({ path: at, kind });
    }
  }
  return { value: copy, fields };
}

/** The fields of a value (at any depth) whose names are personal, given their stand-ins in place. */
function byNames(node: unknown, names: ReadonlyMap<string, PersonalKind>, pseudonyms: Pseudonyms, at: (string | number)[], fields: Pseudonymised[]): void {
  if (node === null || typeof node !== "object") return;
  for (const [key, child] of Object.entries(node)) {
    const kind = Array.isArray(node) ? undefined : names.get(key);
    if (kind && kind !== "latitude" && kind !== "longitude" && isFieldValue(child)) {
      (node as Record<string, unknown>)[key] = pseudonyms.standIn(kind, child);
      fields.push({ path: [...at, key], kind });
    } else byNames(child, names, pseudonyms, [...at, Array.isArray(node) ? Number(key) : key], fields);
  }
}

/** Every text of a value (keys too) with the real values known replaced by their stand-ins. */
export function replaceKnownPersonal<T>(value: T, pseudonyms: Pseudonyms): T {
  if (pseudonyms.size === 0) return value;
  const walk = (node: unknown): unknown => {
    if (typeof node === "string") return pseudonyms.replaceIn(node);
    if (Array.isArray(node)) return node.map(walk);
    // Plain objects only: a Date (a HAR entry's start) stays what it is.
    if (node && typeof node === "object" && Object.getPrototypeOf(node) === Object.prototype) {
      return Object.fromEntries(Object.entries(node).map(([key, child]) => [pseudonyms.replaceIn(key), walk(child)]));
    }
    return node;
  };
  return walk(value) as T;
}

/** A personal field that still holds a real value: where (a JSONPath from `prefix`) and of what kind. */
export interface PersonalFinding {
  path: string;
  kind: PersonalKind;
}

/**
 * The personal fields of a finished value that hold something other than a stand-in, a placeholder,
 * null or nothing; and any text that still holds a real value known. The recorder refuses to write
 * a file with one.
 */
export function personalFindings(value: unknown, paths: readonly PersonalPath[], pseudonyms: Pseudonyms, prefix: (string | number)[] = []): PersonalFinding[] {
  const findings: PersonalFinding[] = [];
  for (const { path, kind } of paths) {
    if (kind === "free-text") continue;
    for (const { parent, key, at } of places(value, path)) {
      const current = parent[key];
      // A value a rule hid, whole or in part, was hidden by the engineer's choice.
      if (!isFieldValue(current) || String(current).trim() === "" || PLACEHOLDER_LIKE.test(String(current)) || pseudonyms.isStandIn(current)) continue;
      findings.push({ path: jsonPath([...prefix, ...at]), kind });
    }
  }
  const walk = (node: unknown, at: (string | number)[]) => {
    if (typeof node === "string" && pseudonyms.holdsReal(node)) findings.push({ path: jsonPath([...prefix, ...at]), kind: "free-text" });
    else if (Array.isArray(node)) node.forEach((item, index) => walk(item, [...at, index]));
    else if (node && typeof node === "object") for (const [key, child] of Object.entries(node)) walk(child, [...at, key]);
  };
  walk(value, []);
  return findings;
}

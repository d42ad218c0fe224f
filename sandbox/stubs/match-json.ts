/**
 * WireMock's JSON matchers: `equalToJson` as JsonUnit compares (numbers by value, keys in any order,
 * `ignoreArrayOrder`, `ignoreExtraElements`, and JsonUnit's placeholders `${json-unit.any-string}`,
 * `any-number`, `any-boolean`, `ignore`, `${json-unit.regex}...`), and `matchesJsonPath` as WireMock
 * reads its Jayway JsonPath (core/text/json-path.ts): a path that finds nothing, null or an empty list
 * or object does not match; with a sub-matcher, what it finds is matched as text.
 */
import { evaluateJsonPath, parseJsonPath, PathNotFound, type JsonPath } from "#core/text/json-path";
import { wholeMatch } from "#core/text/whole-match";

export interface JsonOptions {
  ignoreArrayOrder: boolean;
  ignoreExtraElements: boolean;
}

const REGEX_PLACEHOLDER = "${json-unit.regex}";

/** A JsonUnit placeholder's verdict on a value, or undefined when `expected` is no placeholder. */
function placeholder(expected: string, actual: unknown): boolean | undefined {
  switch (expected) {
    case "${json-unit.any-string}":
      return typeof actual === "string";
    case "${json-unit.any-number}":
      return typeof actual === "number";
    case "${json-unit.any-boolean}":
      return typeof actual === "boolean";
    case "${json-unit.ignore}":
    case "#{json-unit.ignore}":
      return true;
  }
  if (expected.startsWith(REGEX_PLACEHOLDER)) return typeof actual === "string" && wholeMatch(expected.slice(REGEX_PLACEHOLDER.length), actual);
  return undefined;
}

/** JSON equality as WireMock's equalToJson: numbers by value, the two leniencies, JsonUnit's placeholders. */
export function jsonEqual(expected: unknown, actual: unknown, options: JsonOptions): boolean {
  return jsonDistance(expected, actual, options) === 0;
}

/**
 * How far a value is from the expected one, 0 (equal) to 1: the share of the expected value's
 * leaves that differ, so that a body one field off is nearer than one with nothing in common.
 */
export function jsonDistance(expected: unknown, actual: unknown, options: JsonOptions): number {
  if (typeof expected === "string") {
    const verdict = placeholder(expected, actual);
    if (verdict !== undefined) return verdict ? 0 : 1;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return 1;
    if (expected.length === 0) return actual.length === 0 || options.ignoreExtraElements ? 0 : 1;
    const extra = actual.length > expected.length && !options.ignoreExtraElements ? 1 : 0;
    if (actual.length < expected.length && !options.ignoreArrayOrder)
      return Math.max(0.5, share(expected.map((item, index) => (index < actual.length ? jsonDistance(item, actual[index], options) : 1))));
    if (!options.ignoreArrayOrder) return Math.max(extra * 0.5, share(expected.map((item, index) => jsonDistance(item, actual[index], options))));
    const unused = [...actual];
    const distances = expected.map((item) => {
      const found = unused.findIndex((candidate) => jsonDistance(item, candidate, options) === 0);
      if (found < 0) return 1;
      unused.splice(found, 1);
      return 0;
    });
    return Math.max(extra * 0.5, share(distances));
  }
  if (expected !== null && typeof expected === "object") {
    if (actual === null || typeof actual !== "object" || Array.isArray(actual)) return 1;
    const want = expected as Record<string, unknown>;
    const got = actual as Record<string, unknown>;
    const keys = Object.keys(want);
    const extras = options.ignoreExtraElements ? 0 : Object.keys(got).filter((key) => !(key in want)).length;
    const distances = keys.map((key) => (key in got ? jsonDistance(want[key], got[key], options) : 1));
    const total = keys.length + extras;
    return total === 0 ? 0 : (distances.reduce((sum, distance) => sum + distance, 0) + extras) / total;
  }
  return expected === actual ? 0 : 1;
}

const share = (distances: number[]) => distances.reduce((sum, distance) => sum + distance, 0) / distances.length;

/** JSON text or the value itself; undefined when the text is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const parsed = new Map<string, JsonPath>();

/** A mapping's JSONPath, parsed once (the schema checked it at load). */
export function jsonPathOf(expression: string): JsonPath {
  let path = parsed.get(expression);
  if (!path) {
    path = parseJsonPath(expression);
    if (parsed.size >= 1000) parsed.clear();
    parsed.set(expression, path);
  }
  return path;
}

/** Whether a path finds something in a document, as WireMock's matchesJsonPath without a sub-matcher. */
export function jsonPathFinds(expression: string, document: unknown): boolean {
  try {
    const found = evaluateJsonPath(jsonPathOf(expression), document);
    if (Array.isArray(found)) return found.length > 0;
    if (found !== null && typeof found === "object") return Object.keys(found).length > 0;
    return found !== null && found !== undefined;
  } catch (error) {
    if (error instanceof PathNotFound) return false;
    throw error;
  }
}

/**
 * What a path finds, as the texts WireMock hands a sub-matcher: an object (or, for equalToJson, a
 * list) as one JSON text, a list as the text of each element, a number, text or boolean as its text;
 * nothing when the path finds nothing or null.
 */
export function jsonPathTexts(expression: string, document: unknown, whole: boolean): string[] {
  let found: unknown;
  try {
    found = evaluateJsonPath(jsonPathOf(expression), document);
  } catch (error) {
    if (error instanceof PathNotFound) return [];
    throw error;
  }
  if (Array.isArray(found) && !whole) return found.map((item) => (item !== null && typeof item === "object" ? JSON.stringify(item) : String(item)));
  if (found !== null && typeof found === "object") return [JSON.stringify(found)];
  if (typeof found === "number" || typeof found === "string" || typeof found === "boolean") return [String(found)];
  return [];
}

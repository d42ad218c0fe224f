/**
 * A replayed reply against the recorded one, value by value (microdiff): the reply fields `ignore`
 * names are left out on both sides, a placeholder (harness/recording/placeholders.ts) matches any
 * non-empty text, and with normalisation on a volatile value (./normalise.ts) matches one of the same
 * form. Each difference as a line a person reads.
 */
import { JSONPath } from "jsonpath-plus";
import diff from "microdiff";
import { FILLED_IN_TEXT, KEY_ROLE, REDACTED_PART } from "#harness/recording";
import { personalKindAt, personalMatch, volatileMatch, type VolatileContext } from "./normalise";

/** How a reply differs from the recorded one at one place. */
export type DifferenceKind = "changed" | "added" | "removed" | "type changed";

export interface Difference {
  /** Where, e.g. `data.point` or `data.snatchList[0].name`; `(body)` for the whole body. */
  path: string;
  kind: DifferenceKind;
  /** The recorded value (absent when added). */
  expected?: unknown;
  /** The value replayed (absent when removed). */
  actual?: unknown;
}

/** A JSON value's type as people name it: null and arrays apart from objects. */
export function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/** Path segments as written in messages: `data.snatchList[0].name`. */
export function formatPath(path: readonly (string | number)[]): string {
  if (path.length === 0) return "(body)";
  return path.map((part, index) => (typeof part === "number" ? `[${part}]` : index === 0 ? part : `.${part}`)).join("");
}

/** A copy of a reply without the nodes the JSONPaths match (undefined when `$` itself is ignored). */
export function withoutIgnored(body: unknown, ignore: readonly string[]): unknown {
  if (ignore.length === 0 || body === undefined) return body;
  const copy = structuredClone(body) as unknown;
  if (ignore.some((path) => path.trim() === "$")) return undefined;
  if (!copy || typeof copy !== "object") return copy;
  // Indexes are removed from the highest down, so earlier matches keep their place.
  const arrayIndexes = new Map<unknown[], Set<number>>();
  for (const path of ignore) {
    for (const match of JSONPath({ path, json: copy as object, resultType: "all" }) as { parent: unknown; parentProperty: string | number | null }[]) {
      const { parent, parentProperty } = match;
      if (parent === null || parentProperty === null) continue;
      if (Array.isArray(parent)) {
        const set = arrayIndexes.get(parent) ?? new Set<number>();
        set.add(Number(parentProperty));
        arrayIndexes.set(parent, set);
      } else if (typeof parent === "object") {
        delete (parent as Record<string, unknown>)[String(parentProperty)];
      }
    }
  }
  for (const [array, indexes] of arrayIndexes) {
    for (const index of [...indexes].sort((a, b) => b - a)) array.splice(index, 1);
  }
  return copy;
}

/**
 * Whether a recorded text stands for the replayed one: a placeholder (`<token>`) matches any
 * non-empty text, and a text with `<redacted:NAME>` parts matches one with anything non-empty there.
 */
function placeholderMatches(expected: string, actual: unknown): boolean {
  if (typeof actual !== "string" || actual === "") return false;
  // An idempotency key's role too: replay sends a key of its own minting.
  if (FILLED_IN_TEXT.test(expected) || KEY_ROLE.test(expected)) return true;
  if (!REDACTED_PART.test(expected)) return false;
  const pattern = expected
    .split(REDACTED_PART)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join(".+");
  return new RegExp(`^${pattern}$`, "s").test(actual);
}

/**
 * The recorded body with each placeholder, and with --exact off each volatile value
 * (./normalise.ts), replaced by the replayed value at its place, when it stands for it.
 * `key` is the field the value is under (an array's items are under the array's field).
 */
function acceptPlaceholders(expected: unknown, actual: unknown, volatile: VolatileContext | undefined, key?: string | number, path: (string | number)[] = []): unknown {
  if (typeof expected === "string" && placeholderMatches(expected, actual)) return actual;
  if (volatile && volatileMatch(expected, actual, key, volatile)) return actual;
  const personal = volatile && (personalKindAt(volatile.personal, path) ?? (typeof key === "string" && typeof path.at(-1) === "string" ? volatile.personalNames?.get(key) : undefined));
  if (personal && expected !== actual && personalMatch(personal, expected, actual)) return actual;
  if (Array.isArray(expected)) return expected.map((item, index) => acceptPlaceholders(item, Array.isArray(actual) ? actual[index] : undefined, volatile, key, [...path, index]));
  if (expected && typeof expected === "object") {
    const other = actual && typeof actual === "object" && !Array.isArray(actual) ? (actual as Record<string, unknown>) : {};
    return Object.fromEntries(Object.entries(expected).map(([name, child]) => [name, acceptPlaceholders(child, other[name], volatile, name, [...path, name])]));
  }
  return expected;
}

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return value !== null && typeof value === "object";
}

/**
 * Where a reply differs from the recorded one, field by field (microdiff), after removing the
 * ignored nodes from both. A recorded placeholder matches any non-empty text; with `volatile`, a
 * recorded time, host, order number or code matches the replayed one of the same form.
 */
export function compareReplies(expected: unknown, actual: unknown, ignore: readonly string[] = [], volatile?: VolatileContext): Difference[] {
  const kept = withoutIgnored(actual, ignore);
  const recorded = acceptPlaceholders(withoutIgnored(expected, ignore), kept, volatile);
  if (isContainer(recorded) && isContainer(kept) && Array.isArray(recorded) === Array.isArray(kept)) {
    return diff(recorded, kept).map((change): Difference => {
      const path = formatPath(change.path);
      if (change.type === "CREATE") return { path, kind: "added", actual: change.value };
      if (change.type === "REMOVE") return { path, kind: "removed", expected: change.oldValue };
      const kind = typeName(change.oldValue) === typeName(change.value) ? "changed" : "type changed";
      return { path, kind, expected: change.oldValue, actual: change.value };
    });
  }
  if (JSON.stringify(recorded) === JSON.stringify(kept)) return [];
  if (recorded === undefined) return [{ path: "(body)", kind: "added", actual: kept }];
  if (kept === undefined) return [{ path: "(body)", kind: "removed", expected: recorded }];
  return [{ path: "(body)", kind: typeName(recorded) === typeName(kept) ? "changed" : "type changed", expected: recorded, actual: kept }];
}

/** A value in a message, cut short when long. */
export function showValue(value: unknown): string {
  const text = value === undefined ? "nothing" : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** One line per difference: `data.point: type changed number → string (12580 → "12580")`. */
export function describeDifference(difference: Difference): string {
  const { path, kind, expected, actual } = difference;
  switch (kind) {
    case "added":
      return `${path}: added ${showValue(actual)}`;
    case "removed":
      return `${path}: removed ${showValue(expected)}`;
    case "changed":
      return `${path}: changed ${showValue(expected)} → ${showValue(actual)}`;
    case "type changed":
      return `${path}: type changed ${typeName(expected)} → ${typeName(actual)} (${showValue(expected)} → ${showValue(actual)})`;
  }
}

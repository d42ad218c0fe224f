/**
 * Recorded gateway exchanges (fixtures/recordings): one JSON file each (or entries of a HAR file,
 * cli/har-read.ts; cli/recording-files.ts reads both), the request and the reply expected, plain or through the secure gateway.
 * Tokens and secrets are replaced by placeholders (`<token>`, `<cust>`, `<code>`) when recorded and
 * filled in again when replayed (in a reply, a placeholder or a `<redacted:NAME>` part stands for
 * any non-empty text); the reply fields named by `ignore` (JSONPath: times, fresh tokens) are not
 * compared; `needs` says which demo member or task-center ciphertext a replay
 * uses; `recordedAt` lets a replay warn about recordings grown old.
 */
import { basename } from "node:path";
import { JSONPath } from "jsonpath-plus";
import diff from "microdiff";
import { z } from "zod";
import { usageError } from "./errors";
import { volatileMatch, type VolatileContext } from "./replay-normalise";

/** A JSONPath on the reply body (the decrypted body for secure calls), e.g. `$.data.sysTime`. */
export const JsonPathSchema = z.string().regex(/^\$/, "a JSONPath starting with $, e.g. $.data.sysTime");

/** An ISO date (2026-11-21) or date-time (2026-11-21T10:00:00Z, with or without an offset). */
export const RecordedAtSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true, local: true })], {
  error: "an ISO date or date-time, e.g. 2026-11-21 or 2026-11-21T10:00:00Z",
});

/** Who a replay acts as when no --login, --token or --cust says otherwise. */
export const NeedsSchema = z.object({
  /** A demo member's openId (e.g. mpay-1001): replay signs them in for `<token>` and `auth`. */
  member: z.string().min(1).optional(),
  /** The task-center member ciphertext (e.g. C1) that fills `<cust>`. */
  cust: z.string().min(1).optional(),
});
export type Needs = z.infer<typeof NeedsSchema>;

const RecordingObject = z.object({
  name: z.string(),
  kind: z.enum(["api", "secure"]),
  /** false when the exchange cannot be sent again (a single-use login code, an undecryptable capture). */
  replayable: z.boolean().default(true),
  /** When it was recorded; files should carry it (replay warns when it is missing or old). */
  recordedAt: RecordedAtSchema.optional(),
  needs: NeedsSchema.optional(),
  request: z.object({
    method: z.string().default("POST"),
    path: z.string().startsWith("/"),
    query: z.record(z.string(), z.string()).default({}),
    /** Headers worth keeping (the language); the rest is rebuilt when replayed. */
    headers: z.record(z.string(), z.string()).default({}),
    body: z.unknown().optional(),
    /** Needs the member's token (a bearer token for the API, the Token header for the gateway). */
    auth: z.boolean().default(false),
  }),
  /** A reply without a body (a redirect, a 204) has none here. */
  response: z.object({ status: z.number().int(), body: z.unknown().optional() }),
  /** JSONPaths of reply fields not compared with the recording (values that change every call). */
  ignore: z.array(JsonPathSchema).default([]),
});

/** Older files name the fields not compared as a dotted `volatile` list; read it as `ignore`. */
export const RecordingSchema = z.preprocess(migrateVolatile, RecordingObject);

export type Recording = z.infer<typeof RecordingSchema>;

/** Moves an old file's `volatile` (dotted, `*` for any key) into `ignore` (JSONPath). */
function migrateVolatile(raw: unknown): unknown {
  if (!raw || typeof raw !== "object" || Array.isArray(raw) || !("volatile" in raw)) return raw;
  const { volatile, ...rest } = raw as Record<string, unknown>;
  if (!Array.isArray(volatile)) return raw;
  const ignore = Array.isArray(rest.ignore) ? rest.ignore : [];
  return { ...rest, ignore: [...ignore, ...volatile.map((path) => (typeof path === "string" ? dottedToJsonPath(path) : path))] };
}

/** `data.*.sysTime` → `$.data[*].sysTime`; numeric parts are indexes, odd keys are quoted. */
export function dottedToJsonPath(dotted: string): string {
  if (dotted === "") return "$";
  return `$${dotted
    .split(".")
    .map((part) => (part === "*" ? "[*]" : /^\d+$/.test(part) ? `[${part}]` : /^[A-Za-z_$][\w$]*$/.test(part) ? `.${part}` : `['${part.replace(/'/g, "\\'")}']`))
    .join("")}`;
}

export interface RecordingFile {
  file: string;
  /** The entry's number (from 1) when the recording came from a HAR file. */
  entry?: number;
  recording: Recording;
  /** Why it cannot be replayed, when the source says more than `replayable: false`. */
  reason?: string;
}

/** Where a recording came from, for messages: the file, and the HAR entry. */
export function sourceOf(file: RecordingFile): string {
  return file.entry === undefined ? basename(file.file) : `${basename(file.file)} entry ${file.entry}`;
}

/** A recording checked against the format, as a usage error naming the field when it is not one. */
export function parseRecording(raw: unknown, where: string): Recording {
  const parsed = RecordingSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw usageError(`${where} is not a recording: ${issue?.path.join(".") || "(file)"}: ${issue?.message}`);
}

/** Placeholders a replay fills in. */
export type Placeholders = Partial<Record<"token" | "cust" | "code", string>>;
const PLACEHOLDER = /^<(token|cust|code)>$/;

/** Fills placeholders back in; lists the ones it had no value for. */
export function fillIn(value: unknown, placeholders: Placeholders, missing = new Set<string>()): { value: unknown; missing: Set<string> } {
  if (typeof value === "string") {
    const match = PLACEHOLDER.exec(value);
    if (!match) return { value, missing };
    const filled = placeholders[match[1] as keyof Placeholders];
    if (filled === undefined) missing.add(match[1]);
    return { value: filled ?? value, missing };
  }
  if (Array.isArray(value)) return { value: value.map((item) => fillIn(item, placeholders, missing).value), missing };
  if (value && typeof value === "object") {
    return { value: Object.fromEntries(Object.entries(value).map(([key, child]) => [key, fillIn(child, placeholders, missing).value])), missing };
  }
  return { value, missing };
}

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

/** What the recorder put in place of a hidden value (cli/redaction.ts), whole or inside a text. */
const REDACTED = /<redacted:[a-z0-9-]+>/;
/** An idempotency key's role (cli/recording-roles.ts): replay sends a key of its own minting. */
const KEY_ROLE_TEXT = /^<key:[1-9]\d*>$/;

/**
 * Whether a recorded text stands for the replayed one: a placeholder (`<token>`) matches any
 * non-empty text, and a text with `<redacted:NAME>` parts matches one with anything non-empty there.
 */
function placeholderMatches(expected: string, actual: unknown): boolean {
  if (typeof actual !== "string" || actual === "") return false;
  if (PLACEHOLDER.test(expected) || KEY_ROLE_TEXT.test(expected)) return true;
  if (!REDACTED.test(expected)) return false;
  const pattern = expected
    .split(REDACTED)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join(".+");
  return new RegExp(`^${pattern}$`, "s").test(actual);
}

/**
 * The recorded body with each placeholder, and with --exact off each volatile value
 * (cli/replay-normalise.ts), replaced by the replayed value at its place, when it stands for it.
 * `key` is the field the value is under (an array's items are under the array's field).
 */
function acceptPlaceholders(expected: unknown, actual: unknown, volatile: VolatileContext | undefined, key?: string | number): unknown {
  if (typeof expected === "string" && placeholderMatches(expected, actual)) return actual;
  if (volatile && volatileMatch(expected, actual, key, volatile)) return actual;
  if (Array.isArray(expected)) return expected.map((item, index) => acceptPlaceholders(item, Array.isArray(actual) ? actual[index] : undefined, volatile, key));
  if (expected && typeof expected === "object") {
    const other = actual && typeof actual === "object" && !Array.isArray(actual) ? (actual as Record<string, unknown>) : {};
    return Object.fromEntries(Object.entries(expected).map(([name, child]) => [name, acceptPlaceholders(child, other[name], volatile, name)]));
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

/**
 * Recorded gateway exchanges (fixtures/recordings): one JSON file each, the request and the reply
 * expected, plain or through the secure gateway. Tokens and secrets are replaced by placeholders
 * (`<token>`, `<cust>`, `<code>`) when recorded and filled in again when replayed; reply fields
 * declared volatile (times, fresh tokens) are not compared.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { z } from "zod";
import { usageError } from "./errors";

export const RecordingSchema = z.object({
  name: z.string(),
  kind: z.enum(["api", "secure"]),
  /** false when the exchange cannot be sent again (a single-use login code, an undecryptable capture). */
  replayable: z.boolean().default(true),
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
  response: z.object({ status: z.number().int(), body: z.unknown() }),
  /** Dotted paths not compared; `*` matches any key or index. */
  volatile: z.array(z.string()).default([]),
});

export type Recording = z.infer<typeof RecordingSchema>;

export interface RecordingFile {
  file: string;
  recording: Recording;
}

/** Recordings from a file or a folder (sorted by file name). */
export function readRecordings(path: string): RecordingFile[] {
  let files: string[];
  try {
    files = statSync(path).isDirectory()
      ? readdirSync(path)
          .filter((name) => name.endsWith(".json"))
          .sort()
          .map((name) => join(path, name))
      : [path];
  } catch {
    throw usageError(`${path} does not exist`);
  }
  if (files.length === 0) throw usageError(`${path} holds no .json recordings`);
  return files.map((file) => {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(file, "utf8"));
    } catch (error) {
      throw usageError(`${basename(file)} is not JSON (${(error as Error).message})`);
    }
    const parsed = RecordingSchema.safeParse(raw);
    if (!parsed.success) throw usageError(`${basename(file)} is not a recording: ${parsed.error.issues[0]?.path.join(".")}: ${parsed.error.issues[0]?.message}`);
    return { file, recording: parsed.data };
  });
}

/** Placeholders a replay fills in. */
export type Placeholders = Partial<Record<"token" | "cust" | "code", string>>;
const PLACEHOLDER = /^<(token|cust|code)>$/;

type Rules = Record<string, "token" | "cust" | "code">;

/** Field names whose values are tokens or secrets, anywhere in a body. */
const SECRET_FIELDS: Rules = {
  token: "token",
  access_token: "token",
  accesstoken: "token",
  authorization: "token",
  password: "token",
  secret: "token",
  cust_id_ciphertext: "cust",
};

/** A login's query also carries the wallet's single-use code (elsewhere `code` is a reply code). */
export const LOGIN_QUERY_FIELDS: Rules = { ...SECRET_FIELDS, code: "code" };

/** Replaces secrets and tokens with placeholders; returns what was replaced, by path. */
export function redact(value: unknown, rules: Rules = SECRET_FIELDS, path: string[] = []): { value: unknown; redacted: string[] } {
  if (Array.isArray(value)) {
    const redacted: string[] = [];
    const items = value.map((item, index) => {
      const result = redact(item, rules, [...path, String(index)]);
      redacted.push(...result.redacted);
      return result.value;
    });
    return { value: items, redacted };
  }
  if (value && typeof value === "object") {
    const redacted: string[] = [];
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      const kind = rules[key.toLowerCase()];
      if (kind && (typeof child === "string" || typeof child === "number") && String(child) !== "") {
        out[key] = `<${kind}>`;
        redacted.push([...path, key].join("."));
        continue;
      }
      const result = redact(child, rules, [...path, key]);
      out[key] = result.value;
      redacted.push(...result.redacted);
    }
    return { value: out, redacted };
  }
  return { value, redacted: [] };
}

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

export interface Difference {
  path: string;
  expected: unknown;
  actual: unknown;
}

function isVolatile(path: string[], volatile: string[]): boolean {
  return volatile.some((pattern) => {
    const parts = pattern.split(".");
    return parts.length === path.length && parts.every((part, index) => part === "*" || part === path[index]);
  });
}

/** Where a reply differs from the recorded one. A recorded placeholder matches any non-empty text. */
export function compare(expected: unknown, actual: unknown, volatile: string[], path: string[] = []): Difference[] {
  if (isVolatile(path, volatile)) return [];
  if (typeof expected === "string" && PLACEHOLDER.test(expected)) {
    return typeof actual === "string" && actual !== "" ? [] : [{ path: path.join(".") || "(body)", expected, actual }];
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    const differences: Difference[] = [];
    for (let i = 0; i < Math.max(expected.length, actual.length); i++) {
      differences.push(...compare(expected[i], actual[i], volatile, [...path, String(i)]));
    }
    return differences;
  }
  if (expected && actual && typeof expected === "object" && typeof actual === "object" && !Array.isArray(expected) && !Array.isArray(actual)) {
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    const differences: Difference[] = [];
    for (const key of [...keys].sort()) {
      differences.push(...compare((expected as Record<string, unknown>)[key], (actual as Record<string, unknown>)[key], volatile, [...path, key]));
    }
    return differences;
  }
  return Object.is(expected, actual) ? [] : [{ path: path.join(".") || "(body)", expected, actual }];
}

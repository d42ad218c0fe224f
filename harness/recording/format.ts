/**
 * The recording format, declared once: one recorded gateway exchange per JSON file (fixtures/recordings,
 * what `mcoin record` writes), the request and the reply expected, plain or through the secure gateway.
 * Secrets are placeholders (./placeholders.ts) filled in again when replayed; the reply fields named by
 * `ignore` (JSONPath: times, fresh tokens) are not compared; `needs` says whom a replay acts as;
 * `recordedAt` lets a replay warn about recordings grown old and pace calls that depend on time.
 * Published as docs/contract/recording.schema.json (`mcoin contract json-schema`).
 */
import { basename } from "node:path";
import { z } from "zod";
import { usageError } from "#harness/errors";

/** A JSONPath on the reply body (the decrypted body for secure calls), e.g. `$.data.sysTime`. */
export const JsonPathSchema = z.string().regex(/^\$/, "a JSONPath starting with $, e.g. $.data.sysTime");

/** An ISO date (2026-11-21) or date-time (2026-11-21T10:00:00Z, with or without an offset). */
export const RecordedAtSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true, local: true })], {
  error: "an ISO date or date-time, e.g. 2026-11-21 or 2026-11-21T10:00:00Z",
});

/** Who a replay acts as when no --login, --token or --cust says otherwise. */
export const NeedsSchema = z
  .object({
    member: z.string().min(1).optional().describe("A member's openId (e.g. mpay-1001): replay signs them in for `<token>` and `auth`; a served recording issues that member's token."),
    cust: z.string().min(1).optional().describe("The task center's member ciphertext (e.g. C1) that fills `<cust>`; written only for a sandbox's demo ciphertexts."),
  })
  .describe("Whom a replay acts as when the command line does not say.");
export type Needs = z.infer<typeof NeedsSchema>;

/** The format as written now, without the older `volatile` list that RecordingSchema also reads. */
export const RecordingFormatSchema = z
  .object({
    name: z.string().describe("What was called, e.g. `GET /api/system/time`."),
    kind: z.enum(["api", "secure"]).describe("`api`: the mCoin API's plain JSON; `secure`: the secure gateway, bodies as decrypted."),
    replayable: z.boolean().default(true).describe("false when the exchange cannot be sent again (a single-use login code, an unopened secure call)."),
    recordedAt: RecordedAtSchema.optional().describe(
      "When the request arrived (the recorder writes it to the millisecond): replay warns about old recordings and paces calls that depend on elapsed time.",
    ),
    needs: NeedsSchema.optional(),
    request: z
      .object({
        method: z.string().default("POST").describe("The HTTP method."),
        path: z.string().startsWith("/").describe("The path under the gateway's base URL; a secret in it is a placeholder."),
        query: z.record(z.string(), z.string()).default({}).describe("The query, redacted: `<code>` for a login's code."),
        headers: z
          .record(z.string(), z.string())
          .default({})
          .describe("Headers worth keeping (Accept-Language; the secure gateway's Token as `<token>` or `<cust>`; Idempotency-Key as its role `<key:N>`); the rest is rebuilt when replayed."),
        body: z.unknown().optional().describe("The JSON body (decrypted for secure calls), redacted."),
        auth: z.boolean().default(false).describe("Needs the member's token (a bearer token for the API, the Token header for the gateway)."),
      })
      .describe("The request, as a replay sends it again."),
    response: z
      .object({
        status: z.number().int().describe("The HTTP status."),
        body: z
          .unknown()
          .optional()
          .describe("The reply body (decrypted for secure calls), redacted; a placeholder or a `<redacted:NAME>` part matches any non-empty text. None for a redirect or a 204."),
      })
      .describe("The reply expected."),
    ignore: z.array(JsonPathSchema).default([]).describe("JSONPaths of reply fields not compared (values that change on every call, values redacted)."),
  })
  .describe("One recorded gateway exchange (mcoin record, mcoin replay, mcoin sandbox --recordings).");

/** Older files name the fields not compared as a dotted `volatile` list; read it as `ignore`. */
export const RecordingSchema = z.preprocess(migrateVolatile, RecordingFormatSchema);

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

/** A JSONPath for path segments: `$.data.list[0].mobile`, `$['accept-language']`. */
export function jsonPath(path: readonly (string | number)[]): string {
  return `$${path.map((part) => (typeof part === "number" ? `[${part}]` : /^[A-Za-z_$][\w$]*$/.test(part) ? `.${part}` : `['${part.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}']`)).join("")}`;
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

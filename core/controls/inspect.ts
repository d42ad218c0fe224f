/**
 * The traffic inspector's API (docs/inspector.md), served by the sandbox and by `mcoin record` under
 * /__sandbox/inspect: the exchanges they saw (a bounded ring), pushed live as server-sent events, one
 * exchange's detail with the secure envelope opened and the body checked against the registry, and
 * the actions on a selection (save as a recording, replay one, export as HAR). The page
 * (inspector/) reads these shapes as types only; the servers and the tests parse with them.
 */
import { z } from "zod";
import { FAULT_KINDS, type FaultKind } from "./faults";
import { NearMissSchema } from "./declarations";

export { INSPECT_API, INSPECT_API_BASE, INSPECT_PATH } from "./inspect-paths";

/** What the inspector marks an exchange with. */
export const MarkersSchema = z.object({
  /** An injected fault acted on it (core/controls/faults.ts). */
  fault: z.enum(FAULT_KINDS as [FaultKind, ...FaultKind[]]).optional(),
  /** Nothing answered it as asked: a near miss (the closest endpoints are in the detail). */
  nearMiss: z.boolean().optional(),
  /** The stub that answered it, by its id. */
  stub: z.string().optional(),
  /** A served recording answered it. */
  recorded: z.boolean().optional(),
  /** Its request or reply fails the registry's declaration. */
  invalid: z.boolean().optional(),
});
export type Markers = z.infer<typeof MarkersSchema>;

export const ExchangeSummarySchema = z.object({
  seq: z.number().int(),
  /** When the request arrived (ms since the epoch, real time). */
  at: z.number(),
  method: z.string(),
  path: z.string(),
  query: z.record(z.string(), z.string()),
  /** The registry's name of the endpoint, or of the secure function (`kind: "secure"`). */
  name: z.string().optional(),
  kind: z.enum(["api", "secure", "other"]),
  /** The reply's status; 0 when the connection was cut instead of answered. */
  status: z.number().int(),
  ms: z.number(),
  /** The member who called (open id), when the call carried a session the server knows. */
  member: z.string().optional(),
  /** The mall request it was made for (its X-Request-Id, when well-formed): one page load's calls share it. */
  requestId: z.string().optional(),
  markers: MarkersSchema,
});
export type ExchangeSummary = z.infer<typeof ExchangeSummarySchema>;

/** A body as kept: its text (cut at the ring's limit), its parsed JSON when it is JSON, its size. */
export const BodyViewSchema = z.object({
  bytes: z.number().int(),
  text: z.string(),
  json: z.unknown().optional(),
  /** The text is its first `limit` bytes only. */
  cut: z.boolean().optional(),
  limit: z.number().int().optional(),
});
export type BodyView = z.infer<typeof BodyViewSchema>;

export const IssueSchema = z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() });
export type Issue = z.infer<typeof IssueSchema>;

/** The secure gateway's envelope, opened where the server holds the keys. */
export const EnvelopeViewSchema = z.object({
  /** The symmetric key and IV recovered from the Encrypt header with the private key. */
  key: z.object({ recovered: z.boolean(), detail: z.string() }),
  request: z.object({ opened: z.unknown().optional(), error: z.string().optional() }),
  reply: z.object({ opened: z.unknown().optional(), error: z.string().optional() }),
  /** Each Signature header checked: verified, failed, absent, or unknown (no signing secret here). */
  signature: z.object({
    request: z.enum(["verified", "failed", "absent", "unknown"]),
    reply: z.enum(["verified", "failed", "absent", "unknown"]),
    detail: z.string(),
  }),
  requestTime: z.object({ value: z.string().optional(), skewMs: z.number().optional(), detail: z.string() }),
  nonce: z.object({ value: z.string().optional(), reusedFrom: z.number().int().optional(), detail: z.string() }),
});
export type EnvelopeView = z.infer<typeof EnvelopeViewSchema>;

export const ValidationViewSchema = z.object({
  /** The declaration checked against: `<name> (<method> <path>)`. */
  against: z.string(),
  request: z.array(IssueSchema),
  reply: z.array(IssueSchema),
});
export type ValidationView = z.infer<typeof ValidationViewSchema>;

export const ExchangeDetailSchema = ExchangeSummarySchema.extend({
  request: z.object({ headers: z.record(z.string(), z.string()), body: BodyViewSchema.optional() }),
  reply: z.object({ headers: z.record(z.string(), z.string()), body: BodyViewSchema.optional() }),
  envelope: EnvelopeViewSchema.optional(),
  validation: ValidationViewSchema.optional(),
  nearMiss: NearMissSchema.optional(),
  /** The exchange as a command to send it again: curl, and mcoin (`mcoin api` or `mcoin gateway call`). */
  commands: z.object({ curl: z.string(), mcoin: z.string() }),
});
export type ExchangeDetail = z.infer<typeof ExchangeDetailSchema>;

export const ExchangeListSchema = z.object({ exchanges: z.array(ExchangeSummarySchema), capacity: z.number().int(), dropped: z.number().int() });
export type ExchangeList = z.infer<typeof ExchangeListSchema>;

export const InspectInfoSchema = z.object({
  /** What serves the page: the sandbox, or `mcoin record` in front of an environment. */
  source: z.enum(["sandbox", "recorder"]),
  /** Where the calls go (the recorder's target), or the sandbox's own address. */
  target: z.string(),
  capacity: z.number().int(),
  bodyLimit: z.number().int(),
  /** Whether faults can be added here (the recorder can only when its target is a sandbox). */
  faults: z.boolean(),
  /** The fault kinds, each with its summary, for the page's menu. */
  faultKinds: z.array(z.object({ kind: z.string(), summary: z.string() })),
});
export type InspectInfo = z.infer<typeof InspectInfoSchema>;

const Seqs = z.array(z.number().int().positive()).min(1).max(500);

export const SaveRequestSchema = z.object({
  seqs: Seqs,
  /** The folder's name under the server's recordings directory: letters, digits, dashes. */
  name: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{0,62}$/i, "letters, digits and dashes, at most 63"),
});
export type SaveRequest = z.infer<typeof SaveRequestSchema>;
export const SaveReplySchema = z.object({
  ok: z.literal(true),
  dir: z.string(),
  written: z.array(z.string()),
  /** Exchanges not written, each with why (a secret survived redaction, or it left the ring). */
  refused: z.array(z.object({ seq: z.number().int(), reason: z.string() })),
  /** The command that replays the folder. */
  replay: z.string(),
});
export type SaveReply = z.infer<typeof SaveReplySchema>;

export const ReplayRequestSchema = z.object({ seq: z.number().int().positive() });
export const ReplayReplySchema = z.object({
  result: z.enum(["match", "differ", "skipped", "error"]),
  /** One line: what happened. */
  summary: z.string(),
  status: z.object({ expected: z.number().int(), actual: z.number().int() }).optional(),
  /** Each difference, as `mcoin replay` prints it. */
  differences: z.array(z.string()),
});
export type ReplayReply = z.infer<typeof ReplayReplySchema>;

export const FaultRequestSchema = z.object({
  path: z.string().trim().min(1).max(200),
  kind: z.enum(FAULT_KINDS as [FaultKind, ...FaultKind[]]),
  times: z.number().int().min(1).max(1000).default(1),
});
export type FaultRequest = z.infer<typeof FaultRequestSchema>;

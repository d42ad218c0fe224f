/**
 * Reads HAR 1.2 files as recordings, so a capture can be replayed like fixtures/recordings: the
 * ones `mcoin record --har` writes (creator "mcoin": bodies and headers already redacted, the
 * secure gateway's decrypted bodies in the postData and content comments, an `{"mcoin": {...}}`
 * entry comment with the kind, ignore and needs) and a browser's (no comments: plain JSON calls
 * replay, sealed secure calls are kept but not replayable). Non-JSON entries (pages, scripts,
 * images, other hosts' static files) are dropped.
 */
import { basename } from "node:path";
import { z } from "zod";
import { usageError } from "#harness/errors";
import { parseRecording, type Recording, type RecordingFile } from "./format";
import { RECORDING_LIMITS, parseRecordedJson, type RecordingLimits } from "./limits";
import { FILLED_IN, FILLED_IN_TEXT, KEY_ROLE, keyRole } from "./placeholders";
import { IDEMPOTENCY_KEY_HEADER } from "./volatile";

/** The secure gateway's functions live under this path; their bodies are sealed on the wire. */
const SECURE_PREFIX = "/bservice/";

/**
 * How a capture the recorder did not write (a browser's HAR) is redacted as it is read: the
 * recorder's own rules (harness/redaction, `readRedaction`), given by the caller.
 */
export type ReadRedaction = (value: unknown, scope: "query" | "request" | "response") => { value: unknown; redactions: readonly { placeholder: string }[] };

const NameValue = z.object({ name: z.string(), value: z.string() });

/** The part of a HAR 1.2 entry a recording needs; everything else is ignored. */
const HarEntrySchema = z.object({
  startedDateTime: z.string().optional(),
  comment: z.string().optional(),
  request: z.object({
    method: z.string(),
    url: z.string(),
    headers: z.array(NameValue).default([]),
    postData: z.object({ mimeType: z.string().optional(), text: z.string().optional(), comment: z.string().optional() }).optional(),
  }),
  response: z.object({
    status: z.number(),
    content: z.object({ mimeType: z.string().optional(), text: z.string().optional(), encoding: z.string().optional(), comment: z.string().optional() }).prefault({}),
  }),
});
type HarEntry = z.infer<typeof HarEntrySchema>;

const HarSchema = z.object({
  log: z.object({
    creator: z.object({ name: z.string() }).partial().optional(),
    entries: z.array(z.unknown()),
  }),
});

/** The entry comment `mcoin record --har` writes; its fields are checked with the recording. */
const McoinCommentSchema = z.object({
  mcoin: z.object({
    kind: z.enum(["api", "secure"]).optional(),
    ignore: z.unknown().optional(),
    needs: z.unknown().optional(),
  }),
});
type McoinComment = z.infer<typeof McoinCommentSchema>["mcoin"];

/**
 * The recordings of a HAR document's gateway calls, in the order they were made; a HAR with more
 * entries than the limit, or an entry whose JSON nests past it, is refused (./limits.ts).
 */
export function recordingsFromHar(har: unknown, file: string, redact: ReadRedaction, limits: RecordingLimits = RECORDING_LIMITS): RecordingFile[] {
  const parsed = HarSchema.safeParse(har);
  if (!parsed.success) throw usageError(`${basename(file)} is not a HAR file (it has no log.entries)`);
  const { entries } = parsed.data.log;
  if (entries.length > limits.harEntries) {
    throw usageError(
      `${basename(file)} has ${entries.length} entries: more than the ${limits.harEntries} a HAR file may hold, refused`,
      "save the HAR with the mall's calls only, or a shorter session",
    );
  }
  const json = (text: string | undefined, where: string) => (text === undefined || text === "" ? undefined : parseRecordedJson(text, where, limits));
  const recordings: RecordingFile[] = [];
  const keyRoles = new KeyRoles();
  entries.forEach((raw, index) => {
    const where = `${basename(file)} entry ${index + 1}`;
    const entry = HarEntrySchema.safeParse(raw);
    if (!entry.success) {
      const issue = entry.error.issues[0];
      throw usageError(`${where} is not a HAR entry: ${issue?.path.join(".")}: ${issue?.message}`);
    }
    const recording = recordingFromEntry(entry.data, where, keyRoles, redact, json);
    if (recording) recordings.push({ file, entry: index + 1, ...recording });
  });
  return withSessionMember(recordings);
}

/** The member a recorded sign-in signed in (`POST /member/login`, `GET /macaupasssave`), when it says. */
function signedInMember(recording: Recording): string | undefined {
  const { request, response } = recording;
  if (response.status !== 200) return undefined;
  const openId =
    request.method === "POST" && request.path === "/member/login"
      ? (request.body as { openId?: unknown } | undefined)?.openId
      : request.path === "/macaupasssave"
        ? (response.body as { data?: { open_id?: unknown } } | undefined)?.data?.open_id
        : undefined;
  // A redacted openId (`<redacted:openid>`) names nobody.
  return typeof openId === "string" && openId !== "" && !openId.startsWith("<") ? openId : undefined;
}

/**
 * A HAR's tokens are redacted, so a call cannot be tied to the sign-in that issued its token. When
 * the file signs in one member only (a browser's session, mostly), the calls that act as a member
 * and name none (in an mcoin comment's `needs`) act as that one; with several, none is guessed and
 * replay asks for --login.
 */
function withSessionMember(recordings: RecordingFile[]): RecordingFile[] {
  const members = new Set(recordings.map((file) => signedInMember(file.recording)).filter((member) => member !== undefined));
  if (members.size !== 1) return recordings;
  const [member] = members;
  return recordings.map((file) => {
    const { recording } = file;
    const actsAsMember = recording.request.auth || (recording.request.path === "/macaupasssave" && Object.values(recording.request.query).includes(FILLED_IN.code));
    if (!actsAsMember || recording.needs?.member) return file;
    return { ...file, recording: { ...recording, needs: { ...recording.needs, member } } };
  });
}

/**
 * A browser's HAR carries the keys themselves: each distinct key of the file becomes a role as the
 * recorder writes it (harness/record/roles.ts), so a retry keeps its original's key at replay.
 */
class KeyRoles {
  private readonly roles = new Map<string, string>();

  roleOf(key: string): string {
    if (KEY_ROLE.test(key)) return key;
    let role = this.roles.get(key);
    if (role === undefined) {
      role = keyRole(this.roles.size + 1);
      this.roles.set(key, role);
    }
    return role;
  }
}

/**
 * A JSON text of an entry (a body, a comment) parsed behind the depth limit: undefined when there is
 * none, an error when it is not JSON; `where` names the entry and the part for a refusal.
 */
type ReadJson = (text: string | undefined, where: string) => { value: unknown } | { error: string } | undefined;

/** The value of a JSON text, or undefined when there is none or it is not JSON. */
const valueOf = (parsed: ReturnType<ReadJson>): unknown => (parsed && "value" in parsed ? parsed.value : undefined);

/** One entry as a recording, or null when it is not a gateway call (not JSON, a preflight). */
function recordingFromEntry(entry: HarEntry, where: string, keyRoles: KeyRoles, redact: ReadRedaction, json: ReadJson): Omit<RecordingFile, "file" | "entry"> | null {
  let url: URL;
  try {
    url = new URL(entry.request.url);
  } catch {
    throw usageError(`${where} has no valid request URL (${entry.request.url})`);
  }
  const method = entry.request.method.toUpperCase();
  if (method === "OPTIONS" || entry.response.status === 0) return null;
  const mcoin = mcoinComment(valueOf(json(entry.comment, `${where}'s comment`)), where);
  const kind = mcoin?.kind ?? (url.pathname.startsWith(SECURE_PREFIX) ? "secure" : "api");
  const common = {
    name: `${method} ${url.pathname}`,
    kind,
    recordedAt: entry.startedDateTime,
    ...(mcoin?.ignore !== undefined ? { ignore: mcoin.ignore } : {}),
    ...(mcoin?.needs !== undefined ? { needs: mcoin.needs } : {}),
  };
  const draft = kind === "secure" ? secureDraft(entry, url, redact, json, where) : apiDraft(entry, url, mcoin !== undefined, keyRoles, redact, json, where);
  if (!draft) return null;
  const { reason, ...fields } = draft;
  return { recording: parseRecording({ ...common, ...fields }, where), ...(reason ? { reason } : {}) };
}

interface Draft {
  replayable: boolean;
  reason?: string;
  request: Record<string, unknown>;
  response: { status: number; body: unknown };
}

/**
 * A secure gateway call: replayable only when the HAR carries the decrypted bodies (mcoin writes
 * them in the comments; a browser only sees the sealed text).
 */
function secureDraft(entry: HarEntry, url: URL, redact: ReadRedaction, json: ReadJson, where: string): Draft {
  const requestBody = valueOf(json(entry.request.postData?.comment, `${where}'s request comment`));
  const replyBody = valueOf(json(entry.response.content.comment, `${where}'s response comment`));
  const opened = requestBody !== undefined && replyBody !== undefined;
  const token = header(entry.request.headers, "token");
  const cust = (requestBody as { cust_id_ciphertext?: unknown } | undefined)?.cust_id_ciphertext;
  // The task client's Token header is the member's ciphertext; anything else is a session token.
  const tokenPlaceholder = token === undefined ? undefined : FILLED_IN_TEXT.test(token) ? token : token === cust ? FILLED_IN.cust : FILLED_IN.token;
  return {
    replayable: opened,
    reason: opened ? undefined : "the HAR holds the secure call sealed (no decrypted bodies in its comments)",
    request: {
      method: "POST",
      path: url.pathname,
      query: {},
      headers: tokenPlaceholder ? { Token: tokenPlaceholder } : {},
      body: redact(requestBody, "request").value,
      auth: false,
    },
    response: { status: entry.response.status, body: redact(replyBody, "response").value },
  };
}

/** A plain mCoin API call; null when its reply is not JSON (unless mcoin wrote the entry). */
function apiDraft(entry: HarEntry, url: URL, fromMcoin: boolean, keyRoles: KeyRoles, redact: ReadRedaction, json: ReadJson, where: string): Draft | null {
  const reply = parseReply(entry.response.content, (text) => json(text, `${where}'s response content`));
  if (!reply.json && !fromMcoin) return null;
  // A browser's HAR is not redacted: the recorder's own rules apply as it is read.
  const query = redact(Object.fromEntries(url.searchParams), "query") as { value: Record<string, string>; redactions: readonly { placeholder: string }[] };
  const singleUse = query.redactions.some((redaction) => redaction.placeholder === FILLED_IN.code);
  const language = header(entry.request.headers, "accept-language");
  const authorization = header(entry.request.headers, "authorization");
  const key = header(entry.request.headers, IDEMPOTENCY_KEY_HEADER.toLowerCase());
  const text = entry.request.postData?.text;
  return {
    replayable: !singleUse,
    reason: singleUse ? "the login's single-use code cannot be sent again" : undefined,
    request: {
      method: entry.request.method.toUpperCase(),
      path: url.pathname,
      query: query.value,
      headers: { ...(language ? { "accept-language": language } : {}), ...(key ? { [IDEMPOTENCY_KEY_HEADER]: keyRoles.roleOf(key) } : {}) },
      body: text === undefined || text === "" ? undefined : redact(jsonOrText(text, json(text, `${where}'s request body`)), "request").value,
      auth: authorization !== undefined && authorization !== "",
    },
    response: { status: entry.response.status, body: redact(reply.value, "response").value },
  };
}

/** The entry comment's `mcoin` part; a browser's free-text comment is not one. */
function mcoinComment(value: unknown, where: string): McoinComment | undefined {
  if (!value || typeof value !== "object" || !("mcoin" in value)) return undefined;
  const parsed = McoinCommentSchema.safeParse(value);
  if (!parsed.success) throw usageError(`${where} has an mcoin comment that is not one: ${parsed.error.issues[0]?.path.join(".")}: ${parsed.error.issues[0]?.message}`);
  return parsed.data.mcoin;
}

/** A reply's content as JSON when it is JSON (declared so, or parsing as an object or array). */
function parseReply(content: HarEntry["response"]["content"], json: (text: string) => ReturnType<ReadJson>): { json: boolean; value: unknown } {
  const text = content.encoding === "base64" && content.text !== undefined ? Buffer.from(content.text, "base64").toString("utf8") : content.text;
  if (text === undefined || text.trim() === "") return { json: false, value: undefined };
  const parsed = json(text);
  if (!parsed || "error" in parsed) return { json: false, value: text };
  const declaredJson = /json/i.test(content.mimeType ?? "");
  return { json: declaredJson || (parsed.value !== null && typeof parsed.value === "object"), value: parsed.value };
}

function header(headers: readonly { name: string; value: string }[], name: string): string | undefined {
  return headers.find((item) => item.name.toLowerCase() === name)?.value;
}

function jsonOrText(text: string, parsed: ReturnType<ReadJson>): unknown {
  return parsed && "value" in parsed ? parsed.value : text;
}

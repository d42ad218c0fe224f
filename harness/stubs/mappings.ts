/**
 * Recordings as WireMock mappings (`mcoin stubs from-recording`), written as WireMock's recorder
 * writes a snapshot (docs/decisions/039-recordings-as-mappings.md):
 *
 * - a request as the method, `urlPath` and `queryParameters` (`equalTo`), and for a JSON body one
 *   `equalToJson` with `ignoreArrayOrder` and `ignoreExtraElements`; a part the recorder left as a
 *   placeholder (a secret, a login's code, an idempotency key), a volatile field (times, nonces), a
 *   field the contract declares personal but typed text (the recorder's stand-in, which no caller
 *   sends again) and an address of the mall (which runs on any port) decide nothing, so they are
 *   left out, as a served recording matches them (harness/serve/book.ts);
 * - repeated identical requests with different replies as a scenario, as `repeatsAsScenarios` does:
 *   `scenario-N-<path>`, states `Started`, `scenario-N-<path>-2`, ..., the last reply kept for good;
 * - a JSON reply as `jsonBody`, a text reply (an SVG) as `body`, and a kept picture that is not text
 *   as a file in `__files/` (`bodyFileName`); replies hold what the recording holds, placeholders
 *   and `<redacted:…>` parts included;
 * - a secure gateway call as the sandbox reads secure stubs: its opened request and reply.
 *
 * Nothing here touches the file system: ./write.ts does, with the names checked.
 */
import { createHash } from "node:crypto";
import { ANY_ELEMENT } from "#core/api/personal";
import { exchangeFields } from "#harness/redaction";
import {
  ABSOLUTE_URL,
  ANY_PLACEHOLDER,
  PICTURE_TYPES,
  SEALED_TEXT,
  VOLATILE_REQUEST_FIELDS,
  fieldKey,
  isControlPath,
  pictureTypeOf,
  sourceOf,
  type PictureExtension,
  type RecordingFile,
} from "#harness/recording";

/** A mapping as written: WireMock's JSON, plain fields only. */
export type Mapping = Record<string, unknown> & { id: string; name: string };

/** A kept picture: the address the replies hold, its file (the SHA-256 and the type) and its bytes. */
export interface KeptPicture {
  url: string;
  file: string;
  bytes: Uint8Array;
}

export interface WireMockRoot {
  /** `mappings/<file>`: each file one mapping. */
  mappings: { file: string; mapping: Mapping }[];
  /** `__files/<file>`: bodies that are not text. */
  files: { file: string; bytes: Uint8Array }[];
  /** Recordings no mapping is written for, each with why. */
  leftOut: string[];
}

/** What WireMock says in a secure mapping's metadata: it loads the mapping but never matches it. */
export const SECURE_NOTE =
  "A secure gateway call: matched on the opened (decrypted) request and answered with the opened reply, which the mCoin sandbox seals with the request's key. WireMock itself loads this mapping but cannot open a sealed request, so it never matches it.";

/** WireMock's scenarios start in this state. */
const STARTED = "Started";

const TEXT_TYPE = "text/plain; charset=utf-8";

/** A request as a mapping matches it, and its key: exchanges with the same key are one request. */
interface Matcher {
  key: string;
  /** The request without its token: the same call with and without one share it. */
  call: string;
  kind: "api" | "secure";
  auth: boolean;
  request: Record<string, unknown>;
}

/** The root of WireMock mappings for recordings (the sandbox's own control calls left out) and the pictures they kept. */
export function wireMockRoot(recordings: readonly RecordingFile[], pictures: readonly KeptPicture[] = []): WireMockRoot {
  const groups = new Map<string, { matcher: Matcher; replies: { file: RecordingFile; reply: string }[] }>();
  const leftOut: string[] = [];
  for (const file of recordings) {
    const { request, response } = file.recording;
    if (isControlPath(request.path)) {
      leftOut.push(`${sourceOf(file)}: a call to the sandbox's own controls, which answer it themselves`);
      continue;
    }
    if (request.body === SEALED_TEXT || response.body === SEALED_TEXT) {
      leftOut.push(`${sourceOf(file)}: a secure gateway call that stayed sealed, so nothing says what it asked or got`);
      continue;
    }
    const matcher = matcherOf(file);
    const group = groups.get(matcher.key) ?? { matcher, replies: [] };
    groups.set(matcher.key, group);
    const reply = JSON.stringify([file.recording.response.status, file.recording.response.body ?? null]);
    // A reply repeated as it was (a page read twice) is one state, not two.
    if (group.replies.at(-1)?.reply !== reply) group.replies.push({ file, reply });
  }
  const root: WireMockRoot = { mappings: [], files: [], leftOut };
  let scenarios = 0;
  for (const { matcher, replies } of groups.values()) {
    const name = nameOf(matcher.request);
    const scenario = replies.length > 1 ? `scenario-${++scenarios}-${name.replaceAll("_", "-")}` : undefined;
    // The same request recorded with a token and without one: the one with a token is tried first.
    const first = matcher.auth && groups.has(`${matcher.kind} ${matcher.call}`);
    replies.forEach(({ file }, index) => {
      const id = uuidOf(`${matcher.key}\u0000${index}`);
      const mapping: Mapping = {
        id,
        name,
        request: matcher.request,
        response: responseOf(file),
        ...(first ? { priority: 4 } : {}),
        ...(scenario ? scenarioStates(scenario, index, replies.length) : {}),
        metadata: { mcoin: { recording: sourceOf(file), ...(matcher.kind === "secure" ? { secure: SECURE_NOTE } : {}) } },
      };
      root.mappings.push({ file: `${name}-${id}.json`, mapping });
    });
  }
  root.mappings.push(...pictureMappings(pictures, root, new Set(recordings.map((file) => `${file.recording.request.method.toUpperCase()} ${file.recording.request.path}`))));
  return root;
}

/** The scenario fields of the `index`th of `count` replies: each moves the scenario on, the last stays. */
function scenarioStates(scenario: string, index: number, count: number): Record<string, string> {
  const state = (n: number) => (n === 0 ? STARTED : `${scenario}-${n + 1}`);
  return { scenarioName: scenario, requiredScenarioState: state(index), ...(index < count - 1 ? { newScenarioState: state(index + 1) } : {}) };
}

/** How a recorded request is matched, and the key that makes repeats of it one request. */
function matcherOf(file: RecordingFile): Matcher {
  const { kind, request: recorded } = file.recording;
  const method = recorded.method.toUpperCase();
  const request: Record<string, unknown> = { method, ...urlOf(recorded.path) };
  const standIns = standInFields(kind, method, recorded.path);
  const query = Object.fromEntries(
    Object.entries(recorded.query)
      .filter(([name, value]) => decides(name, value) && !standIns.query.has(name))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, value]) => [name, { equalTo: value }]),
  );
  if (Object.keys(query).length > 0) request.queryParameters = query;
  const body = bodyPatternOf(recorded.body, standIns.body);
  if (body) request.bodyPatterns = [body];
  const call = JSON.stringify(request);
  // The API's token is a bearer token whose value a static stub cannot know: that one is sent is what decides.
  // (A secure call's Token header is the task center's ciphertext, a placeholder in the recording.)
  const auth = recorded.auth && kind === "api";
  if (auth) request.headers = { Authorization: { matches: "Bearer .+" } };
  return { key: `${auth ? "auth " : ""}${kind} ${call}`, call, kind, auth, request };
}

/** A path as WireMock matches it: `urlPath`, or where the recorder left a placeholder in it, a pattern in which that part is any segment. */
function urlOf(path: string): Record<string, string> {
  const parts = path.split(/(<[^<>/]*>)/);
  if (!parts.some((part) => ANY_PLACEHOLDER.test(part))) return { urlPath: path };
  return { urlPathPattern: parts.map((part) => (ANY_PLACEHOLDER.test(part) ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))).join("") };
}

/** Whether a recorded field's value decides which reply is meant (see the module's header). */
function decides(name: string, value: unknown): boolean {
  if (VOLATILE_REQUEST_FIELDS.has(fieldKey(name))) return false;
  if (typeof value !== "string") return true;
  return !ANY_PLACEHOLDER.test(value) && value !== SEALED_TEXT && !isMallAddress(value);
}

/** An absolute address names a page of the mall, which runs wherever it was started. */
const isMallAddress = (value: string) => /^https?:\/\//i.test(value) && value.match(ABSOLUTE_URL)?.[0] === value;

/**
 * The request fields the contract declares personal (core/api/personal.ts), but typed text: the
 * recorder wrote stand-ins there (harness/redaction/pseudonyms.ts), as keys joined (array elements as `*`).
 */
function standInFields(kind: "api" | "secure", method: string, path: string): { query: ReadonlySet<string>; body: ReadonlySet<string> } {
  const fields = exchangeFields(kind, method, path);
  const keysOf = (paths: typeof fields.query) => new Set(paths.filter((field) => field.kind !== "free-text").map((field) => field.path.join("\u0000")));
  return { query: keysOf(fields.query), body: keysOf(fields.request) };
}

/** The recorded body without what decides nothing (`at`: its keys so far, array elements as `*`). */
function deciding(value: unknown, standIns: ReadonlySet<string>, at: readonly string[] = []): unknown {
  if (Array.isArray(value)) return value.filter((item) => typeof item !== "string" || decides("", item)).map((item) => deciding(item, standIns, [...at, ANY_ELEMENT]));
  if (value !== null && typeof value === "object") {
    const kept = Object.entries(value).filter(([name, item]) => decides(name, item) && !standIns.has([...at, name].join("\u0000")));
    return Object.fromEntries(kept.map(([name, item]) => [name, deciding(item, standIns, [...at, name])]));
  }
  return value;
}

function bodyPatternOf(body: unknown, standIns: ReadonlySet<string>): Record<string, unknown> | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string") return decides("", body) ? { equalTo: body } : undefined;
  const wanted = deciding(body, standIns);
  if (wanted !== null && typeof wanted === "object" && Object.keys(wanted).length === 0) return undefined;
  // As WireMock's snapshot writes it: the JSON as text, arrays in any order, more fields allowed.
  return { equalToJson: JSON.stringify(wanted), ignoreArrayOrder: true, ignoreExtraElements: true };
}

/** The recorded reply as WireMock answers it. */
function responseOf(file: RecordingFile): Record<string, unknown> {
  const { status, body } = file.recording.response;
  if (body === undefined || body === null) return { status };
  if (typeof body !== "string") return { status, headers: { "Content-Type": "application/json" }, jsonBody: body };
  const type = pictureTypeOf(Buffer.from(body, "utf8"));
  return { status, headers: { "Content-Type": type ? PICTURE_TYPES[type] : TEXT_TYPE }, body };
}

/**
 * A mapping for each kept picture, at its address's path (a stub server answers paths, whatever its
 * host), unless a recorded exchange already answers that path: an SVG inline, as WireMock's recorder
 * writes text, any other picture from `__files/`.
 */
function pictureMappings(pictures: readonly KeptPicture[], root: WireMockRoot, recorded: ReadonlySet<string>): { file: string; mapping: Mapping }[] {
  const written = new Map<string, { file: string; mapping: Mapping }>();
  const filed = new Set<string>();
  for (const picture of pictures) {
    let path: string;
    try {
      path = new URL(picture.url).pathname;
    } catch {
      continue;
    }
    if (recorded.has(`GET ${path}`) || written.has(path)) continue;
    const extension = picture.file.slice(picture.file.lastIndexOf(".") + 1) as PictureExtension;
    const headers = { "Content-Type": PICTURE_TYPES[extension] };
    const id = uuidOf(`picture ${path}`);
    const name = nameOf({ urlPath: path });
    let response: Record<string, unknown>;
    if (extension === "svg") response = { status: 200, headers, body: Buffer.from(picture.bytes).toString("utf8") };
    else {
      if (!filed.has(picture.file)) root.files.push({ file: picture.file, bytes: picture.bytes });
      filed.add(picture.file);
      response = { status: 200, headers, bodyFileName: picture.file };
    }
    written.set(path, { file: `${name}-${id}.json`, mapping: { id, name, request: { method: "GET", urlPath: path }, response, metadata: { mcoin: { picture: picture.url } } } });
  }
  return [...written.values()];
}

/**
 * A mapping's name as WireMock's recorder makes it from the path (`/api/auth/clause` → `api_auth_clause`),
 * kept to characters safe in a file's name.
 */
export function nameOf(request: Record<string, unknown>): string {
  const path = String(request.urlPath ?? request.urlPathPattern ?? "");
  const name = path
    .split("/")
    .filter((part) => part !== "")
    .map((part) => part.replace(/[^A-Za-z0-9.-]+/g, "-").replace(/\.{2,}/g, "-"))
    .join("_")
    .replace(/^[._-]+/, "")
    .slice(0, 80);
  return name === "" ? "root" : name;
}

/** A UUID (WireMock's ids are) that is the same for the same recording, so a folder written twice is the same. */
function uuidOf(seed: string): string {
  const hex = createHash("sha256").update(seed).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((Number.parseInt(hex[16], 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * What answers a call before the sandbox's own rules: a stub (sandbox/stubs/book.ts, WireMock's
 * format) or a served recording (harness/serve/book.ts). The front door asks here for plain calls; the
 * secure gateway matches its own on the opened request and seals the answer.
 */
import type { Clock } from "./domain/clock";
import type { Logins } from "./domain/logins";
import type { Members } from "./domain/members";
import type { StubAnswer, StubBook } from "./stubs/book";
import { dribbled, type ReplyRequest, type StubReply } from "./stubs/answer";
import type { Timer } from "./instruments/timer";
import { parseBoundedJson } from "#core/http/bounded-json";
import { nearMissResponse, type NearMiss } from "./near-miss";
import { macauDayNumber, templated, withLiveValues, type RecordedBook, type RecordedExchange } from "#harness/serve";
import { bearerToken } from "./respond";

/**
 * How the secure gateway tells the front door that a stub answered: `<id>`, `<id> <fault>`, or
 * `<id> streamed` when its body comes over time.
 */
export const STUB_HEADER = "x-sandbox-stub";
export const STREAMED = "streamed";

const SECURE_PATH = /^\/bservice\//;

/**
 * The sandbox's own sign-in page, controls and pictures, which recordings never stand in for. The
 * wallet's side of a payment (/__wallet/pay) is part of what is recorded: a served purchase is paid
 * as it was, since the sandbox's own books never saw its order.
 */
const OWN_PATHS = /^\/(oauth|__sandbox|static)\//;

/** The stub that answers a plain call, if any, and the request as its reply reads it; the body is read only when stubs are loaded. */
export async function stubAnswer(stubs: StubBook, request: Request, url: URL): Promise<{ answer: StubAnswer; request: ReplyRequest } | undefined> {
  if (stubs.size === 0) return undefined;
  const bytes = request.method === "GET" || request.method === "HEAD" ? new Uint8Array() : new Uint8Array(await request.clone().arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  const parsed = text === "" ? undefined : parseBoundedJson(text);
  const answer = stubs.match({ method: request.method, url: url.pathname + url.search, headers: request.headers, body: parsed?.ok ? parsed.value : text, text });
  return answer && { answer, request: { method: request.method, url, headers: request.headers, body: bytes } };
}

/**
 * Whether a stub would answer a call the sandbox keeps out of its log (its own pictures under
 * /static/), moving no stub's count or scenario; the body is read only when stubs are loaded.
 */
export async function stubWouldAnswer(stubs: StubBook, request: Request, url: URL): Promise<boolean> {
  if (stubs.size === 0) return false;
  const text = request.method === "GET" || request.method === "HEAD" ? "" : await request.clone().text();
  const parsed = text === "" ? undefined : parseBoundedJson(text);
  return stubs.answers({ method: request.method, url: url.pathname + url.search, headers: request.headers, body: parsed?.ok ? parsed.value : text, text });
}

/** Statuses whose reply has no body at all (a Response refuses even an empty one). */
const NO_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * A stub's reply as a Response: its status and reason phrase, its headers (none added: WireMock
 * sends a content type only when the stub names one, `jsonBody` included), a dribbled body in pieces
 * on the timer.
 */
export function stubResponse(reply: Extract<StubReply, { kind: "reply" }>, timer: Timer): Response {
  const headers = new Headers(reply.headers);
  const body = NO_BODY.has(reply.status) || !reply.body ? null : reply.dribble ? dribbled(reply.body, reply.dribble, timer) : reply.body;
  return new Response(body, { status: reply.status, ...(reply.statusMessage ? { statusText: reply.statusMessage } : {}), headers });
}

/** What a recorded reply needs as it goes out: a live token of its member, the clock it moves with. */
export interface ReplyParts {
  members: Members;
  logins: Logins;
  clock: Clock;
}

/** The sign-ins: their request names the member it signs in (the wallet's login code, the sandbox's openId). */
const WALLET_SIGN_IN = "/macaupasssave";
const SANDBOX_SIGN_IN = "/member/login";

/**
 * Whom a plain call acts as: its bearer token's member, or the member a sign-in names (the login
 * code's, which is not spent here, or the openId asked for).
 */
function requestMember({ logins }: ReplyParts, request: Request, url: URL, body: unknown): string | undefined {
  const token = bearerToken(request);
  if (token) return logins.memberByToken(token)?.openId;
  if (url.pathname === WALLET_SIGN_IN) return logins.authCodeOwner(url.searchParams.get("code"));
  const openId = body !== null && typeof body === "object" ? (body as { openId?: unknown }).openId : undefined;
  if (url.pathname === SANDBOX_SIGN_IN && typeof openId === "string") return openId;
  return undefined;
}

/**
 * A recorded exchange's reply to a plain call (harness/serve/book.ts), or with --strict a 404 naming the
 * closest recorded exchanges; undefined when the sandbox answers. A sign-in no recording of its member
 * answers is the sandbox's, strict or not: every persona can sign in, whether or not their sign-in
 * was recorded.
 */
export async function recordedAnswer(book: RecordedBook | undefined, parts: ReplyParts, request: Request, url: URL): Promise<{ response: Response; nearMiss?: NearMiss } | undefined> {
  if (!book || SECURE_PATH.test(url.pathname) || OWN_PATHS.test(url.pathname)) return undefined;
  const text = request.method === "GET" || request.method === "HEAD" ? "" : await request.clone().text();
  const parsed = text === "" ? undefined : parseBoundedJson(text);
  const body = parsed?.ok ? parsed.value : text || undefined;
  const member = requestMember(parts, request, url, body);
  const found = book.match({ kind: "api", method: request.method, path: url.pathname, query: Object.fromEntries(url.searchParams), body, auth: Boolean(bearerToken(request)), member });
  if ("exchange" in found) {
    const reply = recordedReply(parts, found.exchange, { member, origin: url.origin });
    // A reply that needs a live value it cannot have: the sandbox answers instead.
    if (!reply) return undefined;
    // The login code was good for this one sign-in.
    if (url.pathname === WALLET_SIGN_IN) parts.logins.redeemAuthCode(url.searchParams.get("code") ?? "");
    return { response: reply.body === undefined ? new Response(null, { status: found.exchange.status }) : Response.json(reply.body, { status: found.exchange.status }) };
  }
  if (!book.strict || url.pathname === WALLET_SIGN_IN || url.pathname === SANDBOX_SIGN_IN) return undefined;
  return { response: nearMissResponse(404, found.nearMiss), nearMiss: found.nearMiss };
}

/**
 * A recorded reply as it goes out: `<token>` a live token of its member (else of the member the
 * request acts as), `<cust>` the call's ciphertext, what was hidden for good masked
 * (harness/serve/live-values.ts), its times moved with the clock, and the pictures its recording
 * kept at the sandbox's `origin`, the one the request came to; undefined when a credential in it can
 * have no live value.
 */
export function recordedReply({ members, logins, clock }: ReplyParts, exchange: RecordedExchange, request: { member?: string; cust?: string; origin: string }): { body: unknown } | undefined {
  let token: string | undefined;
  const owner = exchange.member ?? request.member;
  const fill = () => (token ??= owner && members.get(owner) ? logins.issueToken(owner) : undefined);
  const now = clock.now();
  const { recordedAt } = exchange;
  const moved = templated(exchange.reply, {
    token: fill,
    shiftMs: recordedAt === undefined ? 0 : now - recordedAt,
    shiftDays: recordedAt === undefined ? 0 : macauDayNumber(now) - macauDayNumber(recordedAt),
  });
  const live = withLiveValues(exchange.pictures ? exchange.pictures.rewrite(moved, request.origin) : moved, { cust: request.cust });
  return "value" in live ? { body: live.value } : undefined;
}

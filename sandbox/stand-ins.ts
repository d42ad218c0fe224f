/**
 * What answers a call before the sandbox's own rules: a stub (sandbox/instruments/stubs.ts, WireMock's
 * format) or a served recording (harness/serve/book.ts). The front door asks here for plain calls; the
 * secure gateway matches its own on the opened request and seals the answer.
 */
import type { Clock } from "./domain/clock";
import type { Logins } from "./domain/logins";
import type { Members } from "./domain/members";
import type { StubAnswer, StubBook } from "./instruments/stubs";
import { parseBoundedJson } from "#core/http/bounded-json";
import { nearMissResponse, type NearMiss } from "./near-miss";
import { macauDayNumber, templated, type RecordedBook, type RecordedExchange } from "#harness/serve";
import { bearerToken } from "./respond";

/** How the secure gateway tells the front door that a stub answered: `<id>` or `<id> <fault>`. */
export const STUB_HEADER = "x-sandbox-stub";

const SECURE_PATH = /^\/bservice\//;

/**
 * The sandbox's own sign-in page, controls and pictures, which recordings never stand in for. The
 * wallet's side of a payment (/__wallet/pay) is part of what is recorded: a served purchase is paid
 * as it was, since the sandbox's own books never saw its order.
 */
const OWN_PATHS = /^\/(oauth|__sandbox|static)\//;

/** The stub that answers a plain call, if any; the body is read only when stubs are loaded. */
export async function stubAnswer(stubs: StubBook, request: Request, url: URL): Promise<StubAnswer | undefined> {
  if (stubs.size === 0) return undefined;
  const text = request.method === "GET" || request.method === "HEAD" ? "" : await request.clone().text();
  const parsed = text === "" ? undefined : parseBoundedJson(text);
  return stubs.match({ method: request.method, url: url.pathname + url.search, headers: request.headers, body: parsed?.ok ? parsed.value : text });
}

/** A stub's reply on the wire: its status and headers, `jsonBody` written as JSON. */
export function stubResponse(stub: StubAnswer): Response {
  const headers = new Headers(stub.headers);
  if (stub.body && "json" in stub.body) {
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
    return new Response(JSON.stringify(stub.body.json), { status: stub.status, headers });
  }
  return new Response(stub.body?.text ?? null, { status: stub.status, headers });
}

/** What a recorded reply needs as it goes out: a live token of its member, the clock it moves with. */
export interface ReplyParts {
  members: Members;
  logins: Logins;
  clock: Clock;
}

/**
 * A recorded exchange's reply to a plain call (harness/serve/book.ts), or with --strict a 404 naming the
 * closest recorded exchanges; undefined when the sandbox answers.
 */
export async function recordedAnswer(book: RecordedBook | undefined, parts: ReplyParts, request: Request, url: URL): Promise<{ response: Response; nearMiss?: NearMiss } | undefined> {
  if (!book || SECURE_PATH.test(url.pathname) || OWN_PATHS.test(url.pathname)) return undefined;
  const text = request.method === "GET" || request.method === "HEAD" ? "" : await request.clone().text();
  const parsed = text === "" ? undefined : parseBoundedJson(text);
  const found = book.match({
    kind: "api",
    method: request.method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    body: parsed?.ok ? parsed.value : text || undefined,
    auth: Boolean(bearerToken(request)),
  });
  if (!found) return undefined;
  if ("exchange" in found) {
    const reply = recordedReply(parts, found.exchange, url.origin);
    return { response: reply === undefined ? new Response(null, { status: found.exchange.status }) : Response.json(reply, { status: found.exchange.status }) };
  }
  if (!book.strict) return undefined;
  return { response: nearMissResponse(404, found.nearMiss), nearMiss: found.nearMiss };
}

/**
 * A recorded reply as it goes out: a live token of its member, its times moved with the clock, and
 * the pictures its recording kept at the sandbox's `origin`, the one the request came to.
 */
export function recordedReply({ members, logins, clock }: ReplyParts, exchange: RecordedExchange, origin: string): unknown {
  let token: string | undefined;
  const fill = () => (token ??= exchange.member && members.get(exchange.member) ? logins.issueToken(exchange.member) : undefined);
  const now = clock.now();
  const { recordedAt } = exchange;
  const reply = templated(exchange.reply, {
    token: fill,
    shiftMs: recordedAt === undefined ? 0 : now - recordedAt,
    shiftDays: recordedAt === undefined ? 0 : macauDayNumber(now) - macauDayNumber(recordedAt),
  });
  return exchange.pictures ? exchange.pictures.rewrite(reply, origin) : reply;
}

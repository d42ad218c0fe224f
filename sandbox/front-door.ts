/**
 * What every gateway call meets before and after its endpoint: the added latency, the call log,
 * injected faults (core/controls/faults.ts, fault-effects.ts) and near-miss marking
 * (sandbox/near-miss.ts).
 *
 * Faults act at the point a real failure would:
 * - reply faults, reset, empty and random bytes stand in for the endpoint: it never sees the call;
 * - a truncated reply is cut after the endpoint acted (the classic lost reply: the order exists, the
 *   client never heard);
 * - a delay holds the call before the endpoint; clock skew moves the secure gateway's clock for the
 *   call; a wrong signature or key spoils the secure gateway's reply on its way out.
 *
 * A stub or a served recording (stand-ins.ts) answers before the endpoint, after any injected fault:
 * the secure gateway matches its own, on the opened request, and seals the answer. Every wait (the
 * latency, a delay, a stub's) goes through the instruments' timer (sandbox/instruments/timer.ts).
 *
 * `dispatch` returns the reply and, for connection faults, what to do to the connection: the HTTP
 * server (server.ts) acts on the socket; in-process callers get `render`'s fetch-shaped equivalent.
 */
import { HttpResponse } from "msw";
import { FRONT_DOOR_FAMILIES, familyOf, sampleLatency } from "#core/controls/faults";
import type { SandboxGatewayKeys } from "#core/node/gateway/sandbox-keys";
import type { Clock } from "./domain/clock";
import type { Logins } from "./domain/logins";
import type { Members } from "./domain/members";
import { faultNamed, reencrypted, replyFault, resigned, type ConnectionFault, type Dispatched } from "./fault-effects";
import type { ExchangeRing } from "#harness/inspector";
import { faultCarriedBy, type CallLog, type LoggedCall } from "./instruments/call-log";
import type { FaultQueue } from "./instruments/fault-queue";
import type { Latency } from "./instruments/latency";
import type { StubBook } from "./stubs/book";
import type { Timer } from "./instruments/timer";
import { JSON_TOO_DEEP, JSON_TOO_DEEP_MESSAGE } from "#core/http/bounded-json";
import { wellFormedRequestId } from "#core/http/request-id";
import { loggedBody } from "./logged-body";
import { NEAR_MISS_HEADER, type NearMiss } from "./near-miss";
import type { RecordedBook } from "#harness/serve";
import { bearerToken } from "./respond";
import { STREAMED, STUB_HEADER, recordedAnswer, stubAnswer, stubResponse, stubWouldAnswer } from "./stand-ins";
import { replyOf, type ReplyContext } from "./stubs/answer";
import { headersRecord } from "./headers-record";

export type { ConnectionFault, Dispatched } from "./fault-effects";

/** The secure gateway reads its clock skew for one call here; a caller's own copy is dropped. */
export const CLOCK_SKEW_HEADER = "x-sandbox-clock-skew";

// WireMock's admin API (sandbox/stubs/admin.ts) is a control too: never logged, never stubbed.
const CONTROLS = /^\/(__sandbox|__admin)\//;
// The sandbox's own pictures stay out of the log, but a stub may answer under /static/ (WireMock's
// documented examples serve files there), and then the call is logged as any stubbed call.
const PICTURES = /^\/static\//;
const UNLOGGED = /^\/(__sandbox|__admin|static)\//;
const SECURE_PATH = /^\/bservice\//;

/** What the front door uses: the instruments it runs, who a token belongs to, and the gateway's keys. */
export interface FrontDoorParts {
  clock: Clock;
  faults: FaultQueue;
  calls: CallLog;
  stubs: StubBook;
  stubReplies: ReplyContext;
  recorded: RecordedBook | undefined;
  inspected: ExchangeRing;
  latency: Latency;
  timer: Timer;
  members: Members;
  logins: Logins;
  keys: SandboxGatewayKeys;
}

/**
 * The front door; every gateway call it logs is marked answered, with its status (0 when the
 * connection was cut instead) and the time the client waited, and heard by GET /__sandbox/log/stream.
 */
export function frontDoor(parts: FrontDoorParts, answer: (request: Request) => Promise<Response>) {
  const inner = logged(parts, answer);
  return async function dispatch(incoming: Request): Promise<Dispatched> {
    const started = performance.now();
    const at = Date.now();
    const clockNow = parts.clock.now();
    // The inspector's copy of the request, taken before anything behind the door reads it.
    const copy = UNLOGGED.test(new URL(incoming.url).pathname) ? undefined : incoming.clone();
    let call: LoggedCall | undefined;
    let dispatched = await inner(incoming, (entry) => (call = entry));
    if (call) {
      const status = dispatched.connection && dispatched.connection !== "truncated" ? 0 : dispatched.response.status;
      let replyText: string | Promise<string> = "";
      const streamedBody = dispatched.streamed ? dispatched.response.body : null;
      if (copy && status !== 0 && streamedBody) {
        // A body that comes over time goes on as it comes; the inspector reads its own copy of it.
        const { response } = dispatched;
        const [out, kept] = streamedBody.tee();
        replyText = new Response(kept).text().catch(() => "");
        dispatched = { ...dispatched, response: new Response(out, { status: response.status, statusText: response.statusText, headers: response.headers }) };
      } else if (copy && status !== 0) {
        // Read once here, as the server would read it to send it, and handed on as bytes.
        const { response } = dispatched;
        const bytes = await response.arrayBuffer();
        replyText = Buffer.from(bytes).toString("utf8");
        // No body at all (204, 304) stays none: a Response with those statuses refuses even an empty one.
        const body = bytes.byteLength === 0 ? null : bytes;
        dispatched = { ...dispatched, response: new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers }) };
      }
      const ms = Math.round(performance.now() - started);
      parts.calls.answered(call, status, ms);
      if (copy) void inspect(parts.inspected, { call, copy, at, clockNow, status, ms, replyText, replyHeaders: status === 0 ? {} : headersRecord(dispatched.response.headers) });
    }
    return dispatched;
  };
}

/**
 * Hands the whole exchange to the inspector (harness/inspector/ring.ts), after the reply has gone:
 * reading the copies and opening the envelope never delays the caller.
 */
async function inspect(
  ring: ExchangeRing,
  input: { call: LoggedCall; copy: Request; at: number; clockNow: number; status: number; ms: number; replyText: string | Promise<string>; replyHeaders: Record<string, string> },
): Promise<void> {
  const { call, copy } = input;
  try {
    const requestBody = copy.method === "GET" || copy.method === "HEAD" ? "" : await copy.text();
    ring.add({
      at: input.at,
      clockNow: input.clockNow,
      origin: new URL(copy.url).origin,
      method: call.method,
      path: call.path,
      query: call.query,
      requestHeaders: headersRecord(copy.headers),
      requestBody,
      status: input.status,
      ms: input.ms,
      replyHeaders: input.replyHeaders,
      replyBody: await input.replyText,
      ...(call.openId ? { member: call.openId } : {}),
      markers: { ...(call.fault ? { fault: call.fault } : {}), ...(call.stub ? { stub: call.stub } : {}), ...(call.recorded ? { recorded: true } : {}) },
      ...(call.nearMiss ? { nearMiss: call.nearMiss } : {}),
    });
  } catch {
    // A body that broke off (a truncated reply read in-process) is not worth failing a call over.
  }
}

function logged(parts: FrontDoorParts, answer: (request: Request) => Promise<Response>) {
  const { faults, calls, stubs, timer } = parts;
  return async function dispatch(incoming: Request, seen: (entry: LoggedCall) => void): Promise<Dispatched> {
    const url = new URL(incoming.url);
    if (CONTROLS.test(url.pathname)) return { response: await answer(incoming) };
    if (PICTURES.test(url.pathname) && !(await stubWouldAnswer(stubs, incoming, url))) return { response: await answer(incoming) };
    let request = incoming;
    if (request.headers.has(CLOCK_SKEW_HEADER)) request = withHeaders(request, (headers) => headers.delete(CLOCK_SKEW_HEADER));
    if (parts.latency.ms > 0) await timer.sleep(parts.latency.ms);

    const fault = faults.take(url.pathname, FRONT_DOOR_FAMILIES);
    const { body, sealed, tooDeep } = await loggedBody(parts.keys.privateKey, request, url.pathname);
    const entry = calls.add({
      method: request.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
      ...(sealed ? { sealed } : {}),
      openId: parts.logins.memberByToken(bearerToken(request))?.openId,
      ...requestIdOf(request),
      // A settlement notice the wallet's stand-in sent because of a business fault carries it.
      fault: fault?.kind ?? faultCarriedBy(incoming),
    });
    seen(entry);

    // Nothing behind the door walks a body nested past the bound (core/http/bounded-json.ts).
    if (tooDeep) return { response: HttpResponse.json({ code: 400, msg: JSON_TOO_DEEP_MESSAGE, data: { reason: JSON_TOO_DEEP } }, { status: 400 }) };

    if (fault) {
      const family = familyOf(fault.kind);
      if (family === "reply") return { response: faultNamed(replyFault(fault), fault) };
      if (family === "connection" && fault.kind !== "truncated") return { response: Response.error(), connection: fault.kind === "network" ? "empty" : (fault.kind as ConnectionFault) };
      if (family === "latency") await timer.sleep(sampleLatency(fault));
      if (fault.kind === "clock-skew") request = withHeaders(request, (headers) => headers.set(CLOCK_SKEW_HEADER, String(fault.skewMs ?? 0)));
    }

    const stubbed = SECURE_PATH.test(url.pathname) ? undefined : await stubAnswer(stubs, request, url);
    if (stubbed) {
      calls.markStub(entry.seq, stubbed.answer.id);
      const reply = await replyOf(stubbed.answer, stubbed.request, parts.stubReplies);
      if (reply.kind === "fault") return { response: Response.error(), connection: reply.fault };
      return { response: stubResponse(reply, timer), ...(reply.dribble ? { streamed: true } : {}) };
    }

    const recorded = await recordedAnswer(parts.recorded, parts, request, url);
    if (recorded) {
      if (recorded.nearMiss) calls.markNearMiss(entry.seq, recorded.nearMiss);
      else calls.markRecorded(entry.seq);
      return { response: recorded.response };
    }

    let response = await answer(request);
    const stubFault = response.headers.get(STUB_HEADER);
    if (stubFault !== null) {
      // The secure gateway answered with a stub (it matched on the opened request): named in the log,
      // and its fault acts on the connection here.
      const [id, fault] = stubFault.split(" ");
      calls.markStub(entry.seq, id);
      const headers = new Headers(response.headers);
      headers.delete(STUB_HEADER);
      response = new Response(response.body, { status: response.status, statusText: response.statusText, headers });
      if (fault === STREAMED) return { response, streamed: true };
      if (fault === "truncated") return { response, connection: "truncated" };
      if (fault) return { response: Response.error(), connection: fault as ConnectionFault };
    }
    if (response.headers.has(NEAR_MISS_HEADER)) {
      const nearMiss = await response
        .clone()
        .json()
        .then((reply: { nearMiss?: NearMiss }) => reply.nearMiss)
        .catch(() => undefined);
      if (nearMiss) calls.markNearMiss(entry.seq, nearMiss);
    }
    if (fault?.kind === "truncated") return { response, connection: "truncated" };
    if (fault?.kind === "bad-signature") response = await resigned(response);
    if (fault?.kind === "wrong-key") response = await reencrypted(parts.keys, request, response);
    return { response: fault ? faultNamed(response, fault) : response };
  };
}

/** The mall request a call was made for, when its X-Request-Id is well-formed: anything else is dropped, never logged. */
function requestIdOf(request: Request): { requestId?: string } {
  const requestId = wellFormedRequestId(request.headers.get("x-request-id"));
  return requestId === undefined ? {} : { requestId };
}

function withHeaders(request: Request, change: (headers: Headers) => void): Request {
  const headers = new Headers(request.headers);
  change(headers);
  return new Request(request, { headers });
}

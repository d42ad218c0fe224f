/**
 * What every gateway call meets before and after its endpoint: the added latency, the call log,
 * injected faults (core/controls/faults.ts) and near-miss marking (sandbox/near-miss.ts).
 *
 * Faults act at the point a real failure would:
 * - reply faults, reset, empty and random bytes stand in for the endpoint: it never sees the call;
 * - a truncated reply is cut after the endpoint acted (the classic lost reply: the order exists, the
 *   client never heard);
 * - a delay holds the call before the endpoint; clock skew moves the secure gateway's clock for the
 *   call; a wrong signature or key spoils the secure gateway's reply on its way out.
 *
 * A stub (sandbox/instruments/stubs.ts) answers before the endpoint, after any injected fault: the
 * secure gateway matches its own, on the opened request, and seals the stub's reply.
 *
 * `dispatch` returns the reply and, for connection faults, what to do to the connection: the HTTP
 * server (server.ts) acts on the socket; in-process callers get `render`'s fetch-shaped equivalent.
 */
import { randomBytes } from "node:crypto";
import { delay, HttpResponse } from "msw";
import { HEADER, headerValue, signatureOf } from "#core/node/gateway/envelope";
import { aesDecrypt, aesEncrypt } from "#core/node/gateway/primitives";
import { recoverKeyAndIv } from "#core/node/gateway/private-key";
import { FRONT_DOOR_FAMILIES, familyOf, sampleLatency, type Fault } from "#core/controls/faults";
import { JSON_TOO_DEEP, JSON_TOO_DEEP_MESSAGE, nestsDeeperThan, parseBoundedJson } from "#core/http/bounded-json";
import { NEAR_MISS_HEADER, nearMissResponse, type NearMiss } from "./near-miss";
import { macauDayNumber, templated, type RecordedExchange } from "#harness/serve";
import { bearerToken } from "./respond";
import type { LoggedCall } from "./instruments/call-log";
import type { StubAnswer } from "./instruments/stubs";
import type { SandboxState } from "./state";

export type ConnectionFault = "reset" | "empty" | "truncated" | "random-bytes";

export interface Dispatched {
  response: Response;
  /** What the connection does instead of (or in the middle of) carrying the reply. */
  connection?: ConnectionFault;
}

/** The secure gateway reads its clock skew for one call here; a caller's own copy is dropped. */
export const CLOCK_SKEW_HEADER = "x-sandbox-clock-skew";

const UNLOGGED = /^\/(__sandbox|static)\//;
const SECURE_PATH = /^\/bservice\//;

/**
 * The front door; every gateway call it logs is marked answered, with its status (0 when the
 * connection was cut instead) and the time the client waited, and heard by GET /__sandbox/log/stream.
 */
export function frontDoor(state: SandboxState, settings: { latencyMs: number }, answer: (request: Request) => Promise<Response>) {
  const inner = logged(state, settings, answer);
  return async function dispatch(incoming: Request): Promise<Dispatched> {
    const started = performance.now();
    const at = Date.now();
    const clockNow = state.now();
    // The inspector's copy of the request, taken before anything behind the door reads it.
    const copy = UNLOGGED.test(new URL(incoming.url).pathname) ? undefined : incoming.clone();
    let call: LoggedCall | undefined;
    let dispatched = await inner(incoming, (entry) => (call = entry));
    if (call) {
      const status = dispatched.connection && dispatched.connection !== "truncated" ? 0 : dispatched.response.status;
      let replyText = "";
      if (copy && status !== 0) {
        // Read once here, as the server would read it to send it, and handed on as bytes.
        const { response } = dispatched;
        const bytes = await response.arrayBuffer();
        replyText = Buffer.from(bytes).toString("utf8");
        // No body at all (204, 304) stays none: a Response with those statuses refuses even an empty one.
        const body = bytes.byteLength === 0 ? null : bytes;
        dispatched = { ...dispatched, response: new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers }) };
      }
      const ms = Math.round(performance.now() - started);
      state.answeredCall(call, status, ms);
      if (copy) void inspect(state, { call, copy, at, clockNow, status, ms, replyText, replyHeaders: status === 0 ? {} : Object.fromEntries(dispatched.response.headers) });
    }
    return dispatched;
  };
}

/**
 * Hands the whole exchange to the inspector (harness/inspector/ring.ts), after the reply has gone:
 * reading the copies and opening the envelope never delays the caller.
 */
async function inspect(
  state: SandboxState,
  input: { call: LoggedCall; copy: Request; at: number; clockNow: number; status: number; ms: number; replyText: string; replyHeaders: Record<string, string> },
): Promise<void> {
  const { call, copy } = input;
  try {
    const requestBody = copy.method === "GET" || copy.method === "HEAD" ? "" : await copy.text();
    state.inspected.add({
      at: input.at,
      clockNow: input.clockNow,
      origin: new URL(copy.url).origin,
      method: call.method,
      path: call.path,
      query: call.query,
      requestHeaders: Object.fromEntries(copy.headers),
      requestBody,
      status: input.status,
      ms: input.ms,
      replyHeaders: input.replyHeaders,
      replyBody: input.replyText,
      ...(call.openId ? { member: call.openId } : {}),
      markers: { ...(call.fault ? { fault: call.fault } : {}), ...(call.stub ? { stub: call.stub } : {}), ...(call.recorded ? { recorded: true } : {}) },
      ...(call.nearMiss ? { nearMiss: call.nearMiss } : {}),
    });
  } catch {
    // A body that broke off (a truncated reply read in-process) is not worth failing a call over.
  }
}

function logged(state: SandboxState, settings: { latencyMs: number }, answer: (request: Request) => Promise<Response>) {
  return async function dispatch(incoming: Request, seen: (entry: LoggedCall) => void): Promise<Dispatched> {
    const url = new URL(incoming.url);
    if (UNLOGGED.test(url.pathname)) return { response: await answer(incoming) };
    let request = incoming;
    if (request.headers.has(CLOCK_SKEW_HEADER)) request = withHeaders(request, (headers) => headers.delete(CLOCK_SKEW_HEADER));
    if (settings.latencyMs > 0) await delay(settings.latencyMs);

    const fault = state.takeFault(url.pathname, FRONT_DOOR_FAMILIES);
    const { body, sealed, tooDeep } = await loggedBody(state, request, url.pathname);
    const entry = state.logCall({
      method: request.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
      ...(sealed ? { sealed } : {}),
      openId: state.memberByToken(bearerToken(request))?.openId,
      fault: fault?.kind,
    });
    seen(entry);

    // Nothing behind the door walks a body nested past the bound (core/http/bounded-json.ts).
    if (tooDeep) return { response: HttpResponse.json({ code: 400, msg: JSON_TOO_DEEP_MESSAGE, data: { reason: JSON_TOO_DEEP } }, { status: 400 }) };

    if (fault) {
      const family = familyOf(fault.kind);
      if (family === "reply") return { response: faultNamed(replyFault(fault), fault) };
      if (family === "connection" && fault.kind !== "truncated") return { response: Response.error(), connection: fault.kind === "network" ? "empty" : (fault.kind as ConnectionFault) };
      if (family === "latency") await delay(sampleLatency(fault));
      if (fault.kind === "clock-skew") request = withHeaders(request, (headers) => headers.set(CLOCK_SKEW_HEADER, String(fault.skewMs ?? 0)));
    }

    const stubbed = SECURE_PATH.test(url.pathname) ? undefined : await stubAnswer(state, request, url);
    if (stubbed) {
      state.markStub(entry.seq, stubbed.id);
      if (stubbed.delayMs > 0) await delay(stubbed.delayMs);
      if (stubbed.fault && stubbed.fault !== "truncated") return { response: Response.error(), connection: stubbed.fault };
      return { response: stubResponse(stubbed), ...(stubbed.fault === "truncated" ? { connection: "truncated" as const } : {}) };
    }

    const recorded = await recordedAnswer(state, request, url);
    if (recorded) {
      if (recorded.nearMiss) state.markNearMiss(entry.seq, recorded.nearMiss);
      else state.markRecorded(entry.seq);
      return { response: recorded.response };
    }

    let response = await answer(request);
    const stubFault = response.headers.get(STUB_HEADER);
    if (stubFault !== null) {
      // The secure gateway answered with a stub (it matched on the opened request): named in the log,
      // and its fault acts on the connection here.
      const [id, fault] = stubFault.split(" ");
      state.markStub(entry.seq, id);
      const headers = new Headers(response.headers);
      headers.delete(STUB_HEADER);
      response = new Response(response.body, { status: response.status, headers });
      if (fault === "truncated") return { response, connection: "truncated" };
      if (fault) return { response: Response.error(), connection: fault as ConnectionFault };
    }
    if (response.headers.has(NEAR_MISS_HEADER)) {
      const nearMiss = await response
        .clone()
        .json()
        .then((reply: { nearMiss?: NearMiss }) => reply.nearMiss)
        .catch(() => undefined);
      if (nearMiss) state.markNearMiss(entry.seq, nearMiss);
    }
    if (fault?.kind === "truncated") return { response, connection: "truncated" };
    if (fault?.kind === "bad-signature") response = await resigned(response);
    if (fault?.kind === "wrong-key") response = await reencrypted(state, request, response);
    return { response: fault ? faultNamed(response, fault) : response };
  };
}

/**
 * A reply an injected fault shaped says so in FAULT_HEADER, so that what stands in front of the
 * sandbox (`mcoin record`'s inspector) marks it as the sandbox's own inspector does.
 */
export const FAULT_HEADER = "x-sandbox-fault";

function faultNamed(response: Response, fault: Fault): Response {
  const headers = new Headers(response.headers);
  headers.set(FAULT_HEADER, fault.kind);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** How the secure gateway tells the front door that a stub answered: `<id>` or `<id> <fault>`. */
export const STUB_HEADER = "x-sandbox-stub";

/** The stub that answers a plain call, if any; the body is read only when stubs are loaded. */
async function stubAnswer(state: SandboxState, request: Request, url: URL): Promise<StubAnswer | undefined> {
  if (state.stubs.size === 0) return undefined;
  const text = request.method === "GET" || request.method === "HEAD" ? "" : await request.clone().text();
  const parsed = text === "" ? undefined : parseBoundedJson(text);
  return state.stubs.match({ method: request.method, url: url.pathname + url.search, headers: request.headers, body: parsed?.ok ? parsed.value : text });
}

/**
 * The sandbox's own sign-in page, controls and pictures, which recordings never stand in for. The
 * wallet's side of a payment (/__wallet/pay) is part of what is recorded: a served purchase is paid
 * as it was, since the sandbox's own books never saw its order.
 */
const OWN_PATHS = /^\/(oauth|__sandbox|static)\//;

/**
 * A recorded exchange's reply to a plain call (harness/serve/book.ts), or with --strict a 404 naming the
 * closest recorded exchanges; undefined when the sandbox answers.
 */
async function recordedAnswer(state: SandboxState, request: Request, url: URL): Promise<{ response: Response; nearMiss?: NearMiss } | undefined> {
  const book = state.recorded;
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
    const reply = recordedReply(state, found.exchange);
    return { response: reply === undefined ? new Response(null, { status: found.exchange.status }) : Response.json(reply, { status: found.exchange.status }) };
  }
  if (!book.strict) return undefined;
  return { response: nearMissResponse(404, found.nearMiss), nearMiss: found.nearMiss };
}

/** A recorded reply as it goes out: a live token of its member, its times moved with the clock. */
export function recordedReply(state: SandboxState, exchange: RecordedExchange): unknown {
  let token: string | undefined;
  const fill = () => (token ??= exchange.member && state.member(exchange.member) ? state.issueToken(exchange.member) : undefined);
  const now = state.now();
  const { recordedAt } = exchange;
  return templated(exchange.reply, {
    token: fill,
    shiftMs: recordedAt === undefined ? 0 : now - recordedAt,
    shiftDays: recordedAt === undefined ? 0 : macauDayNumber(now) - macauDayNumber(recordedAt),
  });
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

/** A dispatched reply as fetch would see it, for in-process callers (tests, the wallet's stand-in). */
export async function render({ response, connection }: Dispatched): Promise<Response> {
  if (!connection) return response;
  if (connection !== "truncated") return Response.error();
  const bytes = new Uint8Array(await response.arrayBuffer());
  const half = bytes.subarray(0, Math.floor(bytes.length / 2));
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(half);
      controller.error(new TypeError("terminated: the connection closed in the middle of the body"));
    },
  });
  return new Response(body, { status: response.status, headers: response.headers });
}

/** Bytes for the random-bytes fault: not HTTP, so a client cannot parse a status line from them. */
export function randomGarbage(): Buffer {
  return Buffer.concat([Buffer.from([0x00, 0xff, 0x13]), randomBytes(61)]);
}

function withHeaders(request: Request, change: (headers: Headers) => void): Request {
  const headers = new Headers(request.headers);
  change(headers);
  return new Request(request, { headers });
}

function replyFault(fault: Fault): Response {
  switch (fault.kind) {
    case "http429":
      return HttpResponse.json({ code: 429, msg: "Too Many Requests" }, { status: 429 });
    case "not-login":
      return HttpResponse.json({ code: 401, msg: "not login" });
    case "not-found":
      return HttpResponse.json({ resultCode: "404", msg: "Not Found" });
    case "garbage":
      return new HttpResponse("<html>\u0000\u00ff garbage {not json", { headers: { "content-type": "application/json" } });
    default:
      return HttpResponse.json({ code: 500, msg: "Internal Server Error" }, { status: 500 });
  }
}

/** The reply with a Signature over other bytes: what a tampered or misconfigured gateway sends. */
async function resigned(response: Response): Promise<Response> {
  const headers = new Headers(response.headers);
  const signed = JSON.parse(headers.get(HEADER.signature) ?? "{}") as Record<string, unknown>;
  headers.set(
    HEADER.signature,
    JSON.stringify({
      algorithm: "MD5",
      keyVersion: "1",
      ...signed,
      signature: signatureOf({ secret: "not-the-gateway", requestTime: "", nonce: "", body: await response.clone().text(), md5Key: "" }),
    }),
  );
  return new Response(response.body, { status: response.status, headers });
}

/**
 * The reply sealed with a key the client never chose, and signed as sent (a gateway that used the
 * wrong key signs what it sends): the signature holds, the body does not open.
 */
async function reencrypted(state: SandboxState, request: Request, response: Response): Promise<Response> {
  const other = randomBytes(8).toString("hex");
  const text = aesEncrypt(await response.text(), other, other);
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  if (headers.has(HEADER.signature)) {
    const keys = state.gatewayKeys;
    const signature = signatureOf({
      secret: keys.signSecret,
      requestTime: request.headers.get(HEADER.requestTime) ?? "",
      nonce: request.headers.get(HEADER.nonce) ?? "",
      body: text,
      md5Key: keys.md5Key,
    });
    headers.set(HEADER.signature, JSON.stringify({ algorithm: "MD5", keyVersion: keys.keyVersion, signature }));
  }
  return new Response(text, { status: response.status, headers });
}

/** The log keeps 2000 calls: at most this much of each body, so it stays a few megabytes. */
const LOGGED_BODY_BYTES = 2048;

/**
 * A body as the log keeps it: parsed JSON or text when short, else its first bytes and its size. A
 * secure gateway call is logged opened (the sandbox holds the gateway's private key), so verify's
 * body match and the log read the request a person meant, not its ciphertext.
 */
async function loggedBody(state: SandboxState, request: Request, pathname: string): Promise<{ body: unknown; sealed?: boolean; tooDeep?: boolean }> {
  if (request.method === "GET" || request.method === "HEAD") return { body: undefined };
  const bytes = Buffer.from(await request.clone().arrayBuffer());
  if (bytes.length === 0) return { body: undefined };
  const excerpt = () => ({
    bytes: bytes.length,
    excerpt: bytes
      .subarray(0, LOGGED_BODY_BYTES)
      .toString("utf8")
      .replace(/\uFFFD+$/, ""),
  });
  const text = bytes.toString("utf8");
  if (nestsDeeperThan(text)) return { body: { tooDeep: true, ...excerpt() }, tooDeep: true };
  if (SECURE_PATH.test(pathname) && bytes.length <= 64 * LOGGED_BODY_BYTES) {
    const opened = openSealed(state, request, text);
    if (opened !== undefined) return { body: opened, sealed: true };
  }
  // A character cut in half at the end decodes to U+FFFD: dropped.
  if (bytes.length > LOGGED_BODY_BYTES) return { body: { truncated: true, ...excerpt() } };
  const parsed = parseBoundedJson(text);
  return { body: parsed.ok ? parsed.value : text };
}

/** A secure call's request opened, when the sandbox can (the secure gateway itself refuses one nested too deep). */
function openSealed(state: SandboxState, request: Request, text: string): unknown {
  try {
    const encrypt = JSON.parse(headerValue(Object.fromEntries(request.headers), HEADER.encrypt) ?? "") as { symmetricKey?: string };
    if (!encrypt.symmetricKey) return undefined;
    const { key, iv } = recoverKeyAndIv(state.gatewayKeys.privateKey, encrypt.symmetricKey);
    const opened = parseBoundedJson(aesDecrypt(text, key, iv));
    return opened.ok ? opened.value : undefined;
  } catch {
    return undefined;
  }
}

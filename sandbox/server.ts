/**
 * Serves the sandbox's msw handlers over plain HTTP (node:http): each incoming request becomes a
 * Fetch Request, the sandbox answers it, and the Response is written back.
 *
 * It listens on 127.0.0.1 unless told otherwise. Bound to any other interface, its controls need a
 * token (one is generated when none is given), since anyone who can reach it could reset it. Bodies
 * are read up to MAX_BODY_BYTES each (a gzip-compressed body of a control declared `gzipBody`, up to
 * MAX_GZIP_BODY_BYTES: sandbox/gzip-body.ts) and BODY_BUDGET_BYTES for all unanswered requests
 * together (past it a request is refused with 503), and a slow client cannot hold a request open for long.
 */
import { randomBytes } from "node:crypto";
import { STATUS_CODES, createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { DEFAULT_HOST, isLoopbackHost } from "./access";
import { malformedChunkBytes, randomGarbage } from "./fault-effects";
import { streamOut } from "#core/node/stream-out";
import { createSandbox, type Sandbox, type SandboxOptions } from "./index";
import { toFetchHeaders } from "#core/node/fetch-headers";
import { BodyBudget, type BodyClaim } from "#core/node/body-budget";
import { CONTROLS } from "#core/controls/declarations";
import { MAX_GZIP_BODY_BYTES, isGzipped } from "./gzip-body";

/** The gateway's requests are a few kilobytes; a mebibyte leaves room and keeps memory safe. */
export const MAX_BODY_BYTES = 1024 * 1024;
/**
 * The bytes of bodies all unanswered requests may hold at once, across the process: 64 bodies of
 * the largest size, far above a team's traffic of few-kilobyte requests
 * (docs/decisions/046-the-audit-covers-all-the-money.md).
 */
export const BODY_BUDGET_BYTES = 64 * MAX_BODY_BYTES;
/** The process's budget, shared by every sandbox server it runs. */
const PROCESS_BODY_BUDGET = new BodyBudget(BODY_BUDGET_BYTES);
/** Time to receive a whole request, and its headers: generous for a test client, short for a stalled one. */
export const REQUEST_TIMEOUT_MS = 30_000;
export const HEADERS_TIMEOUT_MS = 10_000;

export { DEFAULT_HOST } from "./access";

export interface RunningSandbox {
  sandbox: Sandbox;
  server: Server;
  url: string;
  /** What the /__sandbox/ controls require, or null when they need none (loopback, none given). */
  controlToken: string | null;
  close(): Promise<void>;
}

/** `bodyBudget`: the budget of buffered bodies (a test's own; the process's by default). */
export async function startSandboxServer(options: SandboxOptions & { port?: number; host?: string; bodyBudget?: BodyBudget } = {}): Promise<RunningSandbox> {
  const budget = options.bodyBudget ?? PROCESS_BODY_BUDGET;
  const host = options.host ?? DEFAULT_HOST;
  const controlToken = options.controlToken ?? (isLoopbackHost(host) ? null : randomBytes(24).toString("base64url"));
  const sandbox = createSandbox({ ...options, controlToken: controlToken ?? undefined });
  const server = createServer((req, res) => {
    serveOne(sandbox, req, res, budget).catch((error: unknown) => {
      console.error("sandbox: request failed", error);
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ code: 500, msg: "sandbox error" }));
    });
  });
  server.keepAliveTimeout = 15_000;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 4010, host, () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  // Every interface includes loopback; one interface is reached by its own address.
  const reachable = address === "0.0.0.0" || address === "::" ? "127.0.0.1" : address.includes(":") ? `[${address}]` : address;
  return {
    sandbox,
    server,
    url: `http://${reachable}:${port}`,
    controlToken,
    close: () =>
      new Promise<void>((resolve) => {
        sandbox.store.save();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const TOO_LARGE = Symbol("too large");
const OVER_BUDGET = Symbol("over budget");
/** The client went away before its body was whole: there is no one to answer. */
const GONE = Symbol("gone");

/**
 * The request's body, or TOO_LARGE as soon as it passes MAX_BODY_BYTES, or OVER_BUDGET as soon as
 * the process's budget has no room for its next chunk (the rest is never read). What it buffers is
 * claimed from the budget until the request ends, or until it is refused.
 */
function readBody(req: IncomingMessage, claim: BodyClaim, limit: number): Promise<Buffer<ArrayBuffer> | typeof TOO_LARGE | typeof OVER_BUDGET | typeof GONE> {
  if (Number(req.headers["content-length"] ?? 0) > limit) return Promise.resolve(TOO_LARGE);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      const fits = size <= limit;
      if (fits && claim.add(chunk.length)) {
        chunks.push(chunk);
        return;
      }
      req.off("data", onData);
      req.pause();
      // What was buffered is dropped with the request: the budget has it back at once, whenever
      // the connection closes.
      claim.release();
      resolve(fits ? OVER_BUDGET : TOO_LARGE);
    };
    req.on("data", onData);
    req.once("end", () => resolve(Buffer.concat(chunks)));
    req.once("error", () => resolve(GONE));
  });
}

/** How long the connection of a refused request stays open after the reply: ample time to read it. */
const LINGER_MS = 1_000;

/**
 * A refusal before the sandbox sees the request, its body left unread; the connection closes after
 * it, in stages (RFC 9112 section 9.6). Closed at once, while the client still sends its body, the
 * connection would answer what arrives next with a reset, which can reach the client before it has
 * read the reply (a fetch then fails with ECONNRESET instead of the 413). So the reply is written to
 * the connection with its sending side closed after it, and the connection is ended a moment later;
 * meanwhile the body is still not read, so a client that goes on sending stalls once the
 * connection's buffers are full. Node's own response would end the connection as soon as the reply
 * is out, hence the reply written here.
 */
function refuseRaw(req: IncomingMessage, status: number, msg: string) {
  const body = JSON.stringify({ code: status, msg });
  const socket = req.socket;
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
  const linger = setTimeout(() => socket.destroy(), LINGER_MS);
  linger.unref();
  socket.once("close", () => clearTimeout(linger));
}

/** The paths of the controls whose body may come gzip-compressed and larger (core/controls/declarations.ts `gzipBody`). */
const GZIP_BODY_PATHS = Object.values(CONTROLS)
  .filter((control) => control.gzipBody && control.method === "POST")
  .map((control) => control.path);

/** How many bytes a request's body may have: MAX_BODY_BYTES, or MAX_GZIP_BODY_BYTES for a compressed body of a `gzipBody` control. */
function bodyLimitOf(req: IncomingMessage): number {
  if (req.method !== "POST" || !isGzipped(req.headers["content-encoding"])) return MAX_BODY_BYTES;
  const path = (req.url ?? "").split("?")[0] ?? "";
  // The control router matches a control's path at the end of the request's (serve-control.ts `*${path}`).
  return GZIP_BODY_PATHS.some((controlPath) => path.endsWith(controlPath)) ? MAX_GZIP_BODY_BYTES : MAX_BODY_BYTES;
}

async function serveOne(sandbox: Sandbox, req: IncomingMessage, res: ServerResponse, budget: BodyBudget) {
  const limit = bodyLimitOf(req);
  const body = await readBody(req, budget.claimFor(res), limit);
  if (body === TOO_LARGE) return refuseRaw(req, 413, `request body over ${limit} bytes`);
  if (body === GONE) return void res.destroy();
  if (body === OVER_BUDGET) return refuseRaw(req, 503, "too many request bodies held at once; try again shortly");
  let url: URL;
  try {
    url = new URL(`http://${req.headers.host ?? DEFAULT_HOST}${req.url ?? "/"}`);
  } catch {
    return refuseRaw(req, 400, "bad Host header or request target");
  }
  const headers = toFetchHeaders(req.headers);
  const method = req.method ?? "GET";
  const request = new Request(url, {
    method,
    headers,
    body: method === "GET" || method === "HEAD" || body.length === 0 ? undefined : body,
  });

  const { response, connection, streamed } = await sandbox.dispatch(request);
  // The connection faults first: each comes with an error Response that stands for no reply at all.
  if (connection === "reset") {
    // SO_LINGER 0 then close, as WireMock's CONNECTION_RESET_BY_PEER: a TCP RST, not a FIN.
    req.socket.resetAndDestroy();
    return;
  }
  if (connection === "random-bytes") {
    req.socket.end(randomGarbage(), () => req.socket.destroy());
    return;
  }
  if (connection === "malformed-chunk") {
    req.socket.end(malformedChunkBytes(req), () => req.socket.destroy());
    return;
  }
  if (connection === "empty" || response.type === "error") {
    // Closed without a byte of reply: the client sees an empty reply.
    req.socket.destroy();
    return;
  }
  const outgoing: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name === "set-cookie") return;
    outgoing[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) outgoing["set-cookie"] = cookies;
  if (response.headers.get("content-type") === "text/event-stream" && response.body) return streamOut(req, res, response.status, outgoing, response.body);
  // A stub's own reason phrase (WireMock's statusMessage) reaches the status line; else Node's for the status.
  const head = (headers: Record<string, string | string[]>) => (response.statusText ? res.writeHead(response.status, response.statusText, headers) : res.writeHead(response.status, headers));
  if (streamed && response.body) return dribbleOut(req, res, () => head(outgoing), response.body);
  const reply = Buffer.from(await response.arrayBuffer());
  if (connection === "truncated") {
    // The whole length is promised, half is sent, then the connection closes.
    head({ ...outgoing, "content-length": String(reply.length) });
    res.write(reply.subarray(0, Math.floor(reply.length / 2)), () => req.socket.destroy());
    return;
  }
  head(outgoing);
  res.end(reply);
}

/** A body that comes over time (a stub's chunkedDribbleDelay), each piece written as it comes. */
async function dribbleOut(req: IncomingMessage, res: ServerResponse, head: () => void, body: ReadableStream<Uint8Array>): Promise<void> {
  head();
  res.flushHeaders();
  const reader = body.getReader();
  const closed = () => void reader.cancel().catch(() => undefined);
  req.once("close", closed);
  try {
    for (let piece = await reader.read(); !piece.done; piece = await reader.read()) res.write(piece.value);
  } finally {
    req.off("close", closed);
    res.end();
  }
}

/**
 * What an injected fault (core/controls/faults.ts) does to a reply or to the connection that carries
 * it: a reply in the endpoint's stead, a reply spoilt on its way out (a wrong signature or key), or
 * the connection cut (`Dispatched.connection`), which the HTTP server (server.ts) does to the socket
 * and `render` turns into what fetch would see for in-process callers.
 */
import { randomBytes } from "node:crypto";
import { HttpResponse } from "msw";
import type { Fault } from "#core/controls/faults";
import { HEADER, signatureOf } from "#core/node/gateway/envelope";
import type { SandboxGatewayKeys } from "#core/node/gateway/sandbox-keys";
import { aesEncrypt } from "#core/node/gateway/primitives";

export type ConnectionFault = "reset" | "empty" | "truncated" | "random-bytes" | "malformed-chunk";

export interface Dispatched {
  response: Response;
  /** What the connection does instead of (or in the middle of) carrying the reply. */
  connection?: ConnectionFault;
  /** The body comes over time (a stub's chunkedDribbleDelay): written as it comes, never gathered first. */
  streamed?: boolean;
}

/**
 * A reply an injected fault shaped says so in FAULT_HEADER, so that what stands in front of the
 * sandbox (`mcoin record`'s inspector) marks it as the sandbox's own inspector does.
 */
export const FAULT_HEADER = "x-sandbox-fault";

export function faultNamed(response: Response, fault: Fault): Response {
  const headers = new Headers(response.headers);
  headers.set(FAULT_HEADER, fault.kind);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** The reply a reply fault stands in for the endpoint with. */
export function replyFault(fault: Fault): Response {
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
export async function resigned(response: Response): Promise<Response> {
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
export async function reencrypted(keys: SandboxGatewayKeys, request: Request, response: Response): Promise<Response> {
  const other = randomBytes(8).toString("hex");
  const text = aesEncrypt(await response.text(), other, other);
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  if (headers.has(HEADER.signature)) {
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

/** A dispatched reply as fetch would see it, for in-process callers (tests, the wallet's stand-in). */
export async function render({ response, connection }: Dispatched): Promise<Response> {
  if (!connection) return response;
  if (connection === "malformed-chunk") {
    // A 200 whose body fails at its first chunk, as fetch reads malformedChunkBytes on a kept-alive connection.
    const body = new ReadableStream<Uint8Array>({ start: (controller) => controller.error(new TypeError("terminated: the reply's chunked body is malformed")) });
    return new Response(body, { status: 200, headers: { "transfer-encoding": "chunked" } });
  }
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

/**
 * Bytes for the random-bytes fault: random, and led by bytes that are neither
 * the start of a status line ("HTTP/") nor a hex digit, so a client can read neither a reply nor a
 * chunk's size from them, whatever the random part holds.
 */
export function randomGarbage(): Buffer {
  return Buffer.concat([Buffer.from([0x00, 0xff, 0x13]), randomBytes(61)]);
}

/** The bytes WireMock's MALFORMED_RESPONSE_CHUNK writes after its status line: neither a chunk's size nor JSON. */
export const WIREMOCK_GARBAGE = "lskdu018973t09sylgasjkfg1][]'./.sdlv";

/**
 * What MALFORMED_RESPONSE_CHUNK sends, byte for byte as WireMock 3's Jetty does (it sets 200, flushes
 * the headers, then writes its garbage to the socket): a 200 status line framed as the request's
 * connection asks (chunked when it is kept alive, so the garbage is a broken chunk; `Connection:
 * close` and no length when it asks to close; nothing more for HTTP/1.0), then WIREMOCK_GARBAGE. The
 * stub's own status, headers and body are never sent.
 */
export function malformedChunkBytes(request: { httpVersion: string; headers: { connection?: string } }): Buffer {
  const closes = /\bclose\b/i.test(request.headers.connection ?? "");
  const framing = request.httpVersion === "1.0" ? "" : closes ? "Connection: close\r\n" : "Transfer-Encoding: chunked\r\n";
  return Buffer.from(`HTTP/1.1 200 OK\r\n${framing}\r\n${WIREMOCK_GARBAGE}`, "latin1");
}

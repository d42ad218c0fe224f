/**
 * Each connection fault's bytes on the wire, read from a raw socket, and what a client (Node's fetch)
 * makes of them: the faults injected by the control (core/controls/faults.ts) and WireMock's named in
 * a stub (core/controls/stubs.ts), which must do what WireMock's do.
 */
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FaultKind } from "#core/controls/faults";
import { WIREMOCK_GARBAGE } from "./fault-effects";

/** What MALFORMED_RESPONSE_CHUNK sends to a request that asks to close, as WireMock 3.13.2's jar sends it. */
const MALFORMED_TO_CLOSE = `HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n${WIREMOCK_GARBAGE}`;
import { startSandboxServer, type RunningSandbox } from "./server";

let running: RunningSandbox;

beforeAll(async () => {
  running = await startSandboxServer({ port: 0, host: "127.0.0.1" });
  const stubs = await fetch(`${running.url}/__sandbox/stubs`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      mappings: [
        { request: { url: "/wm/reset" }, response: { fault: "CONNECTION_RESET_BY_PEER" } },
        { request: { url: "/wm/empty" }, response: { fault: "EMPTY_RESPONSE" } },
        { request: { url: "/wm/random" }, response: { fault: "RANDOM_DATA_THEN_CLOSE" } },
        { request: { url: "/wm/chunk-without-body" }, response: { fault: "MALFORMED_RESPONSE_CHUNK" } },
        { request: { url: "/wm/chunk-with-body" }, response: { status: 503, jsonBody: { code: 503 }, fault: "MALFORMED_RESPONSE_CHUNK" } },
      ],
    }),
  });
  expect(stubs.status, await stubs.clone().text()).toBe(200);
});
afterAll(() => running.close());

async function inject(kind: FaultKind) {
  const response = await fetch(`${running.url}/__sandbox/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ path: "system/time", kind }) });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** Every byte the server sends for one GET, and how the connection ended (a reset is ECONNRESET). */
function rawBytes(path: string): Promise<{ bytes: Buffer; ended: "closed" | string }> {
  const { hostname, port } = new URL(running.url);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect({ host: hostname, port: Number(port) }, () => socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`));
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", (error: NodeJS.ErrnoException) => resolve({ bytes: Buffer.concat(chunks), ended: error.code ?? error.message }));
    socket.on("close", () => resolve({ bytes: Buffer.concat(chunks), ended: "closed" }));
  });
}

/** What fetch makes of it: an error and its cause's code, or a status and then the body or its error. */
async function client(path: string): Promise<{ fetch: string } | { status: number; body: string }> {
  let response: Response;
  try {
    response = await fetch(`${running.url}${path}`);
  } catch (error) {
    return { fetch: ((error as Error).cause as { code?: string } | undefined)?.code ?? (error as Error).message };
  }
  const body = await response.text().then(
    (text) => `read: ${text.length} chars`,
    (error: Error) => `broke: ${(error.cause as { code?: string } | undefined)?.code ?? error.message}`,
  );
  return { status: response.status, body };
}

const HEX = /^[0-9a-f]$/i;

describe("connection faults on the wire", () => {
  it("reset: no byte, then a TCP RST; fetch fails with ECONNRESET", async () => {
    await inject("reset");
    expect(await rawBytes("/api/system/time")).toEqual({ bytes: Buffer.alloc(0), ended: "ECONNRESET" });
    await inject("reset");
    expect(await client("/api/system/time")).toEqual({ fetch: "ECONNRESET" });
  });

  it.each(["empty", "network"] as const)("%s: the connection closes without a byte; fetch fails as the other side closed", async (kind) => {
    await inject(kind);
    expect(await rawBytes("/api/system/time")).toEqual({ bytes: Buffer.alloc(0), ended: "closed" });
    await inject(kind);
    expect(await client("/api/system/time")).toEqual({ fetch: "UND_ERR_SOCKET" });
  });

  it("random-bytes: bytes that are not HTTP (never none, never a status line), then a close; fetch cannot parse a reply", async () => {
    await inject("random-bytes");
    const first = await rawBytes("/api/system/time");
    expect(first.ended).toBe("closed");
    expect(first.bytes.length).toBeGreaterThanOrEqual(32);
    expect(first.bytes.subarray(0, 5).toString("latin1")).not.toBe("HTTP/");
    await inject("random-bytes");
    const second = await rawBytes("/api/system/time");
    expect(second.bytes.length).toBe(first.bytes.length);
    expect(second.bytes.equals(first.bytes)).toBe(false);
    await inject("random-bytes");
    expect(await client("/api/system/time")).toEqual({ fetch: "HPE_INVALID_CONSTANT" });
  });

  it("malformed-chunk: a 200 status line framed as the request asks, then WireMock's bytes that are no chunk size, then a close; fetch (kept alive, so chunked) has a 200 whose body breaks", async () => {
    await inject("malformed-chunk");
    const { bytes, ended } = await rawBytes("/api/system/time");
    expect(ended).toBe("closed");
    expect(bytes.toString("latin1")).toBe(MALFORMED_TO_CLOSE);
    expect(HEX.test(WIREMOCK_GARBAGE[0])).toBe(false);
    await inject("malformed-chunk");
    expect(await client("/api/system/time")).toEqual({ status: 200, body: "broke: HPE_INVALID_CHUNK_SIZE" });
  });

  it("truncated: the reply's status and headers promise a length, half the body comes, then a close; fetch has a 200 whose body breaks", async () => {
    await inject("truncated");
    const { bytes, ended } = await rawBytes("/api/system/time");
    expect(ended).toBe("closed");
    const text = bytes.toString("utf8");
    const [head, body] = text.split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    const promised = Number(/content-length: (\d+)/i.exec(head)?.[1]);
    expect(Buffer.byteLength(body)).toBe(Math.floor(promised / 2));
    await inject("truncated");
    expect(await client("/api/system/time")).toEqual({ status: 200, body: "broke: UND_ERR_SOCKET" });
  });

  it("after each, the next call is answered", async () => {
    expect(await client("/api/system/time")).toMatchObject({ status: 200 });
  });
});

describe("WireMock's faults in a stub, on the wire as WireMock sends them", () => {
  it("CONNECTION_RESET_BY_PEER is a TCP RST with no byte", async () => {
    expect(await rawBytes("/wm/reset")).toEqual({ bytes: Buffer.alloc(0), ended: "ECONNRESET" });
    expect(await client("/wm/reset")).toEqual({ fetch: "ECONNRESET" });
  });

  it("EMPTY_RESPONSE closes without a byte", async () => {
    expect(await rawBytes("/wm/empty")).toEqual({ bytes: Buffer.alloc(0), ended: "closed" });
    expect(await client("/wm/empty")).toEqual({ fetch: "UND_ERR_SOCKET" });
  });

  it("RANDOM_DATA_THEN_CLOSE sends bytes that are not HTTP, then closes", async () => {
    const { bytes, ended } = await rawBytes("/wm/random");
    expect(ended).toBe("closed");
    expect(bytes.length).toBeGreaterThanOrEqual(32);
    expect(bytes.subarray(0, 5).toString("latin1")).not.toBe("HTTP/");
    expect(await client("/wm/random")).toEqual({ fetch: "HPE_INVALID_CONSTANT" });
  });

  it.each(["/wm/chunk-without-body", "/wm/chunk-with-body"])("MALFORMED_RESPONSE_CHUNK (%s) is a 200 then garbage, whatever the stub's status and body", async (path) => {
    const { bytes, ended } = await rawBytes(path);
    expect(ended).toBe("closed");
    expect(bytes.toString("latin1")).toBe(MALFORMED_TO_CLOSE);
    expect(await client(path)).toEqual({ status: 200, body: "broke: HPE_INVALID_CHUNK_SIZE" });
  });
});

/**
 * Stub replies on the wire (sandbox/stubs/answer.ts, proxy.ts, sandbox/server.ts): a statusMessage
 * reaches the status line, a dribbled body leaves in pieces, and `proxyBaseUrl` forwards a call to
 * another environment (here a second sandbox) and answers with its reply: a plain call with its
 * headers changed as the mapping says, a secure-gateway call sealed as it came, its reply unopened.
 */
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFetchTransport } from "#core/api/transport";
import { TASK_DETAIL_URL } from "#core/api/task-center";
import { createGatewayClient } from "#core/node/gateway/client";
import { gatewaySettings } from "#core/node/gateway/settings";
import { startSandboxServer, type RunningSandbox } from "../server";

let front: RunningSandbox;
let behind: RunningSandbox;

async function addStubs(to: RunningSandbox, mappings: unknown[]) {
  const added = await fetch(`${to.url}/__sandbox/stubs`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ mappings }) });
  expect(added.status, await added.clone().text()).toBe(200);
}

beforeAll(async () => {
  [front, behind] = await Promise.all([startSandboxServer({ port: 0, host: "127.0.0.1" }), startSandboxServer({ port: 0, host: "127.0.0.1" })]);
  await addStubs(behind, [
    {
      request: { urlPath: "/echo" },
      response: { status: 207, statusMessage: "Behind", body: "{{request.url}} {{request.headers.x-added}}|{{request.headers.x-dropped}}", transformers: ["response-template"] },
    },
  ]);
  await addStubs(front, [
    { request: { urlPath: "/fine" }, response: { status: 299, statusMessage: "Very Fine", body: "ok" } },
    { request: { urlPath: "/dribble" }, response: { body: "0123456789", chunkedDribbleDelay: { numberOfChunks: 5, totalDuration: 200 } } },
    {
      request: { urlPathPattern: "/uat/.*" },
      response: {
        proxyBaseUrl: behind.url,
        proxyUrlPrefixToRemove: "/uat",
        additionalProxyRequestHeaders: { "X-Added": "{{request.method}}" },
        removeProxyRequestHeaders: ["X-Dropped"],
        transformers: ["response-template"],
      },
    },
    { request: { urlPath: "/nowhere" }, response: { proxyBaseUrl: "http://127.0.0.1:1" } },
    { request: { method: "POST", urlPath: TASK_DETAIL_URL }, response: { proxyBaseUrl: behind.url } },
  ]);
});
afterAll(() => Promise.all([front.close(), behind.close()]));

/** The pieces the server's bytes arrive in for one GET, and their text. */
function rawPieces(path: string): Promise<Buffer[]> {
  const { hostname, port } = new URL(front.url);
  return new Promise((resolve, reject) => {
    const pieces: Buffer[] = [];
    const socket = connect({ host: hostname, port: Number(port) }, () => socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`));
    socket.on("data", (chunk: Buffer) => pieces.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => resolve(pieces));
  });
}

describe("on the wire", () => {
  it("the stub's statusMessage is the status line's reason phrase", async () => {
    const text = Buffer.concat(await rawPieces("/fine")).toString("latin1");
    expect(text.split("\r\n")[0]).toBe("HTTP/1.1 299 Very Fine");
  });

  it("a dribbled body leaves in pieces after the head, and arrives whole", async () => {
    const pieces = await rawPieces("/dribble");
    const text = Buffer.concat(pieces).toString("latin1");
    expect(text).toContain("Transfer-Encoding: chunked");
    // The head, then the five pieces of the body, each in its own chunk.
    expect(text.split("\r\n\r\n")[1]).toBe("2\r\n01\r\n2\r\n23\r\n2\r\n45\r\n2\r\n67\r\n2\r\n89\r\n0");
    // Over time, 40 ms apart: a busy machine may read two pieces at once, never the whole body in one go.
    expect(pieces.length).toBeGreaterThanOrEqual(3);
  });
});

describe("proxyBaseUrl", () => {
  it("forwards the path less the prefix, with the query, the headers changed as the mapping says; the reply comes back as it was", async () => {
    const reply = await fetch(`${front.url}/uat/echo?a=1`, { headers: { "x-dropped": "gone" } });
    expect([reply.status, reply.statusText]).toEqual([207, "Behind"]);
    expect(await reply.text()).toBe("/echo?a=1 GET|");
  });

  it("an environment that cannot be reached is WireMock's 500, saying so", async () => {
    const reply = await fetch(`${front.url}/nowhere`);
    expect(reply.status).toBe(500);
    expect(await reply.text()).toContain("Network failure trying to make a proxied request from the sandbox to http://127.0.0.1:1/nowhere");
  });

  it("forwards a secure-gateway call sealed as it came, and hands back the reply unopened: the client opens it", async () => {
    const settings = gatewaySettings({ environment: "sandbox", vars: {}, sandboxUrl: front.url, sandboxKeys: () => front.sandbox.state.gatewayKeys });
    const client = createGatewayClient(settings, { transport: createFetchTransport() });
    const detail = { system_name: "taskCenter", data_source: "H5", task_no: "T1", cust_id_ciphertext: "C1" };
    const reply = await client.call<{ result: { code: string } }>(TASK_DETAIL_URL, detail, { token: "C1" });
    expect(reply.result.code).toBe("000000");
    // The sandbox behind answered it with its own rules; the front's stub only forwarded it.
    expect(behind.sandbox.instruments.calls.since().some((call) => call.path === TASK_DETAIL_URL)).toBe(true);
    expect(front.sandbox.instruments.calls.since().find((call) => call.path === TASK_DETAIL_URL)?.stub).toBeDefined();
  });
});

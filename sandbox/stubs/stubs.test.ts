/**
 * Stubs in WireMock's mapping format (core/controls/stubs.ts, sandbox/stubs/book.ts): the
 * examples of WireMock's own documentation that fall within the subset answer as WireMock would; a
 * stub wins over the sandbox's rules; the secure gateway's stubs match the opened request and reply
 * sealed; a file outside the subset is refused with its field named.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setupServer } from "msw/node";
import { afterEach, describe, expect, it } from "vitest";
import { createFetchTransport } from "#core/api/transport";
import { TASK_DETAIL_URL } from "#core/api/task-center";
import { StubFileSchema, mappingsOf, type StubMappingInput } from "#core/controls/stubs";
import { createGatewayClient } from "#core/node/gateway/client";
import { gatewaySettings } from "#core/node/gateway/settings";
import { createSandbox } from "../index";
import { jsonEqual } from "./match";
import { readStubFolder } from "./files";

const BASE = "http://gateway.test";
/** The controls answer a loopback name without a token. */
const CONTROLS = "http://127.0.0.1";
const DETAIL = { system_name: "taskCenter", data_source: "H5", task_no: "T1", cust_id_ciphertext: "C1" };
const sandbox = createSandbox();
afterEach(() => sandbox.reset());

function stub(...mappings: StubMappingInput[]) {
  return sandbox.instruments.stubs.add(mappingsOf(StubFileSchema.parse({ mappings })), "test");
}

/** Stubs as a --stubs folder loads them: they stay across a reset. */
function keptStub(...mappings: StubMappingInput[]) {
  return sandbox.instruments.stubs.add(mappingsOf(StubFileSchema.parse({ mappings })), "test", { kept: true });
}

const send = (path: string, init: RequestInit = {}) => sandbox.handle(new Request(`${BASE}${path}`, init));
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  send(path, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: typeof body === "string" ? body : JSON.stringify(body) });

describe("WireMock's documented examples", () => {
  it("a basic stub: the status, the body and the headers", async () => {
    stub({ request: { method: "GET", url: "/some/thing" }, response: { status: 200, body: "Hello, world!", headers: { "Content-Type": "text/plain" } } });
    const reply = await send("/some/thing");
    expect(reply.status).toBe(200);
    expect(reply.headers.get("content-type")).toBe("text/plain");
    expect(await reply.text()).toBe("Hello, world!");
    // `url` is the path and query exactly.
    expect((await send("/some/thing?x=1")).status).toBe(404);
  });

  it("priority: the lower number wins, whatever the order they were added in", async () => {
    stub(
      { priority: 1, request: { method: "GET", url: "/api/specific-resource" }, response: { status: 200 } },
      { priority: 10, request: { method: "GET", urlPattern: "/api/.*" }, response: { status: 401 } },
    );
    expect((await send("/api/specific-resource")).status).toBe(200);
    expect((await send("/api/other")).status).toBe(401);
  });

  it("of two stubs of the same priority, the one added last answers", async () => {
    stub({ request: { urlPath: "/same" }, response: { status: 201 } });
    stub({ request: { urlPath: "/same" }, response: { status: 202 } });
    expect((await send("/same")).status).toBe(202);
  });

  it("query parameters and headers with equalTo, contains and matches", async () => {
    stub({
      request: {
        method: "GET",
        urlPath: "/query",
        queryParameters: { search_term: { equalTo: "WireMock" }, page: { matches: "[0-9]+" } },
        headers: { Accept: { contains: "json" } },
      },
      response: { status: 200, jsonBody: { found: true } },
    });
    expect(await (await send("/query?search_term=WireMock&page=2", { headers: { accept: "application/json" } })).json()).toEqual({ found: true });
    expect((await send("/query?search_term=wiremock&page=2", { headers: { accept: "application/json" } })).status).toBe(404);
    expect((await send("/query?search_term=WireMock&page=two", { headers: { accept: "application/json" } })).status).toBe(404);
    expect((await send("/query?search_term=WireMock&page=2", { headers: { accept: "text/html" } })).status).toBe(404);
  });

  it("bodyPatterns: equalToJson with its leniencies, and matchesJsonPath with a filter", async () => {
    stub(
      { request: { method: "POST", url: "/json", bodyPatterns: [{ equalToJson: { total_results: 4 } }] }, response: { status: 200, body: "exact" } },
      { request: { method: "POST", url: "/lenient", bodyPatterns: [{ equalToJson: '{ "ids": [3, 1] }', ignoreArrayOrder: true, ignoreExtraElements: true }] }, response: { body: "lenient" } },
      { request: { method: "POST", url: "/things", bodyPatterns: [{ matchesJsonPath: "$.things[?(@.name == 'RequiredThing')]" }] }, response: { body: "found" } },
    );
    expect(await (await post("/json", { total_results: 4 })).text()).toBe("exact");
    expect((await post("/json", { total_results: 4, more: 1 })).status).toBe(404);
    expect(await (await post("/lenient", { ids: [1, 2, 3], other: true })).text()).toBe("lenient");
    expect(await (await post("/things", { things: [{ name: "Other" }, { name: "RequiredThing" }] })).text()).toBe("found");
    expect((await post("/things", { things: [{ name: "Other" }] })).status).toBe(404);
  });

  it("a scenario: the to-do list answers by its state, and a POST moves it on", async () => {
    keptStub(
      { scenarioName: "To do list", requiredScenarioState: "Started", request: { method: "GET", url: "/todo/items" }, response: { status: 200, body: "<items><item>Buy milk</item></items>" } },
      {
        scenarioName: "To do list",
        requiredScenarioState: "Started",
        newScenarioState: "Cancel newspaper item added",
        request: { method: "POST", url: "/todo/items", bodyPatterns: [{ contains: "Cancel newspaper subscription" }] },
        response: { status: 201 },
      },
      {
        scenarioName: "To do list",
        requiredScenarioState: "Cancel newspaper item added",
        request: { method: "GET", url: "/todo/items" },
        response: { status: 200, body: "<items><item>Buy milk</item><item>Cancel newspaper subscription</item></items>" },
      },
    );
    expect(await (await send("/todo/items")).text()).toBe("<items><item>Buy milk</item></items>");
    expect((await post("/todo/items", "<item>Cancel newspaper subscription</item>", { "content-type": "application/xml" })).status).toBe(201);
    expect(await (await send("/todo/items")).text()).toContain("Cancel newspaper subscription");
    // A reset starts every scenario again.
    sandbox.reset();
    expect(await (await send("/todo/items")).text()).toBe("<items><item>Buy milk</item></items>");
    sandbox.instruments.stubs.clear({ all: true });
  });

  it("faults act on the connection, and a fixed delay holds the reply", async () => {
    stub(
      { request: { url: "/reset" }, response: { fault: "CONNECTION_RESET_BY_PEER" } },
      { request: { url: "/chunk" }, response: { fault: "MALFORMED_RESPONSE_CHUNK", body: "a long enough body to cut" } },
    );
    expect((await sandbox.dispatch(new Request(`${BASE}/reset`))).connection).toBe("reset");
    expect((await sandbox.dispatch(new Request(`${BASE}/chunk`))).connection).toBe("malformed-chunk");
    stub({ request: { url: "/delayed" }, response: { status: 200, fixedDelayMilliseconds: 120 } });
    const started = performance.now();
    await send("/delayed");
    expect(performance.now() - started).toBeGreaterThanOrEqual(100);
  });
});

describe("stubs in the sandbox", () => {
  it("win over the sandbox's rules for the call they match, and only for it", async () => {
    const real = await (await send("/api/business/productdetail?id=1")).json();
    stub({
      request: { method: "GET", urlPath: "/api/business/productdetail", queryParameters: { id: { equalTo: "1" } } },
      response: { jsonBody: { ...real, data: { ...real.data, stock: 0, availability: "sold_out" } } },
    });
    const stubbed = await (await send("/api/business/productdetail?id=1")).json();
    expect(stubbed.data).toMatchObject({ id: 1, stock: 0, availability: "sold_out" });
    expect((await (await send("/api/business/productdetail?id=2")).json()).data.availability).toBe("available");
    // The call log names the stub that answered, and its count went up.
    const [view] = sandbox.instruments.stubs.list();
    expect(sandbox.instruments.calls.since().at(-2)).toMatchObject({ path: "/api/business/productdetail", stub: view.id });
    expect(view.served).toBe(1);
  });

  it("answer the secure gateway's functions on the opened request, sealed with the request's key and signed", async () => {
    stub({
      request: { method: "POST", urlPath: TASK_DETAIL_URL, bodyPatterns: [{ equalToJson: { task_no: "T9" }, ignoreExtraElements: true }] },
      response: { jsonBody: { result: { code: "000000", subCode: "0000", message: "ok" }, data: { task_no: "T9", stubbed: true } } },
    });
    const server = setupServer(...sandbox.handlers);
    server.listen({ onUnhandledRequest: "error" });
    try {
      const settings = gatewaySettings({ environment: "sandbox", vars: {}, sandboxUrl: BASE, sandboxKeys: () => sandbox.state.gatewayKeys });
      const client = createGatewayClient(settings, { transport: createFetchTransport() });
      // The client opens the reply and checks its signature: a stub's reply passes both.
      const reply = await client.call<{ data: { stubbed?: boolean } }>(TASK_DETAIL_URL, { ...DETAIL, task_no: "T9" }, { token: "C1" });
      expect(reply.data.stubbed).toBe(true);
      // Another task is the sandbox's own.
      const own = await client.call<{ data: { stubbed?: boolean } }>(TASK_DETAIL_URL, DETAIL, { token: "C1" });
      expect(own.data.stubbed).toBeUndefined();
    } finally {
      server.close();
    }
  });

  it("match a member's long text against a pattern that backtracks in JavaScript at once, and the sandbox answers on (core/text/whole-match.ts)", async () => {
    stub({ request: { method: "POST", urlPath: "/api/auth/refund", bodyPatterns: [{ matches: '.*"remarks":"(\\w+\\s?)*".*' }] }, response: { status: 418 } });
    stub({ request: { urlPath: "/stubbed", headers: { "x-probe": { matches: "(a+)+" } } }, response: { status: 204 } });
    const remarks = `${"wrong size ".repeat(455)}!`;
    const refund = await send("/api/auth/refund", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ orderId: 1, reason: "other", remarks }) });
    expect(refund.status).not.toBe(418);
    expect((await send("/stubbed", { headers: { "x-probe": `${"a".repeat(10_000)}!` } })).status).not.toBe(204);
    expect((await send("/stubbed", { headers: { "x-probe": "aaa" } })).status).toBe(204);
  });

  it("from files stay across a reset; those added by the control go", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mcoin-stubs-"));
    try {
      writeFileSync(join(dir, "ping.json"), JSON.stringify({ request: { urlPath: "/ping" }, response: { body: "pong" } }));
      const withFiles = createSandbox({ stubsDir: dir });
      withFiles.instruments.stubs.add(mappingsOf(StubFileSchema.parse({ request: { urlPath: "/added" }, response: { body: "added" } })), "control");
      expect(withFiles.instruments.stubs.size).toBe(2);
      withFiles.reset();
      expect(withFiles.instruments.stubs.list().map((view) => view.source)).toEqual(["ping.json"]);
      expect(await (await withFiles.handle(new Request(`${BASE}/ping`))).text()).toBe("pong");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("are added, listed and cleared through the control API", async () => {
    const control = (init: RequestInit = {}) => sandbox.handle(new Request(`${CONTROLS}/__sandbox/stubs`, { ...init, headers: { "content-type": "application/json" } }));
    const added = await control({ method: "POST", body: JSON.stringify({ mappings: [{ name: "sold out", request: { urlPath: "/x" }, response: { status: 204 } }] }) });
    expect(added.status).toBe(200);
    expect((await (await control()).json()).stubs).toEqual([expect.objectContaining({ name: "sold out", url: "/x", priority: 5, served: 0 })]);
    expect((await send("/x")).status).toBe(204);
    expect(await (await control({ method: "DELETE" })).json()).toEqual({ ok: true, removed: 1 });
    const refused = await control({ method: "POST", body: JSON.stringify({ request: { urlPath: "/x", bodyPatterns: [{ equalToXml: "<x/>" }] }, response: {} }) });
    expect(refused.status).toBe(400);
  });
});

describe("mapping files", () => {
  it("outside the subset are refused with the file and the field named", () => {
    const dir = mkdtempSync(join(tmpdir(), "mcoin-stubs-"));
    try {
      writeFileSync(join(dir, "proxy.json"), JSON.stringify({ request: { url: "/a" }, response: { proxyBaseUrl: "http://elsewhere", webhook: {} } }));
      expect(() => readStubFolder(dir)).toThrow(/proxy\.json: response: webhook is outside the mapping format/);
      writeFileSync(join(dir, "proxy.json"), JSON.stringify({ mappings: [{ request: { url: "/a", queryParameters: { q: { equalTo: "1", matches: "1" } } } }] }));
      expect(() => readStubFolder(dir)).toThrow(/proxy\.json: mappings\.0\.request\.queryParameters\.q: a matcher has exactly one/);
      writeFileSync(join(dir, "proxy.json"), JSON.stringify({ request: { urlPathPattern: "/(a)\\1" }, response: { status: 204 } }));
      expect(() => readStubFolder(dir)).toThrow(/proxy\.json: request\.urlPathPattern: not a regular expression that runs in linear time/);
      writeFileSync(join(dir, "proxy.json"), "{ not json");
      expect(() => readStubFolder(dir)).toThrow(/proxy\.json: not JSON/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("equalToJson", () => {
  const strict = { ignoreArrayOrder: false, ignoreExtraElements: false };
  it("compares values, keys in any order, arrays in order unless told", () => {
    expect(jsonEqual({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 }, strict)).toBe(true);
    expect(jsonEqual([1, 2], [2, 1], strict)).toBe(false);
    expect(jsonEqual([1, 2], [2, 1], { ...strict, ignoreArrayOrder: true })).toBe(true);
    expect(jsonEqual([1, 1], [1, 2], { ...strict, ignoreArrayOrder: true })).toBe(false);
    expect(jsonEqual({ a: null }, { a: 0 }, strict)).toBe(false);
    expect(jsonEqual({ a: 1 }, { a: 1, b: 2 }, strict)).toBe(false);
    expect(jsonEqual({ a: 1 }, { a: 1, b: 2 }, { ...strict, ignoreExtraElements: true })).toBe(true);
  });
});

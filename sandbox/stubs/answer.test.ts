/**
 * Every field of a stub's response as WireMock 3 answers it (sandbox/stubs/answer.ts): the reason
 * phrase, the bodies (text, JSON, Base64, a file under __files/), templating when asked or under the
 * global flag, the 500 that a failing template, a missing file or one outside __files/ answers, the
 * delays and the dribble on the sandbox's timer (held here, no real time), and the secure gateway's
 * bodies sealed with the request's key.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setupServer } from "msw/node";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createFetchTransport } from "#core/api/transport";
import { TASK_DETAIL_URL } from "#core/api/task-center";
import { StubFileSchema, StubResponseSchema, mappingsOf, type StubMappingInput } from "#core/controls/stubs";
import { createGatewayClient } from "#core/node/gateway/client";
import { openReply, sealRequest } from "#core/node/gateway/envelope";
import { gatewaySettings } from "#core/node/gateway/settings";
import { createSandbox } from "../index";
import { HeldTimer } from "../instruments/timer";
import { delayOf } from "./answer";

const BASE = "http://gateway.test";
const root = mkdtempSync(join(tmpdir(), "mcoin-answer-"));
const filesDir = join(root, "__files");
mkdirSync(join(filesDir, "orders"), { recursive: true });
writeFileSync(join(filesDir, "hello.txt"), "Hello from {{request.path}}");
writeFileSync(join(filesDir, "orders", "42.json"), '{"order":42}');
writeFileSync(join(root, "secret.txt"), "outside");
afterAll(() => rmSync(root, { recursive: true, force: true }));

const timer = new HeldTimer();
const sandbox = createSandbox({ timer });
afterEach(() => sandbox.reset());

function stub(...mappings: StubMappingInput[]) {
  return sandbox.instruments.stubs.add(mappingsOf(StubFileSchema.parse({ mappings })), "test", { filesDir });
}
const send = (path: string, init: RequestInit = {}) => sandbox.handle(new Request(`${BASE}${path}`, init));

describe("the reply's fields", () => {
  it("the status and its reason phrase, headers of one or many values, and the stub's id", async () => {
    const [view] = stub({ request: { urlPath: "/fine" }, response: { status: 299, statusMessage: "Very Fine", headers: { "X-One": "1", "X-Many": ["a", "b"] }, body: "ok" } });
    const reply = await send("/fine");
    expect([reply.status, reply.statusText, await reply.text()]).toEqual([299, "Very Fine", "ok"]);
    expect([reply.headers.get("x-one"), reply.headers.get("x-many"), reply.headers.get("matched-stub-id")]).toEqual(["1", "a, b", view.id]);
  });

  it("base64Body is bytes, jsonBody JSON, and a file under __files/ is read as it is", async () => {
    stub(
      { request: { urlPath: "/bytes" }, response: { base64Body: Buffer.from([0, 255, 10]).toString("base64") } },
      { request: { urlPath: "/json" }, response: { jsonBody: { a: [1] } } },
      { request: { urlPath: "/file" }, response: { bodyFileName: "hello.txt", headers: { "Content-Type": "text/plain" } } },
      { request: { urlPath: "/nested" }, response: { bodyFileName: "orders/42.json" } },
    );
    expect([...new Uint8Array(await (await send("/bytes")).arrayBuffer())]).toEqual([0, 255, 10]);
    const json = await send("/json");
    // As WireMock: no content type the stub does not name.
    expect([json.headers.get("content-type"), await json.json()]).toEqual([null, { a: [1] }]);
    // Not a template unless asked: the file comes as it is.
    expect(await (await send("/file")).text()).toBe("Hello from {{request.path}}");
    expect(await (await send("/nested")).text()).toBe('{"order":42}');
  });

  it("what WireMock answers with a 500 is a 500 saying why, and the sandbox answers on", async () => {
    stub(
      { request: { urlPath: "/missing" }, response: { bodyFileName: "nope.txt" } },
      { request: { urlPath: "/climb/secret.txt" }, response: { bodyFileName: "../{{request.pathSegments.[1]}}", transformers: ["response-template"] } },
      { request: { urlPath: "/broken" }, response: { status: 201, body: "x {{#if}} y", transformers: ["response-template"] } },
      { request: { urlPath: "/helper" }, response: { body: "{{nosuch 1}}", transformers: ["response-template"] } },
    );
    const missing = await send("/missing");
    expect([missing.status, await missing.text()]).toEqual([500, expect.stringContaining("nope.txt: no such file")]);
    const climbed = await send("/climb/secret.txt");
    expect([climbed.status, await climbed.text()]).toEqual([500, expect.stringContaining("Access to file ../secret.txt is not permitted")]);
    expect((await send("/broken")).status).toBe(500);
    expect(await (await send("/helper")).text()).toMatch(/response template of stub .* failed: .*nosuch/);
    expect((await send("/api/business/productdetail?id=1")).status).toBe(200);
  });

  it("a mapping is refused at load for a file outside __files/, two bodies, or a transformer that is an extension", () => {
    const problems = (response: unknown) => StubResponseSchema.safeParse(response).error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`) ?? [];
    expect(problems({ bodyFileName: "../../etc/passwd" })).toEqual(["bodyFileName: bodyFileName must stay under __files/ (it climbs out with ..)"]);
    expect(problems({ bodyFileName: "/etc/passwd" })).toEqual(["bodyFileName: bodyFileName must be a path under __files/, not an absolute one"]);
    expect(problems({ body: "a", base64Body: "YQ==" })).toEqual([": a response has at most one of body, jsonBody, base64Body and bodyFileName"]);
    expect(problems({ transformers: ["body-transformer"] })).toEqual(['transformers.0: the only transformer served is "response-template" (WireMock\'s response templating); extensions are not']);
    expect(problems({ delayDistribution: { type: "uniform", lower: 50, upper: 10 } })).toHaveLength(1);
  });
});

describe("templating", () => {
  it("applies with transformers: the body, jsonBody as text, headers, the file's name and its text", async () => {
    const transformers: ["response-template"] = ["response-template"];
    stub(
      { request: { urlPath: "/orders/42" }, response: { bodyFileName: "orders/{{request.pathSegments.[1]}}.json", transformers } },
      { request: { urlPath: "/hello" }, response: { bodyFileName: "hello.txt", headers: { "X-Path": "{{request.path}}" }, transformers } },
      { request: { urlPath: "/echo" }, response: { jsonBody: { id: "{{jsonPath request.body '$.id'}}", q: "{{request.query.q}}" }, transformers, transformerParameters: {} } },
    );
    expect(await (await send("/orders/42")).text()).toBe('{"order":42}');
    const hello = await send("/hello");
    expect([await hello.text(), hello.headers.get("x-path")]).toEqual(["Hello from /hello", "/hello"]);
    const echo = await send("/echo?q=x", { method: "POST", body: JSON.stringify({ id: 7 }) });
    expect(await echo.json()).toEqual({ id: "7", q: "x" });
  });

  it("is off without transformers, and on for every stub under --global-response-templating", async () => {
    stub({ request: { urlPath: "/plain" }, response: { body: "{{request.path}}" } });
    expect(await (await send("/plain")).text()).toBe("{{request.path}}");
    const global = createSandbox({ globalResponseTemplating: true });
    global.instruments.stubs.add(mappingsOf(StubFileSchema.parse({ request: { urlPath: "/plain" }, response: { body: "{{request.path}}" } })), "test");
    expect(await (await global.handle(new Request(`${BASE}/plain`))).text()).toBe("/plain");
  });

  it("reads the sandbox's clock", async () => {
    sandbox.instruments.clock.set(Date.UTC(2030, 0, 2, 3, 4, 5));
    stub({ request: { urlPath: "/now" }, response: { body: "{{now format='yyyy-MM-dd HH:mm:ss'}}", transformers: ["response-template"] } });
    expect(await (await send("/now")).text()).toBe("2030-01-02 03:04:05");
  });
});

describe("delays and the dribble, on the sandbox's timer", () => {
  it("a fixed delay and a drawn one add up, and the reply waits for them", async () => {
    stub({ request: { urlPath: "/slow" }, response: { fixedDelayMilliseconds: 100, delayDistribution: { type: "uniform", lower: 20, upper: 20 }, body: "late" } });
    const reply = send("/slow");
    expect(await timer.waiting()).toBe(120);
    timer.release();
    expect(await (await reply).text()).toBe("late");
  });

  it("draws lognormal around its median, capped by maxValue, and fixed as given", () => {
    const lognormal = { type: "lognormal" as const, median: 80, sigma: 0.4 };
    // A draw of 0.5 then 0.25 is a standard normal of 0: the median itself.
    const draws = [0.5, 0.25];
    expect(delayOf({ status: 200, delayDistribution: lognormal }, () => draws.shift() ?? 0.5)).toBe(80);
    expect(delayOf({ status: 200, delayDistribution: { ...lognormal, maxValue: 50 } }, () => 0.5)).toBeLessThanOrEqual(50);
    expect(delayOf({ status: 200, fixedDelayMilliseconds: 5, delayDistribution: { type: "fixed", milliseconds: 10 } })).toBe(15);
  });

  it("chunkedDribbleDelay sends the body in pieces, each after its share of the time", async () => {
    stub({ request: { urlPath: "/dribble" }, response: { body: "abcdefgh", chunkedDribbleDelay: { numberOfChunks: 4, totalDuration: 200 } } });
    const dispatched = await sandbox.dispatch(new Request(`${BASE}/dribble`));
    expect(dispatched.streamed).toBe(true);
    const reader = dispatched.response.body!.getReader();
    const pieces: string[] = [];
    const decoder = new TextDecoder();
    pieces.push(decoder.decode((await reader.read()).value));
    for (let piece = 1; piece < 4; piece += 1) {
      const next = reader.read();
      expect(await timer.waiting()).toBe(50);
      timer.release();
      pieces.push(decoder.decode((await next).value));
    }
    expect(pieces).toEqual(["ab", "cd", "ef", "gh"]);
    expect((await reader.read()).done).toBe(true);
  });
});

describe("the secure gateway", () => {
  it("seals any body, templated on the opened request, and signs it", async () => {
    stub({
      request: { method: "POST", urlPath: TASK_DETAIL_URL },
      response: {
        body: '{"result":{"code":"000000","subCode":"0000","message":"ok"},"data":{"task_no":"{{jsonPath request.body \'$.task_no\'}}","templated":true}}',
        transformers: ["response-template"],
      },
    });
    const server = setupServer(...sandbox.handlers);
    server.listen({ onUnhandledRequest: "error" });
    try {
      const settings = gatewaySettings({ environment: "sandbox", vars: {}, sandboxUrl: BASE, sandboxKeys: () => sandbox.state.gatewayKeys });
      const client = createGatewayClient(settings, { transport: createFetchTransport() });
      const detail = { system_name: "taskCenter", data_source: "H5", task_no: "T7", cust_id_ciphertext: "C1" };
      const reply = await client.call<{ data: { task_no: string; templated: boolean } }>(TASK_DETAIL_URL, detail, { token: "C1" });
      expect(reply.data).toEqual({ task_no: "T7", templated: true });
    } finally {
      server.close();
    }
  });

  /** One sealed call to the task detail, dispatched as the server would; its key opens the reply. */
  async function sealedCall(taskNo: string) {
    const settings = gatewaySettings({ environment: "sandbox", vars: {}, sandboxUrl: BASE, sandboxKeys: () => sandbox.state.gatewayKeys });
    const sealed = sealRequest(settings, { functionUrl: TASK_DETAIL_URL, body: { system_name: "taskCenter", data_source: "H5", task_no: taskNo, cust_id_ciphertext: "C1" } });
    const dispatched = await sandbox.dispatch(new Request(`${BASE}${TASK_DETAIL_URL}`, { method: "POST", headers: sealed.headers, body: sealed.body }));
    return { dispatched, open: async () => openReply(await dispatched.response.text(), sealed.key, sealed.iv) };
  }

  it("seals base64Body and a file's bytes, keeps the reason phrase, and acts on a stub's fault", async () => {
    const task = (taskNo: string) => ({ method: "POST" as const, urlPath: TASK_DETAIL_URL, bodyPatterns: [{ equalToJson: { task_no: taskNo }, ignoreExtraElements: true }] });
    stub(
      { request: task("B64"), response: { status: 202, statusMessage: "Sealed", base64Body: Buffer.from('{"from":"base64"}').toString("base64") } },
      { request: task("FILE"), response: { bodyFileName: "orders/42.json" } },
      { request: task("RESET"), response: { fault: "CONNECTION_RESET_BY_PEER" } },
      { request: task("DRIBBLE"), response: { jsonBody: { slow: true }, chunkedDribbleDelay: { numberOfChunks: 2, totalDuration: 10 } } },
    );
    const b64 = await sealedCall("B64");
    expect([b64.dispatched.response.status, b64.dispatched.response.statusText]).toEqual([202, "Sealed"]);
    expect(await b64.open()).toEqual({ decrypted: true, value: { from: "base64" } });
    expect(await (await sealedCall("FILE")).open()).toEqual({ decrypted: true, value: { order: 42 } });
    expect((await sealedCall("RESET")).dispatched.connection).toBe("reset");
    const dribble = await sealedCall("DRIBBLE");
    expect(dribble.dispatched.streamed).toBe(true);
    const opening = dribble.open();
    await timer.waiting();
    timer.release();
    expect(await opening).toEqual({ decrypted: true, value: { slow: true } });
  });
});

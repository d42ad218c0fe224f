/**
 * The traffic inspector (harness/inspector) on the sandbox: each exchange is analysed (names,
 * members, markers, the secure envelope opened and its signatures checked, the registry's
 * validation), the list filters, and the API refuses what the controls refuse.
 */
import { describe, expect, it } from "vitest";
import { createFetchTransport } from "#core/api/transport";
import { basicInformation } from "#core/api/endpoints";
import { ExchangeDetailSchema, ExchangeListSchema, INSPECT_API } from "#core/controls/inspect";
import { createGatewayClient } from "#core/node/gateway/client";
import { HEADER, sealRequest } from "#core/node/gateway/envelope";
import { gatewaySettings } from "#core/node/gateway/settings";
import { TASK_DETAIL_URL } from "#core/api/task-center";
import { IN_PROCESS_BASE, inProcess } from "./testing";

describe("the sandbox's inspector", () => {
  it("keeps each gateway call whole: name, member, status, time, commands; not the controls", async () => {
    const { sandbox, client, request } = inProcess();
    const chan = await client("mpay-1001");
    await chan.call(basicInformation, {});
    await request("/__sandbox/faults");
    await expect.poll(() => sandbox.instruments.inspected.size).toBe(2);
    const list = ExchangeListSchema.parse((await request(INSPECT_API.exchanges)).body);
    expect(list.exchanges.map((exchange) => exchange.path)).toEqual(["/api/auth/basicinformation", "/member/login"]);
    const [info] = list.exchanges;
    expect(info).toMatchObject({ method: "GET", name: basicInformation.name, kind: "api", status: 200, member: "mpay-1001" });
    const detail = ExchangeDetailSchema.parse((await request(`${INSPECT_API.exchanges}/${info.seq}`)).body);
    expect(detail.reply.body?.json).toMatchObject({ code: 200, data: { point: 12580 } });
    expect(detail.validation?.reply).toEqual([]);
    expect(detail.commands.curl).toMatch(/^curl http:\/\/127\.0\.0\.1:4999\/api\/auth\/basicinformation .*-H 'authorization: Bearer sbx_/);
    expect(detail.commands.mcoin).toMatch(/^npx mcoin api GET \/api\/auth\/basicinformation --token sbx_\S+ --base-url http:\/\/127\.0\.0\.1:4999$/);
  });

  it("opens a secure call: the key recovered, both bodies decrypted, the signature verified; a nonce sent again is named", async () => {
    const { sandbox } = inProcess();
    const keys = sandbox.state.gatewayKeys;
    const settings = gatewaySettings({ environment: "sandbox", vars: {}, sandboxUrl: IN_PROCESS_BASE, sandboxKeys: () => keys });
    const transport = createFetchTransport((input, init) => sandbox.handle(new Request(input, init)));
    const gateway = createGatewayClient(settings, { transport });
    const body = { system_name: "taskCenter", data_source: "H5", task_no: "T1", cust_id_ciphertext: "C1" };
    await gateway.call(TASK_DETAIL_URL, body).catch(() => undefined);
    // The same sealed request twice: the gateway refuses the second, the inspector says why.
    const sealed = sealRequest(settings, { functionUrl: TASK_DETAIL_URL, body });
    for (let index = 0; index < 2; index++) await sandbox.handle(new Request(`${IN_PROCESS_BASE}${TASK_DETAIL_URL}`, { method: "POST", headers: sealed.headers, body: sealed.body }));
    await expect.poll(() => sandbox.instruments.inspected.size).toBe(3);
    const [again, first, call] = sandbox.instruments.inspected.list();
    expect(call.summary).toMatchObject({ kind: "secure", name: "getTaskDetail", status: 200 });
    const envelope = call.detail.envelope;
    expect(envelope?.key.recovered).toBe(true);
    expect(envelope?.request.opened).toEqual(body);
    expect(envelope?.reply.opened).toMatchObject({ result: { code: "000000" } });
    expect(envelope?.signature).toMatchObject({ request: "verified", reply: "verified", detail: "signature verified" });
    expect(Math.abs(envelope?.requestTime.skewMs ?? Infinity)).toBeLessThan(2000);
    expect(call.detail.commands.mcoin).toContain("npx mcoin gateway call getTaskDetail --data");
    expect(first.detail.envelope?.nonce.reusedFrom).toBeUndefined();
    expect(again.detail.envelope?.nonce).toMatchObject({ value: sealed.nonce, reusedFrom: first.summary.seq });
    expect(again.summary.status).toBe(401);
    expect(call.detail.request.headers[HEADER.encrypt.toLowerCase()]).toBeDefined();
  });

  it("marks a faulted call, a near miss and a stub's answer", async () => {
    const { sandbox, request } = inProcess();
    await request("/__sandbox/faults", { body: { path: "system/time", kind: "http500" } });
    await request("/api/system/time");
    await request("/api/system/tme");
    await request("/__sandbox/stubs", { body: { request: { method: "GET", url: "/api/system/time" }, response: { status: 200, jsonBody: { code: 200, data: { sysTime: 1 } } } } });
    await request("/api/system/time");
    await expect.poll(() => sandbox.instruments.inspected.size).toBe(3);
    const [stubbed, missed, faulted] = sandbox.instruments.inspected.list();
    expect(faulted.summary).toMatchObject({ status: 500, markers: { fault: "http500" } });
    expect(missed.summary.markers.nearMiss).toBe(true);
    expect(missed.detail.nearMiss?.closest[0]?.path).toBe("/api/system/time");
    expect(stubbed.summary.markers.stub).toBeDefined();
  });

  it("filters by path, status class, member, fault and text in the bodies", async () => {
    const { request, client, sandbox } = inProcess();
    await (await client("mpay-1001")).call(basicInformation, {});
    await request("/__sandbox/faults", { body: { path: "system/time", kind: "http500" } });
    await request("/api/system/time");
    await expect.poll(() => sandbox.instruments.inspected.size).toBe(3);
    const paths = async (query: string) => ExchangeListSchema.parse((await request(`${INSPECT_API.exchanges}?${query}`)).body).exchanges.map((exchange) => exchange.path);
    expect(await paths("path=BASICinfo")).toEqual(["/api/auth/basicinformation"]);
    expect(await paths("status=5xx")).toEqual(["/api/system/time"]);
    expect(await paths("fault=1")).toEqual(["/api/system/time"]);
    expect(await paths("member=mpay-1001")).toEqual(["/api/auth/basicinformation"]);
    expect(await paths("text=12580")).toEqual(["/api/auth/basicinformation"]);
    expect(await paths("text=mpay-1001")).toEqual(["/member/login"]);
  });

  it("needs the control token for its API, its stream above all, on a sandbox that has one; the page itself asks for it", async () => {
    const { sandbox } = inProcess({ controlToken: "s3cret-token" });
    const at = (path: string, headers: Record<string, string> = {}) => sandbox.handle(new Request(`http://192.0.2.10:4010${path}`, { headers }));
    expect((await at(INSPECT_API.stream)).status).toBe(401);
    expect((await at(INSPECT_API.exchanges)).status).toBe(401);
    expect((await at(INSPECT_API.stream, { "x-sandbox-token": "wrong" })).status).toBe(401);
    const open = await at(INSPECT_API.stream, { "x-sandbox-token": "s3cret-token" });
    expect(open.status).toBe(200);
    expect(open.headers.get("content-type")).toBe("text/event-stream");
    await open.body?.cancel();
    const page = await at("/__sandbox/inspect");
    expect([200, 503]).toContain(page.status);
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
  });

  it("without a token answers only loopback names, and never another origin's page", async () => {
    const { sandbox } = inProcess();
    expect((await sandbox.handle(new Request(`http://rebound.example:4010${INSPECT_API.stream}`))).status).toBe(403);
    const crossSite = await sandbox.handle(new Request(`${IN_PROCESS_BASE}${INSPECT_API.exchanges}`, { headers: { "sec-fetch-site": "cross-site" } }));
    expect(crossSite.status).toBe(403);
  });

  it("refuses bad input with a 400 and adds a fault the next call meets", async () => {
    const { request, sandbox } = inProcess();
    expect((await request(INSPECT_API.fault, { body: { path: "", kind: "reset" } })).status).toBe(400);
    expect((await request(INSPECT_API.fault, { body: { path: "x", kind: "meteor" } })).status).toBe(400);
    expect((await request(INSPECT_API.fault, { body: "{not json" })).status).toBe(400);
    expect((await request(`${INSPECT_API.exchanges}/99`)).status).toBe(404);
    expect((await request(INSPECT_API.save, { body: { seqs: [1], name: "../etc" } })).status).toBe(400);
    expect((await request(INSPECT_API.fault, { body: { path: "basicinformation", kind: "http500" } })).status).toBe(200);
    await request("/api/auth/basicinformation");
    await expect.poll(() => sandbox.instruments.inspected.list()[0]?.summary.markers.fault).toBe("http500");
  });
});

/**
 * WireMock's admin API on the sandbox (sandbox/stubs/admin.ts): WireMock's own client
 * (wiremock-captain) creates a stub, sees it served, reads the request log and resets; the API's
 * shapes and statuses are WireMock 3's; it stands behind the controls' guard (token, loopback names,
 * other origins, JSON only) and answers a bad body with a 4xx, never a 500.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WireMock } from "wiremock-captain";
import { control, start, statusWithHost } from "../http-testing";

const HELLO = { name: "hello", request: { method: "GET", url: "/hello" }, response: { status: 200, jsonBody: { hi: 1 } }, metadata: { team: "wallet" } };

describe("wiremock-captain, pointed at the sandbox", () => {
  it("creates a stub, sees it served, reads the request log and resets", async () => {
    const { url } = await start();
    const mock = new WireMock(url);
    const created = (await mock.register({ method: "POST", endpoint: "/points/check", body: { member: "m1" } }, { status: 201, body: { ok: true } })) as { id: string };
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await mock.getAllMappings()) as unknown[]).toEqual([expect.objectContaining({ id: created.id, request: expect.objectContaining({ url: "/points/check" }) })]);

    const served = await fetch(`${url}/points/check`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ member: "m1" }) });
    expect(served.status).toBe(201);
    expect(await served.json()).toEqual({ ok: true });

    const requests = (await mock.getRequestsForAPI("POST", "/points/check")) as { request: { body: string }; wasMatched: boolean; stubMapping: { id: string } }[];
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ wasMatched: true, stubMapping: { id: created.id } });
    expect(JSON.parse(requests[0].request.body)).toEqual({ member: "m1" });

    await fetch(`${url}/points/chek`);
    expect(((await mock.getUnmatchedRequests()) as { url: string }[]).map((request) => request.url)).toEqual(["/points/chek"]);
    const other = (await mock.register({ method: "GET", endpoint: "/other" }, { status: 200 })) as { id: string };
    await mock.deleteMapping(other.id);
    expect(((await mock.getAllMappings()) as { id: string }[]).map((mapping) => mapping.id)).toEqual([created.id]);
    await mock.resetAllScenarios();

    await mock.clearAll();
    expect(await mock.getAllMappings()).toEqual([]);
    expect(await mock.getAllRequests()).toEqual([]);
    expect((await fetch(`${url}/points/check`, { method: "POST", body: "{}" })).status).toBe(404);
  });
});

describe("the admin API", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "mcoin-admin-"));
    mkdirSync(join(dir, "mappings"));
    writeFileSync(join(dir, "mappings", "kept.json"), JSON.stringify({ id: "a0000000-0000-4000-8000-000000000001", request: { url: "/kept" }, response: { status: 204 } }));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const json = async (response: Response) => ({ status: response.status, body: response.status === 200 || response.status >= 400 ? await response.json().catch(() => null) : null });

  it("lists, gets, replaces and deletes mappings as WireMock does; a reset keeps those from files", async () => {
    const { url } = await start({ stubsDir: dir });
    const created = await control(url, "/__admin/mappings", { body: HELLO });
    expect(created.status).toBe(201);
    const mapping = (await created.json()) as { id: string; uuid: string };
    expect(mapping).toMatchObject({ name: "hello", request: { url: "/hello", method: "GET" }, uuid: mapping.id });
    const listed = await (await control(url, "/__admin/mappings")).json();
    expect(listed).toMatchObject({ meta: { total: 2 }, mappings: [{ id: mapping.id }, { id: "a0000000-0000-4000-8000-000000000001" }] });
    expect(await json(await control(url, `/__admin/mappings/${mapping.id}`))).toMatchObject({ status: 200, body: { id: mapping.id } });

    const replaced = await control(url, `/__admin/mappings/${mapping.id}`, { method: "PUT", body: { request: { url: "/hello2" }, response: { status: 202 } } });
    expect(await json(replaced)).toMatchObject({ status: 200, body: { id: mapping.id, request: { url: "/hello2" } } });
    expect((await fetch(`${url}/hello2`)).status).toBe(202);

    const found = await (await control(url, "/__admin/mappings/find-by-metadata", { body: { matchesJsonPath: { expression: "$.team", equalTo: "wallet" } } })).json();
    expect(found).toEqual({ mappings: [], meta: { total: 0 } });

    expect((await control(url, "/__admin/mappings/b0000000-0000-4000-8000-000000000009")).status).toBe(404);
    expect(await json(await control(url, "/__admin/mappings/nope"))).toEqual({ status: 400, body: { errors: [{ code: 10, title: "nope is not a valid UUID" }] } });
    expect((await control(url, `/__admin/mappings/${mapping.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await control(url, `/__admin/mappings/${mapping.id}`, { method: "DELETE" })).status).toBe(404);

    await control(url, "/__admin/mappings", { body: HELLO });
    expect((await control(url, "/__admin/mappings/remove-by-metadata", { body: { matchesJsonPath: "$.team" } })).status).toBe(200);
    await control(url, "/__admin/mappings", { body: HELLO });
    expect((await control(url, "/__admin/mappings/reset", { method: "POST" })).status).toBe(200);
    expect(((await (await control(url, "/__admin/mappings")).json()) as { mappings: { id: string }[] }).mappings.map((one) => one.id)).toEqual(["a0000000-0000-4000-8000-000000000001"]);
    expect((await control(url, "/__admin/mappings", { method: "DELETE" })).status).toBe(200);
    expect((await fetch(`${url}/kept`)).status).toBe(404);
  });

  it("counts and finds requests by pattern, lists the unmatched and their near misses", async () => {
    const { url } = await start();
    await control(url, "/__admin/mappings", { body: HELLO });
    await fetch(`${url}/hello`);
    await fetch(`${url}/hello`);
    await fetch(`${url}/helo`);
    expect(await (await control(url, "/__admin/requests/count", { body: { method: "GET", url: "/hello" } })).json()).toEqual({ count: 2, requestJournalDisabled: false });
    const found = (await (await control(url, "/__admin/requests/find", { body: { urlPath: "/helo" } })).json()) as { requests: { url: string }[] };
    expect(found.requests.map((request) => request.url)).toEqual(["/helo"]);
    const unmatched = (await (await control(url, "/__admin/requests/unmatched")).json()) as { requests: { url: string }[] };
    expect(unmatched.requests.map((request) => request.url)).toEqual(["/helo"]);
    const near = (await (await control(url, "/__admin/requests/unmatched/near-misses")).json()) as { nearMisses: unknown[] };
    expect(near.nearMisses).toEqual([
      {
        request: expect.objectContaining({ url: "/helo", method: "GET" }),
        stubMapping: expect.objectContaining({ name: "hello" }),
        matchResult: expect.objectContaining({ distance: expect.any(Number), diffDescriptions: [expect.objectContaining({ expected: "/hello", actual: "/helo" })] }),
      },
    ]);
    const asked = (await (await control(url, "/__admin/near-misses/request", { body: { url: "/hellp", method: "GET" } })).json()) as { nearMisses: { stubMapping: { name: string } }[] };
    expect(asked.nearMisses.map((miss) => miss.stubMapping.name)).toEqual(["hello"]);
    expect((await control(url, "/__admin/requests", { method: "DELETE" })).status).toBe(200);
    expect(await (await control(url, "/__admin/requests")).json()).toEqual({ requests: [], meta: { total: 0 }, requestJournalDisabled: false });
  });

  it("shows, sets and resets scenarios", async () => {
    const { url } = await start();
    const step = (required: string, next: string) => ({ scenarioName: "S", requiredScenarioState: required, newScenarioState: next, request: { url: "/s" }, response: { body: next } });
    await control(url, "/__admin/mappings", { body: step("Started", "two") });
    await control(url, "/__admin/mappings", { body: step("two", "Started") });
    await fetch(`${url}/s`);
    expect(await (await control(url, "/__admin/scenarios")).json()).toMatchObject({ scenarios: [{ id: "S", name: "S", state: "two", possibleStates: ["Started", "two"] }] });
    expect((await control(url, "/__admin/scenarios/reset", { method: "POST" })).status).toBe(200);
    expect(await (await fetch(`${url}/s`)).text()).toBe("two");
    expect((await control(url, "/__admin/scenarios/S/state", { method: "PUT", body: { state: "Started" } })).status).toBe(200);
    expect(await json(await control(url, "/__admin/scenarios/Nope/state", { method: "PUT", body: { state: "two" } }))).toEqual({
      status: 404,
      body: { errors: [{ code: 404, title: "Scenario Nope does not exist" }] },
    });
    expect((await control(url, "/__admin/scenarios/S/state", { method: "PUT", body: { state: "three" } })).status).toBe(422);
  });

  it("answers a bad body with WireMock's 422 naming every problem, never a 500, and adds nothing", async () => {
    const { url } = await start();
    const bad = await control(url, "/__admin/mappings", { body: { request: { method: "GET T", urlx: "/a" }, response: { status: 9 } } });
    expect(bad.status).toBe(422);
    const { errors } = (await bad.json()) as { errors: { source: { pointer: string }; detail: string }[] };
    expect(errors.map((error) => error.source.pointer)).toEqual(["/request/method", "/request", "/response/status"]);
    for (const [path, body] of [
      ["/__admin/mappings", "nope"],
      ["/__admin/mappings", "[".repeat(5000)],
      ["/__admin/requests/count", JSON.stringify({ urlx: 1 })],
      ["/__admin/requests/find", "42"],
      ["/__admin/near-misses/request", JSON.stringify({ url: 1 })],
      ["/__admin/mappings/find-by-metadata", JSON.stringify({ bogus: 1 })],
      ["/__admin/scenarios/S/state", JSON.stringify({ state: 3 })],
    ]) {
      const response = await fetch(`${url}${path}`, { method: path.endsWith("state") ? "PUT" : "POST", headers: { "content-type": "application/json" }, body });
      expect(response.status, `${path} ${body.slice(0, 20)}`).toBeGreaterThanOrEqual(400);
      expect(response.status, `${path} ${body.slice(0, 20)}`).toBeLessThan(500);
    }
    expect(await (await control(url, "/__admin/mappings")).json()).toEqual({ mappings: [], meta: { total: 0 } });
  });
});

describe("who may use the admin API", () => {
  it("bound beyond loopback, it needs the control token; other origins and bodies not JSON are refused", async () => {
    const { url, controlToken } = await start({ host: "0.0.0.0" });
    expect((await control(url, "/__admin/mappings")).status).toBe(401);
    expect((await control(url, "/__admin/mappings", { body: HELLO })).status).toBe(401);
    expect((await control(url, "/__admin/reset", { method: "POST" })).status).toBe(401);
    const token = { "x-sandbox-token": controlToken! };
    expect((await control(url, "/__admin/mappings", { body: HELLO, headers: { ...token, origin: "http://evil.example" } })).status).toBe(403);
    expect((await control(url, "/__admin/mappings", { body: HELLO, headers: { ...token, "sec-fetch-site": "cross-site" } })).status).toBe(403);
    const noCors = await fetch(`${url}/__admin/mappings`, { method: "POST", body: JSON.stringify(HELLO), headers: { ...token, "content-type": "text/plain" } });
    expect(noCors.status).toBe(415);
    expect(await (await control(url, "/__admin/mappings", { headers: token })).json()).toEqual({ mappings: [], meta: { total: 0 } });
  });

  it("without a token, answers loopback names only (not a DNS-rebound page); admin calls are never logged nor stubbed", async () => {
    const { url } = await start();
    expect(await statusWithHost(url, "/__admin/mappings", "evil.example:4010")).toBe(403);
    expect(await statusWithHost(url, "/__admin/mappings", "localhost:4010")).toBe(200);
    await control(url, "/__admin/mappings", { body: { request: { urlPattern: ".*" }, response: { status: 418 } } });
    expect((await control(url, "/__admin/mappings")).status).toBe(200);
    expect(await (await control(url, "/__admin/requests")).json()).toMatchObject({ meta: { total: 0 } });
  });
});

/** Who may use the sandbox's controls (control-guard.ts): the control token, loopback names, other origins, JSON only, strict input; the clock and members kept in range; and what GET /__sandbox/state shows and hides. */
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { loadFixtures } from "./fixtures";
import { searchHistory, searchProduct } from "#core/api/catalog-endpoints";
import { memberLogin, systemTime } from "#core/api/endpoints";
import { startSandboxServer } from "./server";
import { chooseMember, client, closeAfterTest, control, digest, signInThroughLoginPage, start, statusWithHost } from "./http-testing";

const YEAR_MS = 365 * 86_400_000;

describe("who may use the controls", () => {
  it("listens on 127.0.0.1 unless told otherwise, and then needs no control token", async () => {
    const sandbox = await startSandboxServer({ port: 0 });
    closeAfterTest(sandbox);
    expect((sandbox.server.address() as AddressInfo).address).toBe("127.0.0.1");
    expect(sandbox.controlToken).toBeNull();
    expect((await control(sandbox.url, "/__sandbox/log")).status).toBe(200);
  });

  it("bound beyond loopback, every control but health needs the control token, in either header", async () => {
    const { url, controlToken } = await start({ host: "0.0.0.0" });
    expect(controlToken).toMatch(/^[\w-]{32}$/);
    expect((await control(url, "/__sandbox/health")).status).toBe(200);
    const wrong: Record<string, string>[] = [{}, { "x-sandbox-token": "wrong" }, { authorization: "Bearer wrong" }, { authorization: `Basic ${controlToken}` }];
    for (const headers of wrong) {
      const response = await control(url, "/__sandbox/log", { headers });
      expect(response.status, JSON.stringify(headers)).toBe(401);
      expect(await response.json()).toMatchObject({ ok: false, error: expect.stringContaining("control token") });
    }
    const before = await digest(url, { "x-sandbox-token": controlToken! });
    expect((await control(url, "/__sandbox/reset", { method: "POST" })).status).toBe(401);
    expect((await control(url, "/__sandbox/members/mpay-1001", { method: "PATCH", body: { point: 1 } })).status).toBe(401);
    expect(await digest(url, { authorization: `Bearer ${controlToken}` })).toBe(before);
    expect((await control(url, "/__sandbox/reset", { method: "POST", headers: { authorization: `Bearer ${controlToken}` } })).status).toBe(200);
  });

  it("requires a token given on loopback too", async () => {
    const { url, controlToken } = await start({ controlToken: "a-token-for-this-test" });
    expect(controlToken).toBe("a-token-for-this-test");
    expect((await control(url, "/__sandbox/state")).status).toBe(401);
    expect((await control(url, "/__sandbox/state", { headers: { "x-sandbox-token": "a-token-for-this-test" } })).status).toBe(200);
  });

  it("without a token, answers controls addressed to loopback names only (not a DNS-rebound page)", async () => {
    const { url } = await start();
    expect(await statusWithHost(url, "/__sandbox/state", "evil.example:4010")).toBe(403);
    expect(await statusWithHost(url, "/__sandbox/state", "localhost:4010")).toBe(200);
    expect(await statusWithHost(url, "/__sandbox/health", "evil.example:4010")).toBe(200);
    // A Host no URL can hold is a bad request, not a server error.
    expect(await statusWithHost(url, "/api/system/time", "bad host")).toBe(400);
  });

  it("refuses what a web page of another origin sends, a no-cors POST included", async () => {
    const { url } = await start();
    const before = await digest(url);
    const foreign: Record<string, string>[] = [{ origin: "http://evil.example" }, { origin: "null" }, { "sec-fetch-site": "cross-site" }, { "sec-fetch-site": "same-site" }];
    for (const headers of foreign) {
      const label = JSON.stringify(headers);
      expect((await control(url, "/__sandbox/reset", { method: "POST", headers })).status, label).toBe(403);
      expect((await control(url, "/__sandbox/faults", { body: { path: "/api", kind: "http500" }, headers })).status, label).toBe(403);
      expect((await control(url, "/__sandbox/members/mpay-1001", { method: "PATCH", body: { point: 0 }, headers })).status, label).toBe(403);
      expect((await control(url, "/__sandbox/log", { headers })).status, label).toBe(403);
    }
    // What fetch(url, { method: "POST", mode: "no-cors", body }) on another site sends.
    const noCors = await fetch(`${url}/__sandbox/faults`, {
      method: "POST",
      body: '{"path":"/api","kind":"http500"}',
      headers: { origin: "http://evil.example", "sec-fetch-site": "cross-site", "sec-fetch-mode": "no-cors" },
    });
    expect(noCors.status).toBe(403);
    expect(await digest(url)).toBe(before);
    expect(((await (await control(url, "/__sandbox/faults")).json()) as { faults: unknown[] }).faults).toEqual([]);
    // Its own origin, or a tool that is no web page, may.
    expect((await control(url, "/__sandbox/log", { headers: { origin: new URL(url).origin, "sec-fetch-site": "same-origin" } })).status).toBe(200);
    expect((await control(url, "/__sandbox/log", { headers: { "sec-fetch-site": "none" } })).status).toBe(200);
  });

  it("takes control bodies as JSON only; an empty one needs no type", async () => {
    const { url } = await start();
    const fault = '{"path":"/api/system/time","kind":"http500"}';
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonp"]) {
      expect((await fetch(`${url}/__sandbox/faults`, { method: "POST", body: fault, headers: { "content-type": type } })).status, type).toBe(415);
    }
    // fetch sends bytes with no Content-Type at all.
    expect((await fetch(`${url}/__sandbox/faults`, { method: "POST", body: new TextEncoder().encode(fault) })).status).toBe(415);
    expect(((await (await control(url, "/__sandbox/faults")).json()) as { faults: unknown[] }).faults).toEqual([]);
    expect((await fetch(`${url}/__sandbox/faults`, { method: "POST", body: fault, headers: { "content-type": "Application/JSON; charset=utf-8" } })).status).toBe(200);
    expect((await fetch(`${url}/__sandbox/reset`, { method: "POST" })).status).toBe(200);
  });

  it("checks every control's input strictly: unknown fields and a bad `since` are 400", async () => {
    const { url } = await start();
    const before = await digest(url);
    const bad: [string, string, unknown][] = [
      ["POST", "/__sandbox/reset", { everything: true }],
      ["POST", "/__sandbox/faults", { path: "/x", kind: "http500", extra: 1 }],
      ["POST", "/__sandbox/faults", []],
      ["POST", "/__sandbox/clock", { now: null, speed: 2 }],
      ["POST", "/__sandbox/latency", { ms: 10, jitter: 5 }],
      ["PATCH", "/__sandbox/members/mpay-1001", { point: 1, openId: "mpay-9999" }],
    ];
    for (const [method, path, body] of bad) {
      expect((await control(url, path, { method, body })).status, `${method} ${path}`).toBe(400);
    }
    for (const since of ["abc", "-1", "1.5", "1&x=2"]) {
      expect((await control(url, `/__sandbox/log?since=${since}`)).status, since).toBe(400);
    }
    expect((await control(url, "/__sandbox/log?since=0")).status).toBe(200);
    expect(await digest(url)).toBe(before);
    expect(await (await control(url, "/__sandbox/latency")).json()).toEqual({ latencyMs: 0 });
  });
});

describe("the clock and member counters stay in range", () => {
  it("refuses a clock more than 50 years off, and keeps answering", async () => {
    const { url } = await start();
    for (const now of [9e15, -9e15, Date.now() + 51 * YEAR_MS, Date.now() - 51 * YEAR_MS, "+275760-09-13T00:00:00Z", new Date(Date.now() + 60 * YEAR_MS).toISOString()]) {
      expect((await control(url, "/__sandbox/clock", { body: { now } })).status, String(now)).toBe(400);
    }
    expect((await control(url, "/__sandbox/clock")).status).toBe(200);
    expect(Math.abs((await client(url).call(systemTime)).data.sysTime - Date.now())).toBeLessThan(2_000);
    const far = Date.now() + 49 * YEAR_MS;
    expect((await control(url, "/__sandbox/clock", { body: { now: far, frozen: true } })).status).toBe(200);
    expect((await client(url).call(systemTime)).data.sysTime).toBe(far);
  });

  it("refuses member counters that are not whole numbers from 0 to 1e9", async () => {
    const { url } = await start();
    const before = await digest(url);
    for (const patch of [{ point: 1e10 }, { point: -1 }, { amount: 12.5 }, { count: 1e300 }, { amount: "5" }, { point: null }]) {
      expect((await control(url, "/__sandbox/members/mpay-1001", { method: "PATCH", body: patch })).status, JSON.stringify(patch)).toBe(400);
    }
    expect(await digest(url)).toBe(before);
    expect((await control(url, "/__sandbox/members/mpay-1001", { method: "PATCH", body: { point: 1e9, amount: 0, count: 3 } })).status).toBe(200);
  });
});

describe("GET /__sandbox/state", () => {
  it("shows the business data and counts, and no token, login code or ciphertext", async () => {
    const { url, sandbox } = await start();
    const token = (await client(url).call(memberLogin, { openId: "mpay-1001" })).data.token;
    const code = (await signInThroughLoginPage(url, "mpay-1002")).searchParams.get("code") ?? "";
    sandbox.domain.taskRuns.readDetail("CIPHERTEXT-OF-A-MEMBER", "T1");
    const text = await (await control(url, "/__sandbox/state")).text();
    for (const secret of [token, code, "CIPHERTEXT-OF-A-MEMBER"]) expect(text).not.toContain(secret);
    const view = JSON.parse(text);
    const seededOrders = loadFixtures().wallet.history.reduce((sum, history) => sum + history.orders.length, 0);
    expect(view.counts).toEqual({ tokens: 1, authCodes: 1, taskRuns: 1, taskRunsDone: 0, orders: seededOrders, idempotencyKeys: 0 });
    expect(view.members.find((member: { openId: string }) => member.openId === "mpay-1001")).toMatchObject({ nickname: "陳大文", point: 12580, amount: 1258, count: 0, clauseStatus: 0 });
    expect(view.digest).toMatch(/^[0-9a-f]{64}$/);
  });

  it("keeps its digest through a batch of hostile requests, and changes it with business", async () => {
    const { url } = await start();
    const token = (await client(url).call(memberLogin, { openId: "mpay-1001" })).data.token;
    const before = await digest(url);
    const evil = { origin: "http://evil.example", "sec-fetch-site": "cross-site" };
    await control(url, "/__sandbox/reset", { method: "POST", headers: evil });
    await control(url, "/__sandbox/members/mpay-1001", { method: "PATCH", body: { point: 0 }, headers: evil });
    await fetch(`${url}/__sandbox/members/mpay-1001`, { method: "PATCH", body: '{"point":0}' });
    await control(url, "/__sandbox/members/__proto__", { method: "PATCH", body: { point: 0 } });
    await control(url, "/__sandbox/clock", { body: { now: 9e15 } });
    await client(url, token).call(searchProduct, { keyword: "planted by a link" });
    await chooseMember(url, "mpay-1002", "http://evil.example/index");
    expect(await digest(url)).toBe(before);
    expect((await client(url, token).call(searchHistory)).data.keywords).toEqual([]);

    await control(url, "/__sandbox/members/mpay-1001", { method: "PATCH", body: { point: 1 } });
    expect(await digest(url)).not.toBe(before);
  });
});

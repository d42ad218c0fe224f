/** The sandbox gateway over real HTTP, with the app's own undici transport and client. */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createApiClient } from "../app/lib/api/client";
import { basicInformation, clause, macaupassSave, memberLogin, setClause, systemTime, userAddressList } from "../app/lib/api/endpoints";
import { ApiError } from "../app/lib/api/errors";
import { createUndiciTransport } from "../app/lib/api/undici-transport";
import { startSandboxServer, type RunningSandbox } from "./server";

const running: RunningSandbox[] = [];
async function start(options: Parameters<typeof startSandboxServer>[0] = {}) {
  const sandbox = await startSandboxServer({ port: 0, host: "127.0.0.1", ...options });
  running.push(sandbox);
  return sandbox;
}
afterEach(async () => {
  await Promise.all(running.splice(0).map((sandbox) => sandbox.close()));
});

const transport = createUndiciTransport();
const client = (url: string, token?: string) => createApiClient({ baseUrl: url, transport, locale: "en", token, timeoutMs: 5_000 });

async function signInThroughLoginPage(url: string, openId: string, state = "") {
  const form = new URLSearchParams({ openId, redirect_uri: "http://localhost:3000/index", state });
  const response = await fetch(`${url}/oauth/authorize`, { method: "POST", body: form, redirect: "manual" });
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location") ?? "");
}

describe("the sandbox over HTTP", () => {
  it("serves the login flow: the sign-in page's code becomes a session once", async () => {
    const { url } = await start();
    const back = await signInThroughLoginPage(url, "mpay-1002", "mycoupon");
    expect(back.searchParams.get("state")).toBe("mycoupon");
    const code = back.searchParams.get("code") ?? "";

    const login = await client(url).call(macaupassSave, { code, state: "mycoupon" });
    expect(login.data).toMatchObject({ open_id: "mpay-1002", nickname: "Ana Sousa", state: "mycoupon" });
    expect(login.data.headimgurl).toMatch(/\/static\/avatars\/ana\.svg$/);
    expect(login.headers.get("gray-seckill")).toBe("0");
    const avatar = await fetch(login.data.headimgurl ?? "");
    expect(avatar.headers.get("content-type")).toBe("image/svg+xml");

    // A login code works once.
    await expect(client(url).call(macaupassSave, { code })).rejects.toMatchObject({ code: "NOT_LOGIN" });

    const api = client(url, login.data.token);
    expect((await api.call(basicInformation)).data).toEqual({ amount: 320, point: 3200, count: 0 });
    expect((await api.call(clause)).data.status).toBe(1);
    await api.call(setClause, { clauseid: 7, status: 1 });
    expect((await api.call(clause)).data.status).toBe(0);
  });

  it("copies the canary flag into the gray-seckill header", async () => {
    const { url } = await start();
    const code = (await signInThroughLoginPage(url, "mpay-1003")).searchParams.get("code") ?? "";
    expect((await client(url).call(macaupassSave, { code })).headers.get("gray-seckill")).toBe("1");
  });

  it("lists the member's addresses and refuses outdated terms", async () => {
    const { url } = await start();
    const token = (await client(url).call(memberLogin, { openId: "mpay-1003" })).data.token;
    const addresses = (await client(url, token).call(userAddressList)).data.snatchList;
    expect(addresses.map((address) => address.isDefault)).toEqual([1, 0]);
    await expect(client(url, token).call(setClause, { clauseid: 6, status: 1 })).rejects.toMatchObject({ code: "BUSINESS" });
  });

  it("keeps its clock where /__sandbox/clock puts it", async () => {
    const { url } = await start();
    const at = Date.parse("2026-12-24T20:00:00+08:00");
    await fetch(`${url}/__sandbox/clock`, { method: "POST", body: JSON.stringify({ now: "2026-12-24T20:00:00+08:00", frozen: true }) });
    expect((await client(url).call(systemTime)).data.sysTime).toBe(at);
    await fetch(`${url}/__sandbox/clock`, { method: "POST", body: JSON.stringify({ now: null }) });
    expect(Math.abs((await client(url).call(systemTime)).data.sysTime - Date.now())).toBeLessThan(2_000);
  });

  it("drops the connection for a network fault, which the client reports as NETWORK", async () => {
    const { url } = await start();
    await fetch(`${url}/__sandbox/faults`, { method: "POST", body: JSON.stringify({ path: "/api/system/time", kind: "network" }) });
    const error = await client(url).call(systemTime).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("NETWORK");
  });

  it("reports NETWORK when it is not running at all", async () => {
    const { url, close } = await start();
    await close();
    running.length = 0;
    await expect(client(url).call(systemTime)).rejects.toMatchObject({ code: "NETWORK" });
  });

  it("adds --latency to every gateway call", async () => {
    const { url } = await start({ latencyMs: 120 });
    const started = Date.now();
    await client(url).call(systemTime);
    // A lower bound only: the delay is guaranteed, the machine's speed is not.
    expect(Date.now() - started).toBeGreaterThanOrEqual(110);
  });

  it("logs gateway calls, with the member, and not its controls", async () => {
    const { url } = await start();
    const token = (await client(url).call(memberLogin, { openId: "mpay-1001" })).data.token;
    await client(url, token).call(basicInformation);
    await fetch(`${url}/__sandbox/health`);
    const { calls } = (await (await fetch(`${url}/__sandbox/log`)).json()) as { calls: { path: string; openId?: string }[] };
    expect(calls.map((call) => [call.path, call.openId])).toEqual([
      ["/member/login", undefined],
      ["/api/auth/basicinformation", "mpay-1001"],
    ]);
  });

  it("answers bad control input with 400 and changes nothing", async () => {
    const { url } = await start();
    for (const body of ['{"path":"/x","kind":"meltdown"}', '{"kind":"http500"}', "not json", '{"path":"/x","kind":"delay","delayMs":-1}']) {
      const response = await fetch(`${url}/__sandbox/faults`, { method: "POST", body });
      expect(response.status, body).toBe(400);
    }
    expect(((await (await fetch(`${url}/__sandbox/faults`)).json()) as { faults: unknown[] }).faults).toEqual([]);
    expect((await fetch(`${url}/__sandbox/clock`, { method: "POST", body: '{"now":"yesterday-ish"}' })).status).toBe(400);
    expect((await fetch(`${url}/__sandbox/members/nobody`, { method: "PATCH", body: "{}" })).status).toBe(404);
  });

  it("answers a malformed gateway request with 400, never a 500", async () => {
    const { url } = await start();
    const token = (await client(url).call(memberLogin, { openId: "mpay-1001" })).data.token;
    for (const body of ["{", '{"clauseid":7,"status":"yes"}', "[]"]) {
      const response = await fetch(`${url}/api/auth/setClause`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body,
      });
      expect(response.status, body).toBe(400);
    }
  });

  it("keeps members, tokens and codes across a restart with --state", async () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), "mcoin-sandbox-")), "state.json");
    const first = await start({ stateFile });
    const token = (await client(first.url).call(memberLogin, { openId: "mpay-1002" })).data.token;
    await client(first.url, token).call(setClause, { clauseid: 7, status: 1 });
    await first.close();
    running.length = 0;
    expect(JSON.parse(readFileSync(stateFile, "utf8")).data.tokens[token].openId).toBe("mpay-1002");

    const second = await start({ stateFile });
    expect((await client(second.url, token).call(clause)).data.status).toBe(0);

    // Reset goes back to the fixtures, and the file follows.
    await fetch(`${second.url}/__sandbox/reset`, { method: "POST" });
    await expect(client(second.url, token).call(clause)).rejects.toMatchObject({ code: "NOT_LOGIN" });
  });

  it("renders the sign-in page in the asked language and refuses a missing return address", async () => {
    const { url } = await start();
    const english = await (await fetch(`${url}/oauth/authorize?lang=en&redirect_uri=http%3A%2F%2Flocalhost%3A3000%2Findex`)).text();
    expect(english).toContain("Continue as Ana Sousa");
    const chinese = await (await fetch(`${url}/oauth/authorize?redirect_uri=http%3A%2F%2Flocalhost%3A3000%2Findex`)).text();
    expect(chinese).toContain("以 Ana Sousa 身份繼續");
    const noReturn = await (await fetch(`${url}/oauth/authorize?lang=en&redirect_uri=javascript:alert(1)`)).text();
    expect(noReturn).toContain("missing where to return to");
    expect(noReturn).not.toContain("javascript:");
  });
});

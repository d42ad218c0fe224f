/** The sandbox gateway over real HTTP, with the app's own undici transport and client, and hostile clients. */
import { mkdtempSync, readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadFixtures } from "./fixtures";
import { createApiClient } from "#core/api/client";
import { searchHistory, searchProduct } from "#core/api/catalog-endpoints";
import { basicInformation, clause, macaupassSave, memberLogin, setClause, systemTime, userAddressList } from "#core/api/endpoints";
import { ApiError } from "#core/api/errors";
import { IDEMPOTENCY_HEADER, createOrder, orderStatus } from "#core/api/shop-endpoints";
import { createUndiciTransport } from "#core/node/undici-transport";
import { HeldTimer } from "./instruments/timer";
import { HEADERS_TIMEOUT_MS, MAX_BODY_BYTES, REQUEST_TIMEOUT_MS, startSandboxServer, type RunningSandbox } from "./server";

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

/** A control request as a test script sends one: JSON when it has a body. */
function control(url: string, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const hasBody = init.body !== undefined;
  return fetch(`${url}${path}`, {
    method: init.method ?? (hasBody ? "POST" : "GET"),
    headers: { ...(hasBody ? { "content-type": "application/json" } : {}), ...init.headers },
    body: hasBody ? (typeof init.body === "string" ? init.body : JSON.stringify(init.body)) : undefined,
  });
}

async function digest(url: string, headers: Record<string, string> = {}): Promise<string> {
  return ((await (await control(url, "/__sandbox/state", { headers })).json()) as { digest: string }).digest;
}

/** The sign-in page's POST: a member chosen, to return to `redirectUri`. */
function chooseMember(url: string, openId: string, redirectUri: string, state = "") {
  return fetch(`${url}/oauth/authorize`, { method: "POST", body: new URLSearchParams({ openId, redirect_uri: redirectUri, state }), redirect: "manual" });
}

async function signInThroughLoginPage(url: string, openId: string, state = "") {
  const response = await chooseMember(url, openId, "http://localhost:3000/index", state);
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
    expect((await api.call(basicInformation)).data).toEqual({ amount: 320, point: 3200, count: 0, revision: 0, pending: 0 });
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
    await control(url, "/__sandbox/clock", { body: { now: "2026-12-24T20:00:00+08:00", frozen: true } });
    expect((await client(url).call(systemTime)).data.sysTime).toBe(at);
    await control(url, "/__sandbox/clock", { body: { now: null } });
    expect(Math.abs((await client(url).call(systemTime)).data.sysTime - Date.now())).toBeLessThan(2_000);
  });

  it("drops the connection for a network fault, which the client reports as NETWORK", async () => {
    const { url } = await start();
    await control(url, "/__sandbox/faults", { body: { path: "/api/system/time", kind: "network" } });
    const error = await client(url)
      .call(systemTime)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("NETWORK");
  });

  it("reports NETWORK when it is not running at all", async () => {
    const { url, close } = await start();
    await close();
    running.length = 0;
    await expect(client(url).call(systemTime)).rejects.toMatchObject({ code: "NETWORK" });
  });

  it("adds --latency to every gateway call, and not to its controls", async () => {
    // The sandbox waits through its timer: held here until the test lets the latency pass.
    const timer = new HeldTimer();
    const { url } = await start({ latencyMs: 120, timer });
    let answered = false;
    const call = client(url)
      .call(systemTime)
      .finally(() => (answered = true));
    expect(await timer.waiting()).toBe(120);
    expect((await control(url, "/__sandbox/health")).status).toBe(200);
    expect(answered).toBe(false);
    timer.release();
    expect((await call).data.sysTime).toBeGreaterThan(0);
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
      const response = await control(url, "/__sandbox/faults", { body });
      expect(response.status, body).toBe(400);
    }
    expect(((await (await fetch(`${url}/__sandbox/faults`)).json()) as { faults: unknown[] }).faults).toEqual([]);
    expect((await control(url, "/__sandbox/clock", { body: { now: "yesterday-ish" } })).status).toBe(400);
    expect((await control(url, "/__sandbox/members/nobody", { method: "PATCH", body: {} })).status).toBe(404);
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

  it("with --state, has an order on disk before it confirms it, and closes it when its window passed while it was down", async () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), "mcoin-sandbox-")), "state.json");
    const first = await start({ stateFile });
    const token = (await client(first.url).call(memberLogin, { openId: "mpay-1005" })).data.token;
    const order = (await client(first.url, token).call(createOrder, { offerId: 7, quantity: 2, mcoinUsed: 300 }, { headers: { [IDEMPOTENCY_HEADER]: "restart-test-key-0001" } })).data;
    // Not closed yet: as if the process were killed now.
    const saved = JSON.parse(readFileSync(stateFile, "utf8")).data;
    expect(saved.orders[String(order.id)]).toMatchObject({ orderNo: order.orderNo, status: "awaiting_payment" });
    expect(saved.accounts["mpay-1005"].ledger.at(-1)).toMatchObject({ type: "purchase", balanceAfter: 200 });
    await first.close();
    running.length = 0;

    const second = await start({ stateFile });
    const again = client(second.url, token);
    // The same request with its key is answered as before, with no second order.
    expect((await again.call(createOrder, { offerId: 7, quantity: 2, mcoinUsed: 300 }, { headers: { [IDEMPOTENCY_HEADER]: "restart-test-key-0001" } })).data.id).toBe(order.id);
    await control(second.url, "/__sandbox/clock", { body: { now: order.payBy + 1, frozen: true } });
    expect((await again.call(basicInformation)).data).toMatchObject({ point: 500, pending: 0 });
    expect((await again.call(orderStatus, { orderId: order.id })).data.status).toBe("closed");
  });

  it("renders the sign-in page in the asked language and refuses a missing return address", async () => {
    const { url } = await start();
    // What a screen reader says for a member's button: its text with the tags taken out.
    const text = (html: string) => html.replace(/<[^>]+>/g, "");
    const english = await (await fetch(`${url}/oauth/authorize?lang=en&redirect_uri=http%3A%2F%2Flocalhost%3A3000%2Findex`)).text();
    expect(text(english)).toContain("Continue as Ana Sousa");
    const chinese = await (await fetch(`${url}/oauth/authorize?redirect_uri=http%3A%2F%2Flocalhost%3A3000%2Findex`)).text();
    expect(text(chinese)).toContain("以 Ana Sousa 身份繼續");
    const noReturn = await (await fetch(`${url}/oauth/authorize?lang=en&redirect_uri=javascript:alert(1)`)).text();
    expect(noReturn).toContain("missing where to return to");
    expect(noReturn).not.toContain("javascript:");
  });
});

/** A request with a Host header fetch will not send (as a page on a DNS-rebound name sends it). */
function statusWithHost(url: string, path: string, host: string): Promise<number> {
  const target = new URL(path, url);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: target.hostname, port: target.port, path: target.pathname, headers: { host } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on("error", reject);
    request.end();
  });
}

const YEAR_MS = 365 * 86_400_000;

describe("who may use the controls", () => {
  it("listens on 127.0.0.1 unless told otherwise, and then needs no control token", async () => {
    const sandbox = await startSandboxServer({ port: 0 });
    running.push(sandbox);
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

describe("keys that are also property names", () => {
  it("are members, tokens and codes that do not exist", async () => {
    const { url } = await start();
    const before = await digest(url);
    for (const name of ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"]) {
      expect((await control(url, `/__sandbox/members/${name}`, { method: "PATCH", body: { point: 1 } })).status, name).toBe(404);
      await expect(client(url).call(memberLogin, { openId: name }), name).rejects.toMatchObject({ code: "BUSINESS" });
      expect((await chooseMember(url, name, "http://localhost:3000/index")).status, name).toBe(400);
      await expect(client(url, name).call(basicInformation), name).rejects.toMatchObject({ code: "NOT_LOGIN" });
      await expect(client(url).call(macaupassSave, { code: name }), name).rejects.toMatchObject({ code: "NOT_LOGIN" });
    }
    expect(({} as Record<string, unknown>).point).toBeUndefined();
    expect(await digest(url)).toBe(before);
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

describe("request bodies", () => {
  const post = (url: string, body: BodyInit, type = "application/json") =>
    fetch(`${url}/api/auth/setClause`, { method: "POST", headers: { "content-type": type }, body, duplex: "half" } as RequestInit);

  it("refuses a declared body over the limit at once, and a streamed one once it passes the limit", async () => {
    const { url, server } = await start();
    expect((await post(url, Buffer.alloc(5 * MAX_BODY_BYTES, 32))).status).toBe(413);
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 65_536;
        if (sent > 64 * MAX_BODY_BYTES) controller.close();
        else controller.enqueue(new Uint8Array(65_536).fill(32));
      },
    });
    const streamed = await post(url, endless);
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toMatchObject({ code: 413 });
    expect(sent).toBeLessThan(16 * MAX_BODY_BYTES);
    // The sandbox still serves, and a slow client cannot hold a request open for minutes.
    expect((await client(url).call(systemTime)).data.sysTime).toBeGreaterThan(0);
    expect([server.requestTimeout, server.headersTimeout]).toEqual([REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS]);
    expect(REQUEST_TIMEOUT_MS).toBeLessThanOrEqual(60_000);
  });

  it("keeps at most 2 KB of each body in the call log, and says it was cut", async () => {
    const { url } = await start();
    const big = JSON.stringify({ clauseid: 7, status: 1, padding: "澳".repeat(100_000) });
    await post(url, big);
    await post(url, "x".repeat(5_000), "text/plain");
    await post(url, '{"clauseid":7,"status":1}');
    const { calls } = (await (await control(url, "/__sandbox/log")).json()) as { calls: { body: any }[] };
    const [json, text, small] = calls.map((call) => call.body);
    expect(json).toMatchObject({ truncated: true, bytes: Buffer.byteLength(big) });
    expect(json.excerpt).toMatch(/^\{"clauseid":7,"status":1,"padding":"澳+$/);
    expect(Buffer.byteLength(json.excerpt)).toBeLessThanOrEqual(2048);
    expect(text).toEqual({ truncated: true, bytes: 5_000, excerpt: "x".repeat(2048) });
    expect(small).toEqual({ clauseid: 7, status: 1 });
  });
});

describe("the sign-in page returns only to the mall", () => {
  const choose = (url: string, redirectUri: string, state = "") => chooseMember(url, "mpay-1001", redirectUri, state);

  it("sends the code to the mall's default origins, keeping the return address's own query", async () => {
    const { url } = await start();
    for (const origin of ["http://localhost:3000", "http://127.0.0.1:3000"]) {
      const response = await choose(url, `${origin}/index?oauthParams=a%3Bb`, "s1");
      expect(response.status).toBe(302);
      const back = new URL(response.headers.get("location") ?? "");
      expect([back.origin, back.pathname]).toEqual([origin, "/index"]);
      expect(Object.fromEntries(back.searchParams)).toEqual({ oauthParams: "a;b", code: expect.stringMatching(/^[0-9a-f]{24}$/), state: "s1" });
    }
  });

  it("refuses any other origin, whether host, port or scheme differs", async () => {
    const { url } = await start();
    const before = await digest(url);
    for (const redirect of [
      "http://evil.example/index",
      "https://localhost:3000/index",
      "http://localhost:3001/index",
      "http://localhost:3000.evil.example/index",
      "http://localhost:3000@evil.example/index",
      "//evil.example/index",
    ]) {
      const page = await (await fetch(`${url}/oauth/authorize?lang=en&redirect_uri=${encodeURIComponent(redirect)}`)).text();
      expect(page, redirect).toContain("missing where to return to");
      expect(page, redirect).not.toContain("<form");
      expect((await choose(url, redirect)).status, redirect).toBe(400);
    }
    expect(await digest(url)).toBe(before);
  });

  it("takes the mall's origins from mallOrigins, compared exactly", async () => {
    const { url } = await start({ mallOrigins: ["http://localhost:3100/"] });
    expect((await choose(url, "http://localhost:3100/index")).status).toBe(302);
    expect((await choose(url, "http://localhost:3000/index")).status).toBe(400);
    await expect(startSandboxServer({ port: 0, mallOrigins: ["localhost:3000"] })).rejects.toThrow(/not an origin/);
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

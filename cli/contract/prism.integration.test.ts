/**
 * The committed contract (docs/contract/openapi.json) held to real traffic by a standard tool: Prism's
 * validating proxy (`prism proxy --errors`) in front of a sandbox served over HTTP, with the mall's own
 * API client sending the calls of its home, offer, checkout, coupons and check-in screens (refusals
 * among them), and `mcoin task run` sending sealed calls of the secure gateway. Prism marks a request
 * or reply that breaks the contract with an `sl-violations` header (a reply, with --errors, becomes
 * its 422 problem), so every exchange through it must come back without one. Prism starts once
 * (a few seconds: the test prints how long).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient, type ApiClient } from "#core/api/client";
import { adverts, classifyList, mcoinRecommend, recommendList } from "#core/api/catalog-endpoints";
import { basicInformation, memberLogin, systemTime, userAddressList } from "#core/api/endpoints";
import { ApiError } from "#core/api/errors";
import { checkIn, checkInStatus } from "#core/api/promotion-endpoints";
import { IDEMPOTENCY_HEADER, collectOffer, createOrder, likeOffer, offerDetail, orderList } from "#core/api/shop-endpoints";
import { couponList, mcoinCouponList, refundList } from "#core/api/wallet-endpoints";
import type { HttpRequest, HttpResponse, HttpTransport } from "#core/api/transport";
import { createUndiciTransport } from "#core/node/undici-transport";
import { startSandboxServer, type RunningSandbox } from "../../sandbox/server";
import type { CliClock } from "../io";
import { ROOT, runCli } from "../testing";

const PRISM = join(ROOT, "node_modules/.bin/prism");
const CONTRACT = join(ROOT, "docs/contract/openapi.json");
/** The wall's clock: `mcoin task run` waits out the task's threshold for the sandbox behind Prism. */
const wallClock: CliClock = { now: () => Date.now(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };

let sandbox: RunningSandbox;
let prism: ChildProcess;
let prismUrl: string;
let prismLog = "";
/** Each exchange through Prism: what was called, its status, and the violations Prism found. */
const exchanges: { call: string; status: number; violations: string | null }[] = [];

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  sandbox = await startSandboxServer({ port: 0, host: "127.0.0.1" });
  const port = await freePort();
  const started = Date.now();
  prism = spawn(PRISM, ["proxy", CONTRACT, sandbox.url, "--errors", "--host", "127.0.0.1", "--port", String(port)], { stdio: ["ignore", "pipe", "pipe"] });
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      prismLog += chunk.toString();
      if (prismLog.includes("Prism is listening")) resolve();
    };
    prism.stdout!.on("data", read);
    prism.stderr!.on("data", read);
    prism.on("exit", (code) => reject(new Error(`prism exited (${code}) before listening:\n${prismLog}`)));
  });
  console.info(`prism proxy listening after ${Date.now() - started} ms`);
  prismUrl = `http://127.0.0.1:${port}`;
}, 60_000);

afterAll(async () => {
  prism?.kill();
  await sandbox?.close();
});

/**
 * Notes what Prism said of an exchange: its `sl-violations` header, or the problem it answers instead
 * of a reply that breaks the contract (--errors).
 */
function note(call: string, status: number, headers: Headers, text: () => string) {
  const problem = headers.get("content-type")?.startsWith("application/problem+json") ? text() : null;
  exchanges.push({ call, status, violations: headers.get("sl-violations") ?? problem });
}

/** The mall's undici transport, watched. */
function watched(inner: HttpTransport): HttpTransport {
  return async (request: HttpRequest): Promise<HttpResponse> => {
    const response = await inner(request);
    note(`${request.method} ${new URL(request.url).pathname}`, response.status, response.headers, () => response.text);
    return response;
  };
}

/** fetch for mcoin, watched. */
const watchedFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  const text = await response.clone().text();
  note(`${init?.method ?? "GET"} ${new URL(input instanceof Request ? input.url : String(input)).pathname}`, response.status, response.headers, () => text);
  return response;
};

const violationsSince = (index: number) => exchanges.slice(index).filter((exchange) => exchange.violations !== null);

function mallApi(token?: string): ApiClient {
  return createApiClient({ baseUrl: prismUrl, transport: watched(createUndiciTransport()), locale: "en", token });
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof ApiError ? error.code : error),
  );

describe("Prism's validating proxy in front of the sandbox", () => {
  it("passes the mall's calls of its home, offer, checkout, coupons and check-in screens, refusals included", async () => {
    const first = exchanges.length;
    try {
      await mallCalls();
    } finally {
      // Violations first: a reply Prism refused makes the mall's call fail, and this says why.
      expect(violationsSince(first)).toEqual([]);
    }
    expect(exchanges.length - first).toBeGreaterThan(15);
  });

  async function mallCalls() {
    const token = (await mallApi().call(memberLogin, { openId: "mpay-1001" })).data.token;
    const api = mallApi(token);
    // Home.
    await api.call(basicInformation);
    const list = (await api.call(recommendList, { tab: "nearby", page: 1, size: 10 })).data;
    await api.call(mcoinRecommend, {});
    await api.call(classifyList);
    await api.call(adverts, { position: "home" });
    await api.call(systemTime);
    // An offer, and its checkout.
    const offerId = list.list[0].id;
    await api.call(offerDetail, { id: offerId });
    await api.call(userAddressList);
    await api.call(likeOffer, { offerId, liked: true });
    await api.call(collectOffer, { offerId, collected: true });
    await api.call(createOrder, { offerId, quantity: 1, mcoinUsed: 0, adult: false }, { headers: { [IDEMPOTENCY_HEADER]: crypto.randomUUID() } });
    // A refusal of the money domain (more mCoin than the member holds), and a call without a session.
    expect(await refusal(api.call(createOrder, { offerId, quantity: 1, mcoinUsed: 10_000_000, adult: false }, { headers: { [IDEMPOTENCY_HEADER]: crypto.randomUUID() } }))).toBe("BUSINESS");
    expect(await refusal(mallApi().call(basicInformation))).toBe("NOT_LOGIN");
    // Coupons.
    await api.call(couponList, { tab: "unused", page: 1, size: 10 });
    await api.call(mcoinCouponList, { page: 1, size: 10 });
    await api.call(orderList, { tab: "all", type: "goods", page: 1, size: 10 });
    await api.call(refundList, { page: 1, size: 10 });
    // Check-in.
    await api.call(checkInStatus, {});
    await api.call(checkIn, {}, { headers: { [IDEMPOTENCY_HEADER]: crypto.randomUUID() } });
  }

  it("passes `mcoin task run`'s sealed calls of the secure gateway", async () => {
    const first = exchanges.length;
    const run = await runCli(["task", "run", "--env", "sandbox", "--token", "C7", "--no", "T-QUICK", "--base-url", prismUrl, "--json"], {
      env: { MCOIN_SANDBOX_URL: sandbox.url },
      fetch: watchedFetch,
      clock: wallClock,
    });
    expect(violationsSince(first)).toEqual([]);
    expect(run.code, run.stderr).toBe(0);
    // The detail, then the completion notice: both sealed calls went through Prism.
    expect(exchanges.slice(first).map((exchange) => exchange.call)).toEqual(["POST /bservice/discount/gateway/getTaskDetail", "POST /bservice/discount/gateway/scanTypeTaskNotify"]);
    expect(JSON.parse(run.stdout)).toMatchObject({ task: "T-QUICK" });
  }, 30_000);
});

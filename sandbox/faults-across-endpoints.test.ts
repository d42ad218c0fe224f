/**
 * Every declared endpoint under every fault, over real HTTP (startSandboxServer on port 0, the mall's
 * undici transport and API client): the right ApiError code, quickly, and a server that answers the
 * next call. Then the secure gateway's two functions under their faults, money that is never lost
 * or doubled whatever fault hits a state change (the mall's retry carries the same idempotency key),
 * and a sandbox that is not there at all.
 *
 * Each endpoint group (one per endpoint module) has its own sandbox server; within a group the cases
 * run one after another, each from POST /__sandbox/reset.
 *
 * No case waits in real time for a delay: each sandbox waits through a held timer
 * (sandbox/instruments/timer.ts), so an injected delay lasts until the case has seen the client give
 * up and lets the call go on; the client's own timeout is the only wait.
 */
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient, type ApiClient } from "#core/api/client";
import type { Endpoint } from "#core/api/define";
import { ENDPOINTS, clause } from "#core/api/endpoints";
import { API_ENDPOINTS, ENDPOINT_GROUPS } from "#core/api/registry";
import { ApiError, type ApiErrorCode } from "#core/api/errors";
import { checkIn, milesRedeem, seckillSnapUp } from "#core/api/promotion-endpoints";
import { IDEMPOTENCY_HEADER, WALLET_SIGNATURE_HEADER, cancelPayment, createOrder, walletNotify, type LedgerEntry, type Order } from "#core/api/shop-endpoints";
import { createUndiciTransport } from "#core/node/undici-transport";
import { applyRefund, redeemCode } from "#core/api/wallet-endpoints";
import { GatewayError, createGatewayClient, type GatewayErrorCode } from "#core/node/gateway/client";
import { gatewaySettings } from "#core/node/gateway/settings";
import { createTaskCenterClient } from "#core/node/task-center/client";
import type { FaultKind } from "#core/controls/faults";
import { HeldTimer } from "./instruments/timer";
import { walletSignature } from "./wallet-signature";
import { startSandboxServer, type RunningSandbox } from "./server";
import { freshKey, nextAnswered } from "./testing";

/** The client's timeout in the timeout case, and the injected delay that outlasts it (held, never waited for). */
const TIMEOUT_MS = 200;
const DELAY_MS = 1_000;
/** "Quickly": a failure is known well within this (a hang would be the client's 5 s or the server's 30 s). */
const QUICK_MS = 2_000;
/** The member the money cases sign in as (12,580 mCoin); each endpoint case has a new member of its own. */
const MEMBER = "mpay-1001";

const transport = createUndiciTransport();

// --- the faults and what each becomes (core/api/client.ts, `call` and `interpret`) --------------

type FaultCase = "http500" | "http429" | "garbage" | "not-login" | "not-found" | "reset" | "empty" | "random-bytes" | "truncated" | "timeout";

/**
 * | fault        | what the client meets                                  | ApiError code |
 * |--------------|--------------------------------------------------------|---------------|
 * | http500      | HTTP 500 `{ code: 500 }`                               | SERVER_ERROR  |
 * | http429      | HTTP 429                                               | RATE_LIMITED  |
 * | garbage      | HTTP 200, a body that is not JSON                      | BAD_RESPONSE  |
 * | not-login    | HTTP 200 `{ code: 401, msg: "not login" }`             | NOT_LOGIN     |
 * | not-found    | HTTP 200 `{ resultCode: "404" }`                       | NOT_FOUND     |
 * | reset        | TCP RST before any reply                               | NETWORK       |
 * | empty        | the connection closes without a byte                   | NETWORK       |
 * | random-bytes | bytes that are not HTTP                                | NETWORK       |
 * | truncated    | headers and half the body (the endpoint acted)         | NETWORK       |
 * | timeout      | a fixed 1000 ms delay against a 200 ms client timeout  | TIMEOUT       |
 *
 * (The delay is held by the sandbox's timer until the case lets it go: see `landDelayed`.)
 */
const EXPECTED: Record<FaultCase, ApiErrorCode> = {
  http500: "SERVER_ERROR",
  http429: "RATE_LIMITED",
  garbage: "BAD_RESPONSE",
  "not-login": "NOT_LOGIN",
  "not-found": "NOT_FOUND",
  reset: "NETWORK",
  empty: "NETWORK",
  "random-bytes": "NETWORK",
  truncated: "NETWORK",
  timeout: "TIMEOUT",
};
const FAULT_CASES = Object.keys(EXPECTED) as FaultCase[];

/** The fault request for a case: the timeout case is a fixed delay past the client's timeout. */
function faultRequest(kind: FaultCase | FaultKind, path: string): Record<string, unknown> {
  return kind === "timeout" ? { path, kind: "delay", latency: { fixed: DELAY_MS } } : { path, kind };
}

// --- small helpers over one running sandbox ---------------------------------------------------------

async function control(running: RunningSandbox, path: string, init: { method?: string; body?: unknown } = {}): Promise<any> {
  const response = await fetch(`${running.url}${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: init.body === undefined ? {} : { "content-type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  expect(response.status, `${path}: ${text}`).toBeLessThan(300);
  return text === "" ? null : JSON.parse(text);
}

const reset = (running: RunningSandbox) => control(running, "/__sandbox/reset", { body: {} });
const inject = (running: RunningSandbox, kind: FaultCase | FaultKind, path: string) => control(running, "/__sandbox/faults", { body: faultRequest(kind, path) });

function apiFor(running: RunningSandbox, token: string | null, timeoutMs = 5_000): ApiClient {
  return createApiClient({ baseUrl: running.url, transport, locale: "en", token, timeoutMs });
}

async function signIn(running: RunningSandbox, openId: string): Promise<ApiClient> {
  const { token } = (await apiFor(running, null).call(ENDPOINTS.memberLogin, { openId })).data;
  return apiFor(running, token);
}

async function failure<E>(promise: Promise<unknown>, type: new (...args: never[]) => E): Promise<E> {
  const error = await promise.then(
    (reply) => new Error(`expected a failure, got ${JSON.stringify(reply).slice(0, 200)}`),
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(type);
  return error as E;
}

/** A sandbox server on a port of its own, waiting through a held timer. */
async function startHeld(): Promise<{ running: RunningSandbox; timer: HeldTimer }> {
  const timer = new HeldTimer();
  return { running: await startSandboxServer({ port: 0, host: "127.0.0.1", timer }), timer };
}

/**
 * The call held by an injected delay goes on, as if the delay had passed, and is answered: a call
 * the client gave up on still reaches its endpoint, later.
 */
async function landDelayed(running: RunningSandbox, timer: HeldTimer): Promise<void> {
  await timer.waiting();
  const landed = nextAnswered(running.sandbox, (call) => call.fault === "delay");
  timer.release();
  await landed;
}

// --- the sample inputs: one per declared endpoint ---------------------------------------------------

interface Ctx {
  running: RunningSandbox;
  /** The case's own member (20,000 mCoin, no address, no orders), and its client. */
  openId: string;
  api: ApiClient;
}

interface Sample {
  /** Who calls: the case's member (the default when the endpoint needs auth), nobody (null), or the
   * member signed in anew for each call ("fresh": a call that ends the session it came with). */
  as?: "member" | null | "fresh";
  /** Run once per case, before the fault: what the calls need (an order, a coupon...). */
  prepare?: (ctx: Ctx) => Promise<unknown>;
  /** The input of one call (built again for the retry; an idempotency key stays the case's). */
  input: (ctx: Ctx, prepared: any) => unknown;
  /** Extra headers of one call, from the body it sends (the wallet's signature). */
  headers?: (ctx: Ctx, body: string | undefined) => Record<string, string>;
}

const ALL_ENDPOINT_GROUPS = ENDPOINT_GROUPS as Record<string, Record<string, Endpoint>>;
const ALL_ENDPOINTS = API_ENDPOINTS;

const once = () => ({ headers: { [IDEMPOTENCY_HEADER]: freshKey() } });

/** An order awaiting payment: offer 7 (a coupon), one piece, 100 mCoin and the rest in cash. */
const placeOrder = async ({ api }: Pick<Ctx, "api">): Promise<Order> => (await api.call(createOrder, { offerId: 7, quantity: 1, mcoinUsed: 100 }, once())).data;

/** An order paid through the wallet's stand-in: received, its coupons unused. */
async function paidOrder(api: ApiClient, running: RunningSandbox): Promise<Order> {
  const order = await placeOrder({ api });
  await pay(running, order);
  return order;
}

const ADDRESS = { name: "Test Member", areaCode: "+853", mobile: "66123457", area: "Macau Peninsula", address: "Rua Central 1" } as const;

/** Goods on their way to the member: an address, offer 27 (delivery) paid in cash, shipped. */
async function shippedOrder({ api, running }: Ctx): Promise<Order> {
  await api.call(ENDPOINTS.userAddressSave, ADDRESS, once());
  const order = (await api.call(createOrder, { offerId: 27, quantity: 1, mcoinUsed: 0 }, once())).data;
  await pay(running, order);
  await control(running, "/__sandbox/ship", { body: { orderNo: order.orderNo } });
  return order;
}

const SAMPLES: Record<string, Sample> = {
  // endpoints.ts
  memberLogin: { as: null, input: ({ openId }) => ({ openId }) },
  macaupassConfig: { input: () => ({ url: "http://localhost:3000/", state: "home" }) },
  // A login code works once: each call gets its own, as each visit from the host app does.
  macaupassSave: { as: null, input: ({ running, openId }) => ({ code: running.sandbox.domain.logins.issueAuthCode(openId), state: "home" }) },
  clause: { input: () => ({}) },
  setClause: { prepare: async ({ api }) => (await api.call(clause)).data.clauseid, input: (_, clauseid) => ({ clauseid, status: 1 }) },
  basicInformation: { input: () => ({}) },
  // A refresh rotates the token it came with: each call is a session of its own.
  refreshToken: { as: "fresh", input: () => ({}) },
  systemTime: { input: () => ({}) },
  userAddressList: { input: () => ({}) },
  userAddressSave: { input: () => ADDRESS },
  userAddressUpdate: { prepare: async ({ api }) => (await api.call(ENDPOINTS.userAddressSave, ADDRESS, once())).data.id, input: (_, id) => ({ id, action: "DEFAULT" }) },
  // catalog-endpoints.ts
  recommendList: { input: () => ({ tab: "recommend" }) },
  mcoinRecommend: { input: () => ({}) },
  searchProduct: { input: () => ({ keyword: "coffee" }) },
  searchShop: { input: () => ({}) },
  popularSearches: { input: () => ({}) },
  searchHistory: { input: () => ({}) },
  recordSearch: { input: () => ({ keyword: "coffee" }) },
  clearSearchHistory: { input: () => ({}) },
  classifyList: { input: () => ({}) },
  storeInformation: { input: () => ({ id: 4 }) },
  branchList: { input: () => ({ storeId: 4, productId: 7 }) },
  zoneDetail: { input: () => ({ id: 1 }) },
  adverts: { input: () => ({}) },
  // shop-endpoints.ts
  offerDetail: { input: () => ({ id: 7 }) },
  createOrder: { input: () => ({ offerId: 7, quantity: 1, mcoinUsed: 100 }) },
  orderStatus: { prepare: placeOrder, input: (_, order: Order) => ({ orderId: order.id }) },
  cancelPayment: { prepare: placeOrder, input: (_, order: Order) => ({ orderId: order.id }) },
  // The wallet's notice, server to server: signed over the body the client sends.
  walletNotify: {
    as: null,
    prepare: placeOrder,
    input: (_, order: Order) => ({ orderNo: order.orderNo, paymentId: "WPFAULTS0001", amountCents: order.cashCents, status: "PAID" }),
    headers: ({ running }, body) => ({ [WALLET_SIGNATURE_HEADER]: walletSignature(body ?? "", running.sandbox.state.walletSecret) }),
  },
  orderList: { input: () => ({}) },
  mcoinLedger: { input: () => ({}) },
  likeOffer: { input: () => ({ offerId: 7, liked: true }) },
  collectOffer: { input: () => ({ offerId: 7, collected: true }) },
  collectionCheck: { input: () => ({ offerIds: "7,8" }) },
  favouriteList: { input: () => ({}) },
  // wallet-endpoints.ts
  couponList: { input: () => ({}) },
  redeemCode: { input: () => ({ code: "WELCOME-100" }) },
  mcoinCouponList: { input: () => ({}) },
  useMcoinCoupon: {
    prepare: async ({ api }) => {
      const reply = (await api.call(redeemCode, { code: "MCOIN-500" }, once())).data;
      return reply.kind === "mcoin" ? reply.mcoinCoupon.id : expect.unreachable("MCOIN-500 is an mCoin coupon");
    },
    input: (_, couponId) => ({ couponId }),
  },
  confirmReceipt: { prepare: shippedOrder, input: (_, order: Order) => ({ orderId: order.id }) },
  deleteOrder: {
    prepare: async ({ api }) => {
      const order = await placeOrder({ api });
      await api.call(cancelPayment, { orderId: order.id }, once());
      return order;
    },
    input: (_, order: Order) => ({ orderId: order.id }),
  },
  applyRefund: { prepare: (ctx) => paidOrder(ctx.api, ctx.running), input: (_, order: Order) => ({ orderId: order.id, reason: "bought_wrongly" }) },
  refundList: { input: () => ({}) },
  paymentReturns: { input: () => ({}) },
  // promotion-endpoints.ts
  checkInStatus: { input: () => ({}) },
  checkIn: { input: () => ({}) },
  flashSales: { input: () => ({}) },
  seckillInfo: { input: () => ({}) },
  seckillProduct: { input: () => ({ id: 2 }) },
  seckillSnapUp: { input: () => ({ itemId: 2 }) },
  snapUpSuccess: {
    prepare: async ({ api }) => (await api.call(seckillSnapUp, { itemId: 2 }, once())).data.orderId,
    input: (_, orderId) => ({ orderId }),
  },
  milesProduct: { input: () => ({ id: 1 }) },
  milesRedeem: { input: () => ({ productId: 1, lastName: "CHAN", firstName: "TAI MAN", memberNo: "1300000002", mcoin: 1000 }) },
  milesOrder: {
    prepare: async ({ api }) => (await api.call(milesRedeem, { productId: 1, lastName: "CHAN", firstName: "TAI MAN", memberNo: "1300000002", mcoin: 1000 }, once())).data.id,
    input: (_, id) => ({ id }),
  },
};

describe("the sample table", () => {
  it("has a sample for every declared endpoint, and none for an endpoint that is gone", () => {
    const declared = ALL_ENDPOINTS.map((endpoint) => endpoint.name).sort();
    expect(
      declared.filter((name) => !(name in SAMPLES)),
      "endpoints without a sample in SAMPLES",
    ).toEqual([]);
    expect(
      Object.keys(SAMPLES).filter((name) => !declared.includes(name)),
      "samples of no declared endpoint",
    ).toEqual([]);
    expect(declared.length).toBeGreaterThanOrEqual(50);
  });
});

// --- 1. every endpoint × every fault -------------------------------------------------------------

describe.each(Object.entries(ALL_ENDPOINT_GROUPS))("the %s endpoints under every fault, over HTTP", (group, endpoints) => {
  let running: RunningSandbox;
  let timer: HeldTimer;
  beforeAll(async () => {
    ({ running, timer } = await startHeld());
    // Every case snaps up a piece of item 2 or two: more than its 20.
    await control(running, "/__sandbox/seckills/2", { method: "PATCH", body: { stock: 100_000 } });
  });
  afterAll(() => running?.close());

  let members = 0;
  /**
   * Each case has a member of its own, so no case sees another's orders, coupons or check-ins, and
   * none needs a reset: a timed-out call still reaches its endpoint later (the delay holds it before
   * the endpoint), and then it can only change its own member's books.
   */
  async function newMember(): Promise<string> {
    const openId = `faults-${group}-${++members}`;
    await control(running, "/__sandbox/members", { body: { openId, point: 20_000 } });
    return openId;
  }

  const cases = Object.values(endpoints).flatMap((endpoint) => FAULT_CASES.map((fault) => ({ endpoint, name: endpoint.name, fault, code: EXPECTED[fault] })));

  it.each(cases)("$name under $fault is $code, quickly, and the next call is answered", async ({ endpoint, fault, code }) => {
    const sample = SAMPLES[endpoint.name];
    expect(sample, `no sample input for ${endpoint.name}: add one to SAMPLES`).toBeDefined();
    const openId = await newMember();
    const ctx: Ctx = { running, openId, api: await signIn(running, openId) };
    const as = sample.as === undefined ? (endpoint.auth ? "member" : null) : sample.as;
    const prepared = await sample.prepare?.(ctx);
    // The mall mints one key per form: the retry sends the same one.
    const key = endpoint.method === "POST" && endpoint.idempotent ? freshKey() : null;

    const send = async (timeoutMs?: number) => {
      const token = as === "fresh" ? (await signIn(running, openId)).options.token! : as === "member" ? ctx.api.options.token! : null;
      const api = apiFor(running, token, timeoutMs);
      const input = sample.input(ctx, prepared) as never;
      const body = api.buildRequest(endpoint, input).body;
      const headers = { ...(key ? { [IDEMPOTENCY_HEADER]: key } : {}), ...sample.headers?.(ctx, body) };
      return api.call(endpoint, input, { headers });
    };

    await inject(running, fault, endpoint.path);
    const started = Date.now();
    const error = await failure(send(fault === "timeout" ? TIMEOUT_MS : undefined), ApiError);
    expect({ code: error.code, message: error.message }).toMatchObject({ code });
    expect(error.endpoint).toBe(endpoint.name);
    expect(Date.now() - started).toBeLessThan(QUICK_MS);

    // The same call again, with no fault: the server is up (and a state change is answered once).
    await send();
    if (fault === "timeout") await landDelayed(running, timer);
    expect((await control(running, "/__sandbox/faults")).faults).toEqual([]);
  });
});

// --- 2. the secure gateway's two functions ------------------------------------------------------

type SecureFault = "http500" | "reset" | "truncated" | "garbage" | "bad-signature" | "wrong-key" | "clock-skew" | "timeout";

/**
 * | fault         | what the gateway client meets                                    | GatewayError          |
 * |---------------|------------------------------------------------------------------|-----------------------|
 * | http500       | HTTP 500, a plain JSON body                                      | HTTP (status 500)     |
 * | reset         | TCP RST                                                          | NETWORK               |
 * | truncated     | half a reply (the function acted)                                | NETWORK               |
 * | garbage       | HTTP 200, not JSON, unsigned                                     | BUSINESS (no result)  |
 * | bad-signature | a reply whose Signature does not match it                        | SIGNATURE             |
 * | wrong-key     | a reply sealed with another key: the raw data, no result         | BUSINESS (body text)  |
 * | clock-skew    | the gateway's clock 10 minutes off: REQUEST_EXPIRED              | HTTP (status 401)     |
 * | timeout       | a fixed 1000 ms delay against a 200 ms timeout                   | TIMEOUT               |
 */
const SECURE_EXPECTED: Record<SecureFault, { code: GatewayErrorCode; status?: number; result?: string }> = {
  http500: { code: "HTTP", status: 500 },
  reset: { code: "NETWORK" },
  truncated: { code: "NETWORK" },
  garbage: { code: "BUSINESS" },
  "bad-signature": { code: "SIGNATURE" },
  "wrong-key": { code: "BUSINESS" },
  "clock-skew": { code: "HTTP", status: 401, result: "REQUEST_EXPIRED" },
  timeout: { code: "TIMEOUT" },
};

describe("the secure gateway's functions under their faults, over HTTP", () => {
  let running: RunningSandbox;
  let timer: HeldTimer;
  beforeAll(async () => {
    ({ running, timer } = await startHeld());
  });
  afterAll(() => running?.close());

  const taskCenter = (timeoutMs?: number) => {
    const settings = gatewaySettings({ environment: "sandbox", vars: {}, sandboxUrl: running.url, sandboxKeys: () => running.sandbox.state.gatewayKeys });
    return createTaskCenterClient(createGatewayClient({ ...settings, timeoutMs: timeoutMs ?? 5_000 }, { transport }));
  };
  let runs = 0;
  /** A member's run of the 3-second task, its detail read and its 3 seconds browsed (on the sandbox clock). */
  async function browsed() {
    const task = { taskNo: "T-QUICK", custIdCiphertext: `C-across-${++runs}` };
    await taskCenter().getTaskDetail(task);
    running.sandbox.instruments.clock.set(running.sandbox.instruments.clock.now() + 4_000);
    return { ...task, checkValue: 3 };
  }

  const FUNCTIONS = {
    getTaskDetail: { path: "getTaskDetail", call: async (timeoutMs?: number) => taskCenter(timeoutMs).getTaskDetail({ taskNo: "T1", custIdCiphertext: "C-across" }) },
    scanTypeTaskNotify: { path: "scanTypeTaskNotify", call: null },
  } as const;
  const cases = Object.keys(FUNCTIONS).flatMap((name) => (Object.keys(SECURE_EXPECTED) as SecureFault[]).map((fault) => ({ name: name as keyof typeof FUNCTIONS, fault, ...SECURE_EXPECTED[fault] })));

  it.each(cases)("$name under $fault is $code", async ({ name, fault, code, status, result }) => {
    await control(running, "/__sandbox/clock", { body: { now: null } });
    const run = name === "scanTypeTaskNotify" ? await browsed() : null;
    const call = (timeoutMs?: number) => (run ? taskCenter(timeoutMs).notify(run) : FUNCTIONS.getTaskDetail.call(timeoutMs));

    await inject(running, fault, FUNCTIONS[name].path);
    const started = Date.now();
    const error = await failure(call(fault === "timeout" ? TIMEOUT_MS : undefined), GatewayError);
    expect(error.code).toBe(code);
    if (status !== undefined) expect(error.status).toBe(status);
    if (result !== undefined) expect(error.result?.code).toBe(result);
    if (fault === "wrong-key") {
      // A body that fails decryption: the client hands back the raw data, and no result.
      expect(typeof error.body).toBe("string");
      expect(error.message).toBe("the gateway did not answer with a result");
    }
    expect(Date.now() - started).toBeLessThan(QUICK_MS);
    if (fault === "timeout") await landDelayed(running, timer);

    if (!run) {
      expect(await call()).toMatchObject({ result: { code: "000000" } });
      return;
    }
    // The notice took effect when its reply was lost or spoilt on the way back, or came after the
    // client gave up: the task center has the completion, once; otherwise it has none yet.
    // (A wrong signature or key spoils the reply on its way out, after the function acted.)
    const acted = fault === "truncated" || fault === "timeout" || fault === "bad-signature" || fault === "wrong-key";
    if (acted) expect(await failure(call(), GatewayError)).toMatchObject({ code: "BUSINESS", result: { code: "TASK_DONE" } });
    else expect(await call()).toMatchObject({ result: { code: "000000" }, data: { status: "COMPLETED" } });
  });
});

// --- 3. money is never lost or doubled ---------------------------------------------------------

interface Books {
  balance: number;
  entries: LedgerEntry[];
  orders: Order[];
  offer7: { stock: number; sold: number };
  seckill2: { stock: number; sold: number };
  miles: unknown[];
}

async function books(running: RunningSandbox, openId = MEMBER): Promise<Books> {
  const [ledger, orders, offer7, seckill2, miles] = await Promise.all([
    control(running, `/__sandbox/members/${openId}/ledger`),
    control(running, `/__sandbox/members/${openId}/orders`),
    control(running, "/__sandbox/offers/7"),
    control(running, "/__sandbox/seckills/2"),
    control(running, `/__sandbox/members/${openId}/miles`),
  ]);
  return { balance: ledger.balance, entries: ledger.entries, orders: orders.orders, offer7, seckill2, miles: miles.redemptions };
}

/** The books hold together: the balance is the ledger's sum, each entry follows from the one before, no entry twice for one order. */
function expectConsistent(after: Books) {
  let sum = 0;
  for (const entry of after.entries) {
    sum += entry.amount;
    expect(entry.balanceAfter, `entry ${entry.seq}`).toBe(sum);
  }
  expect(after.balance).toBe(sum);
  const perOrder = after.entries.filter((entry) => entry.orderId !== null || entry.orderNo !== null).map((entry) => `${entry.type} ${entry.orderId ?? entry.orderNo}`);
  expect(
    perOrder.filter((entry, index) => perOrder.indexOf(entry) !== index),
    "ledger entries posted twice for one order",
  ).toEqual([]);
  expect(new Set(after.orders.map((order) => order.orderNo)).size).toBe(after.orders.length);
}

interface MoneyCase {
  /** Where the fault is put (a path, or a fragment of one). */
  path: string;
  /** Before the fault: an order to act on, say. */
  prepare?: (api: ApiClient, running: RunningSandbox) => Promise<any>;
  /** The state change, as the mall makes it: `key` is the form's, the same on the retry. */
  act: (api: ApiClient, key: string, prepared: any, running: RunningSandbox) => Promise<unknown>;
  /** What the one change did to the books, before → after. */
  check: (before: Books, after: Books, prepared: any, running: RunningSandbox) => void | Promise<void>;
}

const withKeyHeader = (key: string) => ({ headers: { [IDEMPOTENCY_HEADER]: key } });

/** Pays an order's cash through the wallet's stand-in, as the cashier does; throws unless the gateway accepted it. */
/** The wallet pays: a new payment, or (`paymentId`) the notice of a payment delivered again. */
async function pay(running: RunningSandbox, order: Order, timeoutMs = 5_000, paymentId?: string) {
  const response = await fetch(`${running.url}/__wallet/pay`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ orderNo: order.orderNo, amountCents: order.cashCents, outcome: "paid", paymentId }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const reply = (await response.json()) as { accepted?: boolean };
  if (!response.ok || reply.accepted !== true) throw new Error(`the wallet's payment was not accepted: ${response.status} ${JSON.stringify(reply)}`);
  return reply;
}

const newOrders = (before: Books, after: Books) => after.orders.filter((order) => !before.orders.some((old) => old.id === order.id));
const entriesOf = (books: Books, orderId: number) => books.entries.filter((entry) => entry.orderId === orderId);

const MONEY_CASES: Record<string, MoneyCase> = {
  "create order": {
    path: createOrder.path,
    act: (api, key) => api.call(createOrder, { offerId: 7, quantity: 1, mcoinUsed: 100 }, withKeyHeader(key)),
    check: (before, after) => {
      const [order, ...more] = newOrders(before, after);
      expect(more, "one order per idempotency key").toEqual([]);
      expect(order).toMatchObject({ offerId: 7, status: "awaiting_payment", mcoinUsed: 100 });
      expect(after.balance).toBe(before.balance - 100);
      expect(entriesOf(after, order.id).map((entry) => entry.type)).toEqual(["purchase"]);
      expect(after.offer7.sold).toBe(before.offer7.sold + 1);
      expect(after.offer7.stock + after.offer7.sold).toBe(before.offer7.stock + before.offer7.sold);
    },
  },
  "pay (the wallet's settlement notice)": {
    path: walletNotify.path,
    prepare: (api) => placeOrder({ api }),
    // The wallet delivers the same payment again: one payment per key.
    act: (_api, key, order: Order, running) => pay(running, order, TIMEOUT_MS, `WP${key}`.slice(0, 64)),
    check: (before, after, order: Order) => {
      const settled = after.orders.find((candidate) => candidate.id === order.id)!;
      expect(settled.status).toBe("received");
      expect(newOrders(before, after)).toEqual([]);
      const earned = entriesOf(after, order.id).filter((entry) => entry.type === "earning");
      expect(earned.length, "earned once").toBeLessThanOrEqual(1);
      expect(after.balance).toBe(before.balance + (earned[0]?.amount ?? 0));
      expect(after.offer7).toEqual(before.offer7);
      expect(
        settled.payments.map((payment) => payment.outcome),
        "one payment, kept once",
      ).toEqual(["settled"]);
    },
  },
  cancel: {
    path: cancelPayment.path,
    prepare: (api) => placeOrder({ api }),
    act: (api, key, order: Order) => api.call(cancelPayment, { orderId: order.id }, withKeyHeader(key)),
    check: (before, after, order: Order) => {
      expect(after.orders.find((candidate) => candidate.id === order.id)).toMatchObject({ status: "closed" });
      expect(after.balance).toBe(before.balance + 100);
      expect(entriesOf(after, order.id).map((entry) => entry.type)).toEqual(["purchase", "purchase_released"]);
      expect(after.offer7.sold).toBe(before.offer7.sold - 1);
      expect(after.offer7.stock + after.offer7.sold).toBe(before.offer7.stock + before.offer7.sold);
    },
  },
  refund: {
    path: applyRefund.path,
    prepare: paidOrder,
    act: (api, key, order: Order) => api.call(applyRefund, { orderId: order.id, reason: "bought_wrongly" }, withKeyHeader(key)),
    check: async (before, after, order: Order, running) => {
      const refunding = after.orders.find((candidate) => candidate.id === order.id)!;
      expect(refunding).toMatchObject({ status: "refunding" });
      // What the cash earned comes out of the mCoin the refund gives back: the balance is not touched.
      expect(refunding.refund?.earningReversal).toEqual({ fromMcoinRefund: refunding.mcoinEarned, fromBalance: 0 });
      expect(after.balance).toBe(before.balance);
      // The refund completes on the sandbox clock: the mCoin comes back once.
      await control(running, "/__sandbox/clock", { body: { now: Date.now() + 30 * 86_400_000 } });
      const later = await books(running);
      expectConsistent(later);
      expect(later.orders.find((candidate) => candidate.id === order.id)).toMatchObject({ status: "refunded" });
      expect(
        entriesOf(later, order.id)
          .filter((entry) => entry.type === "refund")
          .map((entry) => entry.amount),
      ).toEqual([100]);
      expect(
        entriesOf(later, order.id)
          .filter((entry) => entry.type === "earning_reversed")
          .map((entry) => entry.amount),
      ).toEqual([-refunding.mcoinEarned]);
    },
  },
  "check-in": {
    path: checkIn.path,
    act: (api, key) => api.call(checkIn, {}, withKeyHeader(key)),
    check: (before, after) => {
      const added = after.entries.slice(before.entries.length);
      expect(added.map((entry) => entry.type)).toEqual(["check_in"]);
      expect(after.balance).toBe(before.balance + added[0].amount);
    },
  },
  "Asia Miles redemption": {
    path: milesRedeem.path,
    act: (api, key) => api.call(milesRedeem, { productId: 1, lastName: "CHAN", firstName: "TAI MAN", memberNo: "1300000002", mcoin: 1000 }, withKeyHeader(key)),
    check: (before, after) => {
      expect(after.miles.length, "one redemption per idempotency key").toBe(before.miles.length + 1);
      const added = after.entries.slice(before.entries.length);
      expect(added.map((entry) => [entry.type, entry.amount])).toEqual([["miles", -1000]]);
      expect(after.balance).toBe(before.balance - 1000);
    },
  },
  "seckill snap-up": {
    path: seckillSnapUp.path,
    act: (api, key) => api.call(seckillSnapUp, { itemId: 2 }, withKeyHeader(key)),
    check: (before, after) => {
      const [order, ...more] = newOrders(before, after);
      expect(more, "one order per idempotency key").toEqual([]);
      expect(order).toMatchObject({ orderKind: "seckill", mcoinUsed: 100 });
      expect(after.balance).toBe(before.balance - 100);
      expect(after.seckill2.sold).toBe(before.seckill2.sold + 1);
      expect(after.seckill2.stock + after.seckill2.sold).toBe(before.seckill2.stock + before.seckill2.sold);
    },
  },
};

describe("money is never lost or doubled under a fault and the mall's retry", () => {
  let running: RunningSandbox;
  let timer: HeldTimer;
  beforeAll(async () => {
    ({ running, timer } = await startHeld());
  });
  afterAll(() => running?.close());

  const cases = Object.keys(MONEY_CASES).flatMap((change) => FAULT_CASES.map((fault) => ({ change, fault })));

  it.each(cases)("$change under $fault, then the retry with the same key", async ({ change, fault }) => {
    const { path, prepare, act, check } = MONEY_CASES[change];
    await reset(running);
    const api = await signIn(running, MEMBER);
    const prepared = await prepare?.(api, running);
    const before = await books(running);
    const key = freshKey();

    await inject(running, fault, path);
    const started = Date.now();
    const slow = createApiClient({ ...api.options, timeoutMs: TIMEOUT_MS });
    await expect(act(fault === "timeout" ? slow : api, key, prepared, running)).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(QUICK_MS);
    // The mall retries at once with the same key; with a timeout, the first call is still held, and
    // reaches the endpoint after the retry.
    await act(api, key, prepared, running);
    if (fault === "timeout") await landDelayed(running, timer);

    const after = await books(running);
    expectConsistent(after);
    await check(before, after, prepared, running);
  });

  it("a settlement notice delivered twice settles the order once, and earns its mCoin once", async () => {
    await reset(running);
    const api = await signIn(running, MEMBER);
    const order = await placeOrder({ api });
    const before = await books(running);
    await inject(running, "notice-twice", "pay/notify");
    expect(await pay(running, order)).toMatchObject({ accepted: true, fault: "notice-twice" });
    expect((await control(running, "/__sandbox/log")).calls.filter((call: { path: string }) => call.path === "/pay/notify")).toHaveLength(2);
    const after = await books(running);
    expectConsistent(after);
    expect(after.orders.find((candidate) => candidate.id === order.id)).toMatchObject({ status: "received" });
    const earned = entriesOf(after, order.id).filter((entry) => entry.type === "earning");
    expect(earned).toHaveLength(1);
    expect(after.balance).toBe(before.balance + earned[0].amount);
  });
});

// --- 4. no sandbox at all --------------------------------------------------------------------------

describe("the sandbox down", () => {
  it("a client pointed at a closed port fails with NETWORK, quickly", async () => {
    const port = await new Promise<number>((resolve, reject) => {
      const probe = createServer();
      probe.once("error", reject);
      probe.listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const api = createApiClient({ baseUrl: `http://127.0.0.1:${port}`, transport, locale: "en", timeoutMs: 5_000 });
    const started = Date.now();
    const error = await failure(api.call(ENDPOINTS.systemTime), ApiError);
    expect(error.code).toBe("NETWORK");
    expect(error.message).toContain("ECONNREFUSED");
    expect(Date.now() - started).toBeLessThan(QUICK_MS);
  });
});

/**
 * What the fault tests across the endpoints share (endpoints.integration.test.ts, secure-functions.integration.test.ts,
 * money.integration.test.ts): the faults and the ApiError each becomes, sandbox servers that wait through a held
 * timer (sandbox/instruments/timer.ts), and requests over one running sandbox.
 */
import { expect } from "vitest";
import { createApiClient, type ApiClient } from "#core/api/client";
import { ENDPOINTS } from "#core/api/endpoints";
import { type ApiErrorCode } from "#core/api/errors";
import { IDEMPOTENCY_HEADER, createOrder, type Order } from "#core/api/shop-endpoints";
import { createUndiciTransport } from "#core/node/undici-transport";
import type { FaultKind } from "#core/controls/faults";
import { HeldTimer } from "../instruments/timer";
import { startSandboxServer, type RunningSandbox } from "../server";
import { freshKey, nextAnswered } from "../testing";

/** The client's timeout in the timeout case, and the injected delay that outlasts it (held, never waited for). */
export const TIMEOUT_MS = 200;
export const DELAY_MS = 1_000;
/** "Quickly": a failure is known well within this (a hang would be the client's 5 s or the server's 30 s). */
export const QUICK_MS = 2_000;
/** The member the money cases sign in as (12,580 mCoin); each endpoint case has a new member of its own. */
export const MEMBER = "mpay-1001";

export const transport = createUndiciTransport();

export type FaultCase = "http500" | "http429" | "garbage" | "not-login" | "not-found" | "reset" | "empty" | "random-bytes" | "truncated" | "timeout";

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
export const EXPECTED: Record<FaultCase, ApiErrorCode> = {
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
export const FAULT_CASES = Object.keys(EXPECTED) as FaultCase[];

/** The fault request for a case: the timeout case is a fixed delay past the client's timeout. */
export function faultRequest(kind: FaultCase | FaultKind, path: string): Record<string, unknown> {
  return kind === "timeout" ? { path, kind: "delay", latency: { fixed: DELAY_MS } } : { path, kind };
}

export async function control(running: RunningSandbox, path: string, init: { method?: string; body?: unknown } = {}): Promise<any> {
  const response = await fetch(`${running.url}${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: init.body === undefined ? {} : { "content-type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  expect(response.status, `${path}: ${text}`).toBeLessThan(300);
  return text === "" ? null : JSON.parse(text);
}

export const reset = (running: RunningSandbox) => control(running, "/__sandbox/reset", { body: {} });
export const inject = (running: RunningSandbox, kind: FaultCase | FaultKind, path: string) => control(running, "/__sandbox/faults", { body: faultRequest(kind, path) });

export function apiFor(running: RunningSandbox, token: string | null, timeoutMs = 5_000): ApiClient {
  return createApiClient({ baseUrl: running.url, transport, locale: "en", token, timeoutMs });
}

export async function signIn(running: RunningSandbox, openId: string): Promise<ApiClient> {
  const { token } = (await apiFor(running, null).call(ENDPOINTS.memberLogin, { openId })).data;
  return apiFor(running, token);
}

export async function failure<E>(promise: Promise<unknown>, type: new (...args: never[]) => E): Promise<E> {
  const error = await promise.then(
    (reply) => new Error(`expected a failure, got ${JSON.stringify(reply).slice(0, 200)}`),
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(type);
  return error as E;
}

/** A sandbox server on a port of its own, waiting through a held timer. */
export async function startHeld(): Promise<{ running: RunningSandbox; timer: HeldTimer }> {
  const timer = new HeldTimer();
  return { running: await startSandboxServer({ port: 0, host: "127.0.0.1", timer }), timer };
}

/**
 * The call held by an injected delay goes on, as if the delay had passed, and is answered: a call
 * the client gave up on still reaches its endpoint, later.
 */
export async function landDelayed(running: RunningSandbox, timer: HeldTimer): Promise<void> {
  await timer.waiting();
  const landed = nextAnswered(running.sandbox, (call) => call.fault === "delay");
  timer.release();
  await landed;
}

export const once = () => ({ headers: { [IDEMPOTENCY_HEADER]: freshKey() } });

/** An order awaiting payment: offer 7 (a coupon), one piece, 100 mCoin and the rest in cash. */
export const placeOrder = async ({ api }: { api: ApiClient }): Promise<Order> => (await api.call(createOrder, { offerId: 7, quantity: 1, mcoinUsed: 100 }, once())).data;

/** An order paid through the wallet's stand-in: received, its coupons unused. */
export async function paidOrder(api: ApiClient, running: RunningSandbox): Promise<Order> {
  const order = await placeOrder({ api });
  await pay(running, order);
  return order;
}

/** The wallet pays: a new payment, or (`paymentId`) the notice of a payment delivered again. */
export async function pay(running: RunningSandbox, order: Order, timeoutMs = 5_000, paymentId?: string) {
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

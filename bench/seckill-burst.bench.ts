/**
 * A seckill's opening second: one item of 10 pieces (MOP 1, limit 1 per member) and 200 members
 * pressing 'snap up' 5 times each, all 1000 requests at once, each with an idempotency key of its
 * own. Target: exactly 10 orders, to 10 different members; every other request refused as sold out
 * or over the member's limit (never a 5xx or a dropped connection); the item left with stock 0 and
 * sold 10. Also measured: requests per second over the burst, and each request's p50 and p99 latency.
 *
 * The snap-ups go straight to the gateway with the app's API client over one keep-alive undici pool
 * with room for the whole burst (the default pool's 128 connections would queue it in the client);
 * the members are added and signed in before the clock starts.
 */
import { randomBytes } from "node:crypto";
import { Agent } from "undici";
import { createApiClient, type ApiClient } from "#core/api/client";
import { memberLogin } from "#core/api/endpoints";
import { ApiError } from "#core/api/errors";
import { seckillSnapUp } from "#core/api/promotion-endpoints";
import { IDEMPOTENCY_HEADER, shopRefusal } from "#core/api/shop-endpoints";
import { createUndiciTransport } from "#core/node/undici-transport";
import { startSandboxServer } from "../sandbox/server";
import type { BenchResult } from "./report";
import { createControlClient } from "#core/controls/client";
import * as controls from "#core/controls/declarations";

/** Seckill item 1 (fixtures/promotions.json): MOP 1, no mCoin, limit 1 per member, in a session running at start. */
const ITEM_ID = 1;
const STOCK = 10;
const MEMBERS = 200;
const TAPS_PER_MEMBER = 5;
const REQUESTS = MEMBERS * TAPS_PER_MEMBER;
/** The refusals a snap-up that comes too late, or once too often, may get. */
const EXPECTED_REFUSALS = new Set(["SOLD_OUT", "LIMIT_REACHED"]);

export interface SeckillBurst {
  /** Snap-ups the gateway answered with an order. */
  accepted: number;
  /** Orders for the item the members hold afterwards, and how many members hold one. */
  orders: number;
  winners: number;
  /** Refused requests by reason (the gateway's refusal, else the API error's code, else the error). */
  refusals: Record<string, number>;
  /** The item's live numbers afterwards. */
  stock: number;
  sold: number;
  /** The whole burst, and each request, in milliseconds. */
  ms: number;
  p50: number;
  p99: number;
}

/** The nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Runs the burst against a fresh sandbox; what came of it. */
export async function seckillBurst(): Promise<SeckillBurst> {
  const sandbox = await startSandboxServer({ port: 0, host: "127.0.0.1" });
  // One connection per request in flight: the burst reaches the gateway at once, not 128 at a time.
  const agent = new Agent({ keepAliveTimeout: 10_000, connections: REQUESTS, pipelining: 1 });
  try {
    const sandboxControls = createControlClient({ baseUrl: sandbox.url });
    const openIds = Array.from({ length: MEMBERS }, (_, index) => `seckill-${String(index + 1).padStart(3, "0")}`);
    for (const openId of openIds) await sandboxControls.get(controls.addMember, { input: { openId, nickname: openId } });
    await sandboxControls.get(controls.patchSeckill, { params: { id: ITEM_ID }, input: { stock: STOCK } });

    const transport = createUndiciTransport(agent);
    const anonymous = createApiClient({ baseUrl: sandbox.url, transport, locale: "en", timeoutMs: 30_000 });
    const clients: ApiClient[] = await Promise.all(
      openIds.map(async (openId) => {
        const { token } = (await anonymous.call(memberLogin, { openId })).data;
        return createApiClient({ baseUrl: sandbox.url, transport, locale: "en", token, timeoutMs: 30_000 });
      }),
    );

    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: REQUESTS }, async (_, index) => {
        const key = randomBytes(16).toString("hex");
        const sent = performance.now();
        // A member's taps go out side by side, so their limit is raced while there is still stock.
        const outcome = await clients[Math.floor(index / TAPS_PER_MEMBER)].call(seckillSnapUp, { itemId: ITEM_ID, gray: 0 }, { headers: { [IDEMPOTENCY_HEADER]: key } }).then(
          () => ({ won: true as const }),
          (error: unknown) => ({
            won: false as const,
            reason: error instanceof ApiError ? (shopRefusal(error.body) ?? `${error.code}${error.status ? ` ${error.status}` : ""}`) : String(error),
          }),
        );
        return { ...outcome, ms: performance.now() - sent };
      }),
    );
    const ms = performance.now() - started;

    const refusals: Record<string, number> = {};
    let accepted = 0;
    for (const result of results) {
      if (result.won) accepted += 1;
      else refusals[result.reason] = (refusals[result.reason] ?? 0) + 1;
    }
    const latencies = results.map((result) => result.ms).sort((a, b) => a - b);

    const held = await Promise.all(
      openIds.map(async (openId) => (await sandboxControls.get(controls.orders, { params: { openId } })).orders.filter((order) => order.seckillItemId === ITEM_ID).length),
    );
    const item = await sandboxControls.get(controls.seckill, { params: { id: ITEM_ID } });
    return {
      accepted,
      orders: held.reduce((sum, count) => sum + count, 0),
      winners: held.filter((count) => count > 0).length,
      refusals,
      stock: item.stock,
      sold: item.sold,
      ms,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
    };
  } finally {
    await agent.close();
    await sandbox.close();
  }
}

export async function seckillBurstBench(): Promise<BenchResult> {
  const burst = await seckillBurst();
  const refused = Object.entries(burst.refusals)
    .map(([reason, count]) => `${count} ${reason}`)
    .join(", ");
  const expectedRefusals = Object.entries(burst.refusals).reduce((sum, [reason, count]) => sum + (EXPECTED_REFUSALS.has(reason) ? count : 0), 0);
  const perSecond = REQUESTS / (burst.ms / 1000);
  return {
    name: `${REQUESTS} concurrent snap-ups from ${MEMBERS} members for a seckill item of ${STOCK} (limit 1 each)`,
    measured:
      `${burst.orders} orders to ${burst.winners} members (${burst.accepted} accepted) in ${burst.ms.toFixed(0)} ms: ${perSecond.toFixed(0)} req/s, ` +
      `p50 ${burst.p50.toFixed(1)} ms, p99 ${burst.p99.toFixed(1)} ms; refused: ${refused || "none"}; item stock ${burst.stock}, sold ${burst.sold}`,
    value: burst.orders,
    display: `${burst.orders} orders, ${burst.winners} members`,
    target: `exactly ${STOCK} orders to ${STOCK} members`,
    pass: burst.orders === STOCK && burst.winners === STOCK && burst.accepted === STOCK && expectedRefusals === REQUESTS - STOCK && burst.stock === 0 && burst.sold === STOCK,
  };
}

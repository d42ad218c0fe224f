/**
 * The last pieces under a burst of checkouts: the sandbox served over HTTP, one offer set to 5 pieces
 * of stock, and 50 buyers placing their orders at the same moment through the app's own API client
 * (each with its own idempotency key; four demo members who can all afford it, taking turns). Target:
 * exactly 5 orders, and every refused buyer keeps their mCoin: each member's ledger holds exactly
 * one purchase per order they got, and nothing else new.
 */
import { createApiClient, type ApiClient } from "../app/lib/api/client";
import { memberLogin } from "../app/lib/api/endpoints";
import { ApiError } from "../app/lib/api/errors";
import { IDEMPOTENCY_HEADER, createOrder, shopRefusal, type LedgerEntry } from "../app/lib/api/shop-endpoints";
import { createUndiciTransport } from "../app/lib/api/undici-transport";
import { startSandboxServer } from "../sandbox/server";
import type { BenchResult } from "./report";

const OFFER_ID = 7;
const STOCK = 5;
const BUYERS = 50;
const MCOIN_PER_ORDER = 100;
/** Members who can afford the offer's mCoin part as many times as there are pieces (mpay-1005 has 500). */
const MEMBERS = ["mpay-1001", "mpay-1002", "mpay-1003", "mpay-1005"];

export interface CheckoutBurst {
  orders: number;
  /** Ledger entries beyond one purchase per order won (at least one per member whose ledger is wrong). */
  chargedWithoutOrder: number;
  refusals: Record<string, number>;
  ms: number;
}

/** Runs the burst against a fresh sandbox; what came of it. */
export async function checkoutBurst(): Promise<CheckoutBurst> {
  const sandbox = await startSandboxServer({ port: 0, host: "127.0.0.1" });
  try {
    const control = async (path: string, init?: RequestInit) => {
      const response = await fetch(`${sandbox.url}${path}`, { ...init, headers: { "content-type": "application/json" } });
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
      return response.json() as Promise<any>;
    };
    const ledger = async (openId: string) => ((await control(`/__sandbox/members/${openId}/ledger`)) as { entries: LedgerEntry[] }).entries;
    await control(`/__sandbox/offers/${OFFER_ID}`, { method: "PATCH", body: JSON.stringify({ stock: STOCK }) });

    const transport = createUndiciTransport();
    const anonymous = createApiClient({ baseUrl: sandbox.url, transport, locale: "en", timeoutMs: 30_000 });
    const clients = new Map<string, ApiClient>();
    const before = new Map<string, LedgerEntry[]>();
    for (const openId of MEMBERS) {
      const { token } = (await anonymous.call(memberLogin, { openId })).data;
      clients.set(openId, createApiClient({ baseUrl: sandbox.url, transport, locale: "en", token, timeoutMs: 30_000 }));
      before.set(openId, await ledger(openId));
    }

    const started = performance.now();
    const results = await Promise.allSettled(
      Array.from({ length: BUYERS }, (_, buyer) => {
        const openId = MEMBERS[buyer % MEMBERS.length];
        const key = `burst-${String(buyer).padStart(3, "0")}-${Math.random().toString(36).slice(2, 12)}`;
        return clients.get(openId)!.call(createOrder, { offerId: OFFER_ID, quantity: 1, mcoinUsed: MCOIN_PER_ORDER }, { headers: { [IDEMPOTENCY_HEADER]: key } }).then((reply) => ({ openId, order: reply.data }));
      }),
    );
    const ms = performance.now() - started;

    const refusals: Record<string, number> = {};
    const won = new Map<string, number>();
    for (const result of results) {
      if (result.status === "fulfilled") {
        won.set(result.value.openId, (won.get(result.value.openId) ?? 0) + 1);
        continue;
      }
      const reason = result.reason instanceof ApiError ? (shopRefusal(result.reason.body) ?? result.reason.code) : String(result.reason);
      refusals[reason] = (refusals[reason] ?? 0) + 1;
    }

    // Each member's ledger: what it was, then one purchase of MCOIN_PER_ORDER per order they got.
    let chargedWithoutOrder = 0;
    for (const openId of MEMBERS) {
      const old = before.get(openId)!;
      const now = await ledger(openId);
      const added = now.slice(old.length);
      const expected = won.get(openId) ?? 0;
      const right =
        JSON.stringify(now.slice(0, old.length)) === JSON.stringify(old) &&
        added.length === expected &&
        added.every((entry) => entry.type === "purchase" && entry.amount === -MCOIN_PER_ORDER);
      if (!right) chargedWithoutOrder += Math.max(1, added.length - expected);
    }
    const orders = (await Promise.all(MEMBERS.map(async (openId) => ((await control(`/__sandbox/members/${openId}/orders`)) as { orders: unknown[] }).orders.length))).reduce(
      (sum, count) => sum + count,
      0,
    );
    return { orders, chargedWithoutOrder, refusals, ms };
  } finally {
    await sandbox.close();
  }
}

export async function checkoutBurstBench(): Promise<BenchResult> {
  const burst = await checkoutBurst();
  const refused = Object.entries(burst.refusals)
    .map(([reason, count]) => `${count} ${reason}`)
    .join(", ");
  return {
    name: `${BUYERS} concurrent checkouts for the last ${STOCK} pieces`,
    measured: `${burst.orders} orders in ${burst.ms.toFixed(0)} ms; refused: ${refused || "none"}; refused buyers charged: ${burst.chargedWithoutOrder}`,
    value: burst.orders,
    display: `${burst.orders} orders`,
    target: `exactly ${STOCK}, no refused buyer charged`,
    pass: burst.orders === STOCK && burst.chargedWithoutOrder === 0,
  };
}

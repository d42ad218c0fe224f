/**
 * The last pieces under a burst of checkouts: one offer set to 5 pieces of stock, and 50 buyers
 * pressing 'pay' at the same moment, each with an idempotency key of their own; four demo members who
 * can all afford it take turns. Target: exactly 5 orders, and every refused buyer keeps their mCoin:
 * each member's ledger holds exactly one purchase per order they got, and nothing else new.
 *
 * `npm run bench` sends the checkouts through the mall's production build, the whole way a member's
 * tap goes (session cookie, Origin check, the offer screen's action, the gateway); the sandbox's unit
 * tests send them straight to the gateway with the app's API client, so its rules are checked before
 * anything is built.
 */
import { randomBytes } from "node:crypto";
import { request } from "undici";
import { createApiClient } from "#core/api/client";
import { memberLogin } from "#core/api/endpoints";
import { ApiError } from "#core/api/errors";
import { IDEMPOTENCY_HEADER, createOrder, shopRefusal, type LedgerEntry } from "#core/api/shop-endpoints";
import { createUndiciTransport } from "#core/node/undici-transport";
import { startSandboxServer, type RunningSandbox } from "../sandbox/server";
import { freePort, signIn, startMall, type BenchMall } from "./mall";
import type { BenchResult } from "./report";
import { createControlClient } from "#core/controls/client";
import * as controls from "#core/controls/declarations";

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

/** One buyer's checkout: whether they got an order, or why not. */
type Checkout = (openId: string, key: string) => Promise<{ won: true } | { won: false; reason: string }>;

/** Buyers who check out straight at the gateway, with the app's own API client. */
async function gatewayBuyers(sandbox: RunningSandbox): Promise<Checkout> {
  const transport = createUndiciTransport();
  const anonymous = createApiClient({ baseUrl: sandbox.url, transport, locale: "en", timeoutMs: 30_000 });
  const clients = new Map<string, ReturnType<typeof createApiClient>>();
  for (const openId of MEMBERS) {
    const { token } = (await anonymous.call(memberLogin, { openId })).data;
    clients.set(openId, createApiClient({ baseUrl: sandbox.url, transport, locale: "en", token, timeoutMs: 30_000 }));
  }
  return (openId, key) =>
    clients
      .get(openId)!
      .call(createOrder, { offerId: OFFER_ID, quantity: 1, mcoinUsed: MCOIN_PER_ORDER }, { headers: { [IDEMPOTENCY_HEADER]: key } })
      .then(
        () => ({ won: true as const }),
        (error: unknown) => ({ won: false as const, reason: error instanceof ApiError ? (shopRefusal(error.body) ?? error.code) : String(error) }),
      );
}

/** Buyers who check out through the mall: signed in, posting the offer screen's checkout form. */
async function mallBuyers(mall: BenchMall, sandbox: RunningSandbox): Promise<Checkout> {
  const cookies = new Map<string, string>();
  for (const openId of MEMBERS) cookies.set(openId, await signIn(mall, sandbox.url, openId));
  return async (openId, key) => {
    const form = new URLSearchParams({ intent: "checkout", quantity: "1", mcoinUsed: String(MCOIN_PER_ORDER), idempotencyKey: key });
    const reply = await request(`${mall.base}/coupon_details/${OFFER_ID}.data`, {
      method: "POST",
      body: form.toString(),
      headers: { cookie: cookies.get(openId)!, origin: mall.base, "content-type": "application/x-www-form-urlencoded" },
    });
    const body = await reply.body.text();
    if (reply.statusCode === 200) return { won: true };
    return { won: false, reason: /"([A-Z][A-Z_]{5,})"/.exec(body)?.[1] ?? `HTTP ${reply.statusCode}` };
  };
}

/** Runs the burst against a fresh sandbox (and, `throughMall`, a fresh mall); what came of it. */
export async function checkoutBurst({ throughMall }: { throughMall: boolean }): Promise<CheckoutBurst> {
  const port = await freePort();
  const sandbox = await startSandboxServer({ port: 0, host: "127.0.0.1", mallOrigins: [`http://localhost:${port}`] });
  let mall: BenchMall | null = null;
  try {
    const sandboxControls = createControlClient({ baseUrl: sandbox.url });
    const ledger = async (openId: string): Promise<LedgerEntry[]> => (await sandboxControls.get(controls.ledger, { params: { openId } })).entries;
    await sandboxControls.get(controls.patchOffer, { params: { id: OFFER_ID }, input: { stock: STOCK } });

    // The burst comes from one address: room for it in the mall's action rate limit.
    if (throughMall) mall = await startMall(port, sandbox.url, { MCOIN_RATE_LIMITS: "login=1000,action=10000" });
    const checkout = mall ? await mallBuyers(mall, sandbox) : await gatewayBuyers(sandbox);
    const before = new Map<string, LedgerEntry[]>();
    for (const openId of MEMBERS) before.set(openId, await ledger(openId));

    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: BUYERS }, async (_, buyer) => {
        const openId = MEMBERS[buyer % MEMBERS.length];
        return { openId, ...(await checkout(openId, randomBytes(16).toString("hex"))) };
      }),
    );
    const ms = performance.now() - started;

    const refusals: Record<string, number> = {};
    const won = new Map<string, number>();
    for (const result of results) {
      if (result.won) won.set(result.openId, (won.get(result.openId) ?? 0) + 1);
      else refusals[result.reason] = (refusals[result.reason] ?? 0) + 1;
    }

    // Each member's ledger: what it was, then one purchase of MCOIN_PER_ORDER per order they got.
    let chargedWithoutOrder = 0;
    for (const openId of MEMBERS) {
      const old = before.get(openId)!;
      const now = await ledger(openId);
      const added = now.slice(old.length);
      const expected = won.get(openId) ?? 0;
      const right =
        JSON.stringify(now.slice(0, old.length)) === JSON.stringify(old) && added.length === expected && added.every((entry) => entry.type === "purchase" && entry.amount === -MCOIN_PER_ORDER);
      if (!right) chargedWithoutOrder += Math.max(1, added.length - expected);
    }
    const orders = (
      await Promise.all(MEMBERS.map(async (openId) => (await sandboxControls.get(controls.orders, { params: { openId } })).orders.filter((order) => order.offerId === OFFER_ID).length))
    ).reduce((sum, count) => sum + count, 0);
    return { orders, chargedWithoutOrder, refusals, ms };
  } finally {
    mall?.stop();
    await sandbox.close();
  }
}

export async function checkoutBurstBench(): Promise<BenchResult> {
  const burst = await checkoutBurst({ throughMall: true });
  const refused = Object.entries(burst.refusals)
    .map(([reason, count]) => `${count} ${reason}`)
    .join(", ");
  return {
    name: `${BUYERS} concurrent checkouts through the mall for the last ${STOCK} pieces`,
    measured: `${burst.orders} orders in ${burst.ms.toFixed(0)} ms; refused: ${refused || "none"}; refused buyers charged: ${burst.chargedWithoutOrder}`,
    value: burst.orders,
    display: `${burst.orders} orders`,
    target: `exactly ${STOCK}, no refused buyer charged`,
    pass: burst.orders === STOCK && burst.chargedWithoutOrder === 0,
  };
}

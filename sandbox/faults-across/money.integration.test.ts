/**
 * Money is never lost or doubled whatever fault hits a state change (order, payment, cancel, refund,
 * check-in, Asia Miles, seckill), with the mall's retry carrying the same idempotency key: the
 * ledger sums to the balance, one order per key, no entry twice, stock plus sold unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient, type ApiClient } from "#core/api/client";
import { checkIn, milesRedeem, seckillSnapUp } from "#core/api/promotion-endpoints";
import { IDEMPOTENCY_HEADER, cancelPayment, createOrder, walletNotify, type LedgerEntry, type Order } from "#core/api/shop-endpoints";
import { applyRefund } from "#core/api/wallet-endpoints";
import { HeldTimer } from "../instruments/timer";
import { type RunningSandbox } from "../server";
import { freshKey } from "../testing";
import { TIMEOUT_MS, QUICK_MS, MEMBER, FAULT_CASES, control, reset, inject, signIn, startHeld, landDelayed, placeOrder, paidOrder, pay } from "./testing";

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
    // The wallet gives up when the mall's client would (a short wait in the timeout case only).
    act: (api, key, order: Order, running) => pay(running, order, api.options.timeoutMs, `WP${key}`.slice(0, 64)),
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

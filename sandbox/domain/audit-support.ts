/**
 * For the audit's tests (audit*.test.ts): books as GET /__sandbox/state sends them, kept by the
 * rules on a busy day and where refunds took the earning back from every place it can come from, and
 * ways to tamper with them that break one rule only.
 */
import { expect } from "vitest";
import type { LedgerEntry } from "#core/api/shop-endpoints";
import type { MoneyView } from "./audit";
import { PAYMENT_WINDOW_MS, REFUND_PROCESSING_MS } from "./order-book";
import { ANA, CHAN, SAM, buy, later, paid, placed, setup, type World } from "./test-support";

/** The books as GET /__sandbox/state sends them: a copy, not the live objects. */
export const view = (state: World): MoneyView => JSON.parse(JSON.stringify(state.view())) as MoneyView;

/** Books after some of everything: paid, refunded, left unpaid to close, cancelled, checked in, a gift. */
export function busyDay() {
  const { state } = setup();
  const before = view(state);
  const refunded = placed(state, SAM, buy({ quantity: 2, mcoinUsed: 300 }));
  state.orders.notice(paid(refunded));
  expect(state.afterSale.requestRefund(SAM, { orderId: refunded.id, reason: "bought_wrongly", remarks: "" }).ok).toBe(true);
  const kept = placed(state, CHAN, buy({ quantity: 1, mcoinUsed: 380 }));
  const unpaid = placed(state, ANA, buy({ quantity: 1, mcoinUsed: 100 }));
  const cancelled = placed(state, ANA, buy({ quantity: 3, mcoinUsed: 0 }));
  expect(state.orders.cancel(ANA, cancelled.id).ok).toBe(true);
  expect(state.promotions.checkIn(SAM).ok).toBe(true);
  expect(state.afterSale.redeemCode(CHAN, "GIFT-CONGEE").ok).toBe(true);
  later(state, Math.max(PAYMENT_WINDOW_MS, REFUND_PROCESSING_MS) + 1);
  state.books.closeDue();
  expect([refunded.status, kept.status, unpaid.status, cancelled.status]).toEqual(["refunded", "received", "closed", "closed"]);
  return { state, before, after: view(state), refunded, kept };
}

/** Renumbers a tampered ledger's running balances, so only the rule the tampering broke is broken. */
export function rebalance(ledger: MoneyView["accounts"][string]["ledger"]) {
  let balance = 0;
  ledger.forEach((entry, index) => {
    balance += entry.amount;
    entry.seq = index + 1;
    entry.balanceAfter = balance;
  });
}

/** The wallet's notice that `order` was paid, by a payment of its own (`paid` gives every order the same one). */
export const paidBy = (order: { orderNo: string; cashCents: number }, paymentId: string) => ({ ...paid(order), paymentId });

/**
 * Books where refunds took the earning back from each place it can come from: from the balance
 * (Sam's order paid in cash alone), from the mCoin refunded (Chan's), and from both (Sam's order paid
 * mostly in cash); with payments refused for each reason, an order paid and kept (Ana's), one left
 * unpaid, and one paid after it closed, that payment coming in after `processing`.
 */
export function keptBack() {
  const { state } = setup();
  const before = view(state);
  // MOP 76 in cash earns 76: taken from Sam's balance.
  const cashOnly = placed(state, SAM, buy({ quantity: 2, mcoinUsed: 0 }));
  state.orders.notice(paidBy(cashOnly, "WPCASHONLY000001"));
  // 300 mCoin and MOP 46 earn 46: taken from the 300 mCoin refunded.
  const mixed = placed(state, CHAN, buy({ quantity: 2, mcoinUsed: 300 }));
  state.orders.notice(paidBy(mixed, "WPMIXED000000001"));
  expect(state.orders.notice(paidBy(mixed, "WPSECOND00000001"))).toEqual({ ok: false, reason: "DUPLICATE_PAYMENT" });
  // 100 mCoin and MOP 104 earn 104: 100 from the mCoin refunded, 4 from Sam's balance.
  const both = placed(state, SAM, buy({ quantity: 3, mcoinUsed: 100 }));
  state.orders.notice(paidBy(both, "WPBOTH0000000001"));
  for (const order of [cashOnly, mixed, both]) expect(state.afterSale.requestRefund(order.openId, { orderId: order.id, reason: "bought_wrongly", remarks: "" }).ok).toBe(true);
  const unpaid = placed(state, ANA, buy({ quantity: 1, mcoinUsed: 100 }));
  expect(state.orders.notice({ ...paidBy(unpaid, "WPWRONG000000001"), amountCents: 1 })).toEqual({ ok: false, reason: "AMOUNT_MISMATCH" });
  const late = placed(state, ANA, buy({ quantity: 1, mcoinUsed: 100 }));
  state.orders.lapse(late.orderNo);
  const kept = placed(state, ANA, buy({ quantity: 1, mcoinUsed: 100 }));
  state.orders.notice(paidBy(kept, "WPKEPT0000000001"));
  const processing = view(state);
  expect(state.orders.notice(paidBy(late, "WPLATE0000000001"))).toEqual({ ok: false, reason: "ORDER_CLOSED" });
  later(state, REFUND_PROCESSING_MS);
  const after = view(state);
  expect([cashOnly.status, mixed.status, both.status, unpaid.status, late.status, kept.status]).toEqual(["refunded", "refunded", "refunded", "awaiting_payment", "closed", "received"]);
  expect([cashOnly, mixed, both].map((order) => [order.mcoinEarned, order.refund!.earningReversal])).toEqual([
    [76, { fromMcoinRefund: 0, fromBalance: 76 }],
    [46, { fromMcoinRefund: 46, fromBalance: 0 }],
    [104, { fromMcoinRefund: 100, fromBalance: 4 }],
  ]);
  // Sam's two purchases and their refunds left him where he started.
  expect(state.books.balance(SAM)).toBe(500);
  return { before, processing, after, cashOnly, mixed, both, unpaid, late, kept };
}

export const orderOf = (books: MoneyView, id: number) => books.orders.find((order) => order.id === id)!;
export const entry = (type: LedgerEntry["type"], amount: number, order?: { id: number; orderNo: string }): LedgerEntry => ({
  seq: 0,
  at: 0,
  type,
  amount,
  balanceAfter: 0,
  orderId: order?.id ?? null,
  orderNo: order?.orderNo ?? null,
});

/** Changes a member's ledger and keeps it adding up (numbers, running balances, the member's balance). */
export function rewrite(books: MoneyView, openId: string, change: (ledger: LedgerEntry[]) => void) {
  const ledger = books.accounts[openId].ledger;
  change(ledger);
  rebalance(ledger);
  books.members.find((member) => member.openId === openId)!.point = ledger.at(-1)?.balanceAfter ?? 0;
}

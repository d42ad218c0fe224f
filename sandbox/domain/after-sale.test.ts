/**
 * After the sale, rule by rule (after-sale.ts's header): coupons and their redemption codes, a
 * merchant's till, lazy expiry, and refunds and what they give back. Goods and deleting are
 * goods.test.ts's, codes codes.test.ts's, the demo history history.test.ts's.
 */
import { describe, expect, it } from "vitest";
import { loadFixtures } from "../fixtures";
import { REFUND_PROCESSING_MS } from "./order-book";
import { CHAN, PORK_CHOP_BUN, SAM, buy, expectLedgersSum, later, paid, placed, settled, setup } from "./test-support";

describe("coupons", () => {
  it("are one per piece once paid, each with a coupon number and a 12-digit redemption code of its own", () => {
    const { state } = setup();
    const order = placed(state, SAM);
    expect(order.coupons).toEqual([]);
    state.orders.notice(paid(order));
    expect(order.coupons).toHaveLength(2);
    const [first, second] = order.coupons;
    expect(first).toMatchObject({ status: "unused", usedAt: null, usedAtStore: null, couponNo: `${order.orderNo}01` });
    expect(first.redemptionCode).toMatch(/^[1-9]\d{11}$/);
    expect(second.redemptionCode).not.toBe(first.redemptionCode);
    expect(first.useUntil).toBe(state.catalog.at(fixtures().offer(PORK_CHOP_BUN).useUntil));
    expect(state.orders.couponsHeld(SAM)).toBe(2);
  });

  it("are redeemed once at a till, at one of the offer's stores; the order is used when none is left", () => {
    const { state } = setup();
    const order = settled(state, SAM);
    const [first, second] = order.coupons;
    const store = fixtures().offer(PORK_CHOP_BUN).storeIds.at(-1)!;
    expect(state.afterSale.redeem(first.redemptionCode, 999_999)).toEqual({ ok: false, reason: "CODE_INVALID" });
    expect(state.afterSale.redeem("000000000000")).toEqual({ ok: false, reason: "CODE_INVALID" });
    expect(state.afterSale.redeem(first.redemptionCode, store).ok).toBe(true);
    expect(first).toMatchObject({ status: "used", usedAt: state.now(), usedAtStore: String(store) });
    expect(state.afterSale.redeem(first.redemptionCode)).toEqual({ ok: false, reason: "ALREADY_USED" });
    expect(order.status).toBe("received");
    expect(state.afterSale.redeem(second.redemptionCode).ok).toBe(true);
    expect(order).toMatchObject({ status: "used", completedAt: state.now() });
    expect(state.orders.couponsHeld(SAM)).toBe(0);
  });

  it("expire lazily past their validity: nothing runs, and they cannot be redeemed or refunded", () => {
    const { state } = setup();
    const order = settled(state, SAM);
    state.setClock(order.coupons[0].useUntil + 1);
    expect(state.orders.couponsHeld(SAM)).toBe(0);
    expect(state.afterSale.redeem(order.coupons[0].redemptionCode)).toEqual({ ok: false, reason: "CODE_INVALID" });
    expect(state.afterSale.requestRefund(SAM, { orderId: order.id, reason: "expiring", remarks: "" })).toEqual({ ok: false, reason: "CANNOT_REFUND" });
    expect(state.afterSale.deletable(order)).toBe(true);
  });
});

describe("refunds", () => {
  it("invalidate the coupons at once, and complete later: mCoin back less what the order earned, cash and stock back", () => {
    const { state } = setup();
    const order = settled(state, SAM, buy({ quantity: 2, mcoinUsed: 300 }));
    expect(order).toMatchObject({ cashCents: 4600, mcoinEarned: 46 });
    expect(state.books.balance(SAM)).toBe(500 - 300 + 46);
    const stock = state.orders.live(PORK_CHOP_BUN)!.stock;
    const requested = state.afterSale.requestRefund(SAM, { orderId: order.id, reason: "other", remarks: "bought two by mistake" });
    expect(requested.ok).toBe(true);
    expect(order.status).toBe("refunding");
    expect(order.coupons.map((coupon) => coupon.status)).toEqual(["refunding", "refunding"]);
    expect(state.afterSale.redeem(order.coupons[0].redemptionCode)).toEqual({ ok: false, reason: "CODE_INVALID" });
    expect(order.refund).toMatchObject({
      status: "refunding",
      reason: "other",
      remarks: "bought two by mistake",
      cashRequestedCents: 4600,
      mcoinRequested: 300,
      cashRefundedCents: 0,
      mcoinRefunded: 0,
      // The 300 mCoin the refund gives back cover the 46 earned: the balance is not touched.
      earningReversal: { fromMcoinRefund: 46, fromBalance: 0 },
      refundNo: null,
    });
    expect(state.afterSale.requestRefund(SAM, { orderId: order.id, reason: "other", remarks: "again" })).toEqual({ ok: false, reason: "CANNOT_REFUND" });
    expect(state.books.balance(SAM)).toBe(246);

    later(state, REFUND_PROCESSING_MS - 1);
    expect(state.orders.get(SAM, order.id)!.status).toBe("refunding");
    later(state, 1);
    expect(state.orders.get(SAM, order.id)).toMatchObject({ status: "refunded", refund: { status: "refunded", cashRefundedCents: 4600, mcoinRefunded: 254, refundedAt: state.now() } });
    expect(order.refund!.refundNo).toMatch(/^WR[0-9A-F]{20}$/);
    expect(order.coupons.map((coupon) => coupon.status)).toEqual(["refunded", "refunded"]);
    expect(
      state.books
        .ledger(SAM)
        .slice(0, 2)
        .map((entry) => [entry.type, entry.amount, entry.balanceAfter]),
    ).toEqual([
      ["earning_reversed", -46, 500],
      ["refund", 300, 546],
    ]);
    expect(state.books.balance(SAM)).toBe(500);
    expect(state.orders.live(PORK_CHOP_BUN)!.stock).toBe(stock + 2);
    expect(state.orders.piecesHeld(SAM, PORK_CHOP_BUN)).toBe(0);
    expectLedgersSum(state);
  });

  it("of an order paid in cash take its earning from the balance at once, the cash coming back whole", () => {
    const { state } = setup();
    const cashOnly = settled(state, SAM, buy({ quantity: 2, mcoinUsed: 0 }));
    expect(cashOnly.mcoinEarned).toBe(76);
    expect(state.afterSale.requestRefund(SAM, { orderId: cashOnly.id, reason: "bought_wrongly", remarks: "" }).ok).toBe(true);
    expect(cashOnly.refund!.earningReversal).toEqual({ fromMcoinRefund: 0, fromBalance: 76 });
    expect(state.books.ledger(SAM)[0]).toMatchObject({ type: "earning_reversed", amount: -76, balanceAfter: 500, at: state.now(), orderId: cashOnly.id });
    later(state, REFUND_PROCESSING_MS);
    expect(state.orders.get(SAM, cashOnly.id)!.refund).toMatchObject({ status: "refunded", cashRequestedCents: 7600, cashRefundedCents: 7600, mcoinRefunded: 0 });
    expect(state.books.balance(SAM)).toBe(500);
    expectLedgersSum(state);
  });

  it("are refused, changing nothing, while the balance cannot cover what the mCoin refunded leave of the earning; once it can, they go through", () => {
    const { state } = setup();
    // MOP 76 in cash earns 76 mCoin; the member spends all but 10 of their balance.
    const cashOnly = settled(state, SAM, buy({ quantity: 2, mcoinUsed: 0 }));
    state.books.adjustBalance(SAM, 10);
    const digest = state.view().digest;
    expect(state.afterSale.requestRefund(SAM, { orderId: cashOnly.id, reason: "bought_wrongly", remarks: "" })).toEqual({ ok: false, reason: "EARNING_SPENT" });
    expect(state.view().digest).toBe(digest);
    expect(cashOnly).toMatchObject({ status: "received", refund: null });
    expect(cashOnly.coupons.every((coupon) => coupon.status === "unused")).toBe(true);
    state.books.adjustBalance(SAM, 76);
    expect(state.afterSale.requestRefund(SAM, { orderId: cashOnly.id, reason: "bought_wrongly", remarks: "" }).ok).toBe(true);
    expect(state.books.balance(SAM)).toBe(0);

    // Part mCoin, part cash: the mCoin refunded cover their share, the balance the rest.
    const order = settled(state, CHAN, buy({ quantity: 3, mcoinUsed: 100 }));
    expect(order).toMatchObject({ cashCents: 10_400, mcoinEarned: 104 });
    state.books.adjustBalance(CHAN, 3);
    expect(state.afterSale.requestRefund(CHAN, { orderId: order.id, reason: "bought_wrongly", remarks: "" })).toEqual({ ok: false, reason: "EARNING_SPENT" });
    state.books.adjustBalance(CHAN, 4);
    expect(state.afterSale.requestRefund(CHAN, { orderId: order.id, reason: "bought_wrongly", remarks: "" }).ok).toBe(true);
    expect(order.refund!.earningReversal).toEqual({ fromMcoinRefund: 100, fromBalance: 4 });
    later(state, REFUND_PROCESSING_MS);
    expect(state.orders.get(CHAN, order.id)!.refund).toMatchObject({ status: "refunded", cashRefundedCents: 10_400, mcoinRefunded: 0 });
    expect(state.books.balance(CHAN)).toBe(0);
    expectLedgersSum(state);
  });

  it("cannot be farmed by parking the balance in an unpaid order, before asking or while the refund is processed", () => {
    const { state } = setup();
    // Sam has 500 mCoin; MOP 228 of cash earns 228 more.
    const start = state.books.balance(SAM);
    const bought = settled(state, SAM, buy({ quantity: 6, mcoinUsed: 0 }));
    expect(bought.mcoinEarned).toBe(228);
    // Parked before asking: the refund waits for the balance.
    const early = placed(state, SAM, buy({ offerId: 3, quantity: 1, mcoinUsed: 700 }));
    expect(state.afterSale.requestRefund(SAM, { orderId: bought.id, reason: "bought_wrongly", remarks: "" })).toEqual({ ok: false, reason: "EARNING_SPENT" });
    expect(state.orders.cancel(SAM, early.id).ok).toBe(true);
    expect(state.afterSale.requestRefund(SAM, { orderId: bought.id, reason: "bought_wrongly", remarks: "" }).ok).toBe(true);
    // Parked while it is processed: the earning was taken when it was asked for.
    const parked = placed(state, SAM, buy({ offerId: 3, quantity: 1, mcoinUsed: state.books.balance(SAM) }));
    expect(state.books.balance(SAM)).toBe(0);
    later(state, REFUND_PROCESSING_MS);
    expect(state.orders.cancel(SAM, parked.id).ok).toBe(true);
    expect(state.orders.get(SAM, bought.id)!.refund).toMatchObject({ status: "refunded", cashRefundedCents: bought.cashCents });
    expect(state.books.balance(SAM), "no richer than before the purchase").toBe(start);
    expectLedgersSum(state);
  });

  it("cannot turn cash into mCoin by spending the earning on an order refunded afterwards", () => {
    const { state } = setup();
    const start = state.books.balance(SAM);
    const bought = settled(state, SAM, buy({ quantity: 6, mcoinUsed: 0 }));
    // The whole balance (500 + 228) spent on a coupon paid in mCoin alone, settled at once.
    const spent = placed(state, SAM, buy({ offerId: 53, quantity: 1, mcoinUsed: 50 }));
    state.books.adjustBalance(SAM, 0);
    expect(spent.status).toBe("received");
    expect(state.afterSale.requestRefund(SAM, { orderId: bought.id, reason: "bought_wrongly", remarks: "" })).toEqual({ ok: false, reason: "EARNING_SPENT" });
    // Refunding the coupon first gives its mCoin back; then the cash order's refund takes its earning from them.
    expect(state.afterSale.requestRefund(SAM, { orderId: spent.id, reason: "bought_wrongly", remarks: "" }).ok).toBe(true);
    later(state, REFUND_PROCESSING_MS);
    state.books.adjustBalance(SAM, state.books.balance(SAM) + 678);
    expect(state.afterSale.requestRefund(SAM, { orderId: bought.id, reason: "bought_wrongly", remarks: "" }).ok).toBe(true);
    later(state, REFUND_PROCESSING_MS);
    // Every mCoin of the two orders came back and went back: only the adjustments made here remain.
    const adjustments = state.books
      .ledger(SAM)
      .filter((entry) => entry.type === "adjustment")
      .reduce((sum, entry) => sum + entry.amount, 0);
    expect(state.books.balance(SAM) - adjustments).toBe(start);
    expectLedgersSum(state);
  });

  it("are of whole orders whose coupons are all unused", () => {
    const { state } = setup();
    const order = settled(state, SAM);
    state.afterSale.redeem(order.coupons[0].redemptionCode);
    expect(state.afterSale.requestRefund(SAM, { orderId: order.id, reason: "bought_wrongly", remarks: "" })).toEqual({ ok: false, reason: "CANNOT_REFUND" });
    const unpaid = placed(state, CHAN);
    expect(state.afterSale.requestRefund(CHAN, { orderId: unpaid.id, reason: "bought_wrongly", remarks: "" })).toEqual({ ok: false, reason: "CANNOT_REFUND" });
    // Another member's order is as absent as none.
    expect(state.afterSale.requestRefund(SAM, { orderId: unpaid.id, reason: "bought_wrongly", remarks: "" })).toEqual({ ok: false, reason: "ORDER_NOT_FOUND" });
  });
});

/** The catalog's offers by id (fixtures). */
function fixtures() {
  const { catalog } = loadFixtures();
  return { offer: (id: number) => catalog.offers.find((offer) => offer.id === id)! };
}

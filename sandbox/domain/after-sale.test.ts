/**
 * After the sale, rule by rule (after-sale.ts's header): coupons and their redemption
 * codes, a merchant's till, lazy expiry, refunds and what they give back, goods from the address to
 * receipt, the cancellation window, deleting, codes and mCoin coupons; and the demo history.
 */
import { describe, expect, it } from "vitest";
import { loadFixtures } from "../fixtures";
import { CANCEL_WINDOW_MS, REFUND_PROCESSING_MS } from "./order-book";
import { ANA, CHAN, PORK_CHOP_BUN, SAM, buy, expectLedgersSum, later, paid, placed, setup, world, type World } from "./test-support";

const DAY = 24 * 3_600_000;
/** Delivery goods: MOP 9, mCoin only (90). */
const TOTE_BAG = 64;
/** Pick-up goods: MOP 15. */
const TWO_DRINKS = 52;

function settled(state: World, openId: string, order = buy()) {
  const placedOrder = placed(state, openId, order);
  if (placedOrder.status === "awaiting_payment") expect(state.orders.notice(paid(placedOrder)).ok).toBe(true);
  return placedOrder;
}

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

describe("goods", () => {
  it("to deliver need an address of the member's: their default when none is named", () => {
    const { state } = setup();
    expect(state.orders.place(ANA, buy({ offerId: TOTE_BAG, quantity: 1, mcoinUsed: 90 }))).toEqual({ ok: false, reason: "ADDRESS_REQUIRED" });
    // Wong's address 2 is not Chan's.
    expect(state.orders.place(CHAN, buy({ offerId: TOTE_BAG, quantity: 1, mcoinUsed: 90, addressId: 2 }))).toEqual({ ok: false, reason: "ADDRESS_REQUIRED" });
    const order = placed(state, CHAN, buy({ offerId: TOTE_BAG, quantity: 1, mcoinUsed: 90 }));
    expect(order).toMatchObject({ fulfilment: "delivery", orderKind: "normal", address: { id: 1, name: "陳大文" }, status: "awaiting_shipment" });
    const pickup = placed(state, ANA, buy({ offerId: TWO_DRINKS, quantity: 1, mcoinUsed: 0 }));
    expect(pickup).toMatchObject({ fulfilment: "pickup", orderKind: "pickup", address: null });
  });

  it("are shipped (or made ready), received, then can be deleted; refunds only before they leave", () => {
    const { state } = setup();
    const delivery = placed(state, CHAN, buy({ offerId: TOTE_BAG, quantity: 1, mcoinUsed: 90 }));
    expect(state.afterSale.confirmReceipt(CHAN, delivery.id)).toEqual({ ok: false, reason: "CANNOT_CONFIRM" });
    expect(state.afterSale.ship(delivery.orderNo).ok).toBe(true);
    expect(delivery).toMatchObject({ status: "awaiting_receipt", shippedAt: state.now() });
    expect(state.afterSale.requestRefund(CHAN, { orderId: delivery.id, reason: "bought_wrongly", remarks: "" })).toEqual({ ok: false, reason: "CANNOT_REFUND" });
    expect(state.afterSale.deleteOrder(CHAN, delivery.id)).toEqual({ ok: false, reason: "CANNOT_DELETE" });
    expect(state.afterSale.confirmReceipt(CHAN, delivery.id).ok).toBe(true);
    expect(delivery).toMatchObject({ status: "completed", completedAt: state.now() });
    expect(state.afterSale.deleteOrder(CHAN, delivery.id).ok).toBe(true);
    expect(state.orders.get(CHAN, delivery.id)).toBeUndefined();
    expect(state.orders.list(CHAN).map((order) => order.id)).not.toContain(delivery.id);
    expect(state.books.ledger(CHAN).some((entry) => entry.orderId === delivery.id)).toBe(true);

    const pickup = settled(state, ANA, buy({ offerId: TWO_DRINKS, quantity: 1, mcoinUsed: 0 }));
    expect(state.afterSale.ship(pickup.orderNo).ok).toBe(true);
    expect(pickup.status).toBe("awaiting_pickup");
    const refunded = settled(state, ANA, buy({ offerId: TWO_DRINKS, quantity: 1, mcoinUsed: 100 }));
    expect(state.afterSale.requestRefund(ANA, { orderId: refunded.id, reason: "merchant_out_of_stock", remarks: "" }).ok).toBe(true);
    expect(state.afterSale.ship(refunded.orderNo)).toEqual({ ok: false, reason: "CANNOT_CONFIRM" });
  });

  it("unpaid can be cancelled within the cancellation window, not after", () => {
    const { state } = setup();
    const inside = placed(state, CHAN, buy({ offerId: TWO_DRINKS, quantity: 1, mcoinUsed: 0 }));
    const outside = placed(state, CHAN, buy({ offerId: TWO_DRINKS, quantity: 1, mcoinUsed: 0 }));
    expect(inside.cancelBy).toBe(state.now() + CANCEL_WINDOW_MS);
    later(state, CANCEL_WINDOW_MS);
    expect(state.orders.cancel(CHAN, inside.id).ok).toBe(true);
    later(state, 1);
    expect(state.orders.cancel(CHAN, outside.id)).toEqual({ ok: false, reason: "CANCEL_WINDOW_PASSED" });
    expect(outside.status).toBe("awaiting_payment");
    // Coupons have no window: leaving the cashier always closes them.
    const coupon = placed(state, CHAN);
    expect(coupon.cancelBy).toBeNull();
  });
});

describe("deleting", () => {
  it("takes only finished orders", () => {
    const { state } = setup();
    const unpaid = placed(state, CHAN);
    expect(state.afterSale.deleteOrder(CHAN, unpaid.id)).toEqual({ ok: false, reason: "CANNOT_DELETE" });
    state.orders.cancel(CHAN, unpaid.id);
    expect(state.afterSale.deleteOrder(CHAN, unpaid.id).ok).toBe(true);
    expect(state.afterSale.deleteOrder(CHAN, unpaid.id)).toEqual({ ok: false, reason: "ORDER_NOT_FOUND" });
    const received = settled(state, CHAN);
    expect(state.afterSale.deleteOrder(CHAN, received.id)).toEqual({ ok: false, reason: "CANNOT_DELETE" });
  });
});

describe("codes and mCoin coupons", () => {
  it("give a gifted coupon once per member, nothing paid and not refundable", () => {
    const { state } = setup();
    const outcome = state.afterSale.redeemCode(SAM, " gift-congee ");
    if (!outcome.ok || outcome.value.kind !== "coupon") throw new Error("no gift");
    const { order } = outcome.value;
    expect(order).toMatchObject({ orderKind: "gift", status: "received", amountCents: 0, mcoinUsed: 0, cashCents: 0, quantity: 1 });
    expect(order.coupons).toHaveLength(1);
    expect(state.afterSale.redeemCode(SAM, "GIFT-CONGEE")).toEqual({ ok: false, reason: "CODE_INVALID" });
    expect(state.afterSale.redeemCode(CHAN, "GIFT-CONGEE").ok).toBe(true);
    expect(state.afterSale.requestRefund(SAM, { orderId: order.id, reason: "bought_wrongly", remarks: "" })).toEqual({ ok: false, reason: "CANNOT_REFUND" });
    expect(state.afterSale.redeemCode(SAM, "NO-SUCH-CODE")).toEqual({ ok: false, reason: "CODE_INVALID" });
    // SUMMER-2026 ended yesterday.
    expect(state.afterSale.redeemCode(SAM, "SUMMER-2026")).toEqual({ ok: false, reason: "CODE_INVALID" });
  });

  it("give an mCoin coupon that adds its mCoin once, until it expires", () => {
    const { state } = setup();
    const outcome = state.afterSale.redeemCode(SAM, "MCOIN-500");
    if (!outcome.ok || outcome.value.kind !== "mcoin") throw new Error("no mCoin coupon");
    const coupon = outcome.value.mcoinCoupon;
    expect(coupon).toMatchObject({ mcoin: 500, status: "unused", useUntil: state.now() + 30 * DAY });
    expect(state.books.balance(SAM)).toBe(500);
    expect(state.afterSale.useMcoinCoupon(SAM, coupon.id)).toEqual({ ok: true, value: { mcoinCoupon: expect.objectContaining({ status: "used" }), balance: 1000 } });
    expect(state.books.ledger(SAM)[0]).toMatchObject({ type: "mcoin_coupon", amount: 500, balanceAfter: 1000 });
    expect(state.afterSale.useMcoinCoupon(SAM, coupon.id)).toEqual({ ok: false, reason: "ALREADY_USED" });
    expect(state.afterSale.useMcoinCoupon(CHAN, coupon.id)).toEqual({ ok: false, reason: "CODE_INVALID" });

    const welcome = state.afterSale.redeemCode(SAM, "WELCOME-100");
    if (!welcome.ok || welcome.value.kind !== "mcoin") throw new Error("no mCoin coupon");
    later(state, 8 * DAY);
    expect(state.afterSale.mcoinCoupons(SAM).map((item) => item.status)).toEqual(["expired", "used"]);
    expect(state.afterSale.useMcoinCoupon(SAM, welcome.value.mcoinCoupon.id)).toEqual({ ok: false, reason: "CODE_INVALID" });
    expectLedgersSum(state);
  });
});

describe("the demo history (fixtures/wallet.json)", () => {
  it("gives Wong an order of every kind and state, played through the rules, and the balance members.json gives her", () => {
    const state = world(loadFixtures());
    const wong = "mpay-1003";
    const orders = state.orders.list(wong);
    const statuses = new Set(orders.map((order) => order.status));
    for (const status of ["received", "used", "refunded", "awaiting_shipment", "awaiting_receipt", "awaiting_pickup", "completed", "closed"] as const) expect(statuses, status).toContain(status);
    const kinds = new Set(orders.map((order) => order.orderKind));
    for (const kind of ["normal", "pickup", "group_buy", "flash_sale", "bargain"] as const) expect(kinds, kind).toContain(kind);
    const coupons = orders.flatMap((order) => order.coupons.map((coupon) => ({ coupon, now: state.now() })));
    expect(coupons.some(({ coupon, now }) => coupon.status === "unused" && coupon.useUntil < now)).toBe(true);
    expect(coupons.some(({ coupon }) => coupon.status === "used" && coupon.usedAtStore !== null)).toBe(true);
    expect(state.books.balance(wong)).toBe(56800);
    expect(orders.every((order) => order.createdAt < state.now())).toBe(true);
    expectLedgersSum(state);
  });
});

/** The catalog's offers by id (fixtures). */
function fixtures() {
  const { catalog } = loadFixtures();
  return { offer: (id: number) => catalog.offers.find((offer) => offer.id === id)! };
}

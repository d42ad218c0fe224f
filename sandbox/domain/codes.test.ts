/** The codes members type (codes.ts, after-sale.ts): a gifted coupon once per member, an mCoin coupon that adds its mCoin once until it expires. */
import { describe, expect, it } from "vitest";
import { CHAN, SAM, expectLedgersSum, later, setup } from "./test-support";

const DAY = 24 * 3_600_000;

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

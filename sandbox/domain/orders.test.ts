/**
 * Orders as the gateway shows them (sandbox/domain/orders.ts): their numbers, a coupon's lazy expiry,
 * and the view a reply carries (the catalog's words in the caller's language, never the owner).
 */
import { describe, expect, it } from "vitest";
import { couponAt, orderNumber, orderView, refundOrderNumber } from "./orders";
import { PORK_CHOP_BUN, SAM, paid, placed, setup, copy } from "./test-support";

const ORIGIN = "https://gateway.test";
/** 16:00 UTC on the last day of February is midnight in Macau (UTC+8): March begins there. */
const MACAU_MIDNIGHT = Date.UTC(2025, 1, 28, 16);

describe("order numbers", () => {
  it("are MC, the day in Macau and the order's id in six digits", () => {
    expect(orderNumber(42, Date.UTC(2025, 2, 1, 4))).toBe("MC20250301000042");
    expect(orderNumber(1, Date.UTC(2025, 2, 1, 4))).toBe("MC20250301000001");
    expect(orderNumber(1_234_567, Date.UTC(2025, 2, 1, 4))).toBe("MC202503011234567");
  });

  it("turn to the next day at midnight in Macau, not in UTC", () => {
    expect(orderNumber(42, MACAU_MIDNIGHT - 1)).toBe("MC20250228000042");
    expect(orderNumber(42, MACAU_MIDNIGHT)).toBe("MC20250301000042");
    expect(orderNumber(42, Date.UTC(2025, 2, 1, 15, 59))).toBe("MC20250301000042");
  });

  it("of a refund are RF, the day in Macau and the refund's id in six digits", () => {
    expect(refundOrderNumber(42, MACAU_MIDNIGHT - 1)).toBe("RF20250228000042");
    expect(refundOrderNumber(42, MACAU_MIDNIGHT)).toBe("RF20250301000042");
    expect(refundOrderNumber(1_234_567, MACAU_MIDNIGHT)).toBe("RF202503011234567");
  });
});

/** Sam's order of two pork chop buns, paid: two unused coupons. */
function paidOrder() {
  const { state } = setup();
  const order = placed(state, SAM);
  expect(state.orders.notice(paid(order)).ok).toBe(true);
  return { state, order };
}

describe("a coupon", () => {
  it("is unused up to the end of its validity, and expired after it, without anything written", () => {
    const { order } = paidOrder();
    const [coupon] = order.coupons;
    const kept = copy(coupon);
    expect(couponAt(coupon, coupon.useUntil - 1)).toEqual(kept);
    expect(couponAt(coupon, coupon.useUntil)).toEqual(kept);
    expect(couponAt(coupon, coupon.useUntil + 1)).toEqual({ ...kept, status: "expired" });
    expect(coupon).toEqual(kept);
  });

  it("used, or being refunded, stays so past its validity", () => {
    const { state, order } = paidOrder();
    const [first, second] = order.coupons;
    expect(state.afterSale.redeem(first.redemptionCode).ok).toBe(true);
    expect(couponAt(first, first.useUntil + 1).status).toBe("used");
    second.status = "refunding";
    expect(couponAt(second, second.useUntil + 1).status).toBe("refunding");
  });
});

describe("the order's view", () => {
  it("carries the offer's kind, title and picture in the caller's language, and not whose the order is", () => {
    const { state, order } = paidOrder();
    const offer = state.catalog.offer(PORK_CHOP_BUN)!;
    for (const locale of ["en", "zh"] as const) {
      const view = orderView(order, state.catalog, locale, ORIGIN, state.now());
      expect(view).toMatchObject({ id: order.id, orderNo: order.orderNo, status: "received", kind: offer.kind, title: offer.title[locale] });
      expect(view.image).toBe(`${ORIGIN}/static/offers/${offer.image}`);
      expect(view).not.toHaveProperty("openId");
      expect(view).not.toHaveProperty("deletedAt");
      expect(view).not.toHaveProperty("seckillItemId");
      expect(view.refund).toBeNull();
      expect(view.failure).toBeNull();
    }
  });

  it("names the store a coupon was used at in the caller's language, and shows the others as they are", () => {
    const { state, order } = paidOrder();
    const store = state.catalog.offer(PORK_CHOP_BUN)!.storeIds.at(-1)!;
    expect(state.afterSale.redeem(order.coupons[0].redemptionCode, store).ok).toBe(true);
    const coupons = (locale: "en" | "zh") => orderView(order, state.catalog, locale, ORIGIN, state.now()).coupons;
    expect(coupons("en").map((coupon) => [coupon.status, coupon.usedAtStore])).toEqual([
      ["used", state.catalog.storeName(store, "en")],
      ["unused", null],
    ]);
    expect(coupons("zh")[0].usedAtStore).toBe(state.catalog.storeName(store, "zh"));
  });

  it("shows a store the catalog no longer has by the id the till recorded", () => {
    const { state, order } = paidOrder();
    const coupon = { ...order.coupons[0], status: "used" as const, usedAt: state.now(), usedAtStore: "999999" };
    expect(orderView({ ...order, coupons: [coupon] }, state.catalog, "en", ORIGIN, state.now()).coupons[0].usedAtStore).toBe("999999");
  });

  it("shows coupons past their validity as expired", () => {
    const { state, order } = paidOrder();
    const later = order.coupons[0].useUntil + 1;
    expect(orderView(order, state.catalog, "en", ORIGIN, later).coupons.map((coupon) => coupon.status)).toEqual(["expired", "expired"]);
  });

  it("carries a refund with the offer's title and picture", () => {
    const { state, order } = paidOrder();
    expect(state.afterSale.requestRefund(SAM, { orderId: order.id, reason: "other", remarks: "" }).ok).toBe(true);
    const offer = state.catalog.offer(PORK_CHOP_BUN)!;
    const view = orderView(order, state.catalog, "zh", ORIGIN, state.now());
    expect(view.refund).toMatchObject({ status: "refunding", refundOrderNo: order.refund!.refundOrderNo, title: offer.title.zh, image: `${ORIGIN}/static/offers/${offer.image}` });
  });

  it("says why an order did not go through in the caller's language", () => {
    const { state } = setup();
    const order = placed(state, SAM);
    state.orders.notice(paid(order, "FAILED"));
    expect(orderView(order, state.catalog, "en", ORIGIN, state.now()).failure).toEqual({ code: "PAYMENT_FAILED", message: "Payment Failed" });
    expect(orderView(order, state.catalog, "zh", ORIGIN, state.now()).failure).toEqual({ code: "PAYMENT_FAILED", message: "支付失敗" });
  });

  it("of an order whose offer is not in the catalog is a defect, named", () => {
    const { state, order } = paidOrder();
    expect(() => orderView({ ...order, offerId: 999 }, state.catalog, "en", ORIGIN, state.now())).toThrow(`order ${order.id}: no offer 999 in the catalog`);
  });
});

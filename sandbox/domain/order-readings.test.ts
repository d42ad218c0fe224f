/** The order book's readings (order-readings.ts): the member's lists, what they hold, and the payments given back. */
import { describe, expect, it } from "vitest";
import { CHAN, SAM, buy, later, paid, placed, setup } from "./test-support";

const DAY = 24 * 3_600_000;

describe("reading the member's orders", () => {
  it("lists them newest first, leaving out those they deleted, which are still kept for the limits", () => {
    const { state } = setup();
    const [first, second, deleted] = [1, 2, 3].map(() => placed(state, SAM, buy({ quantity: 1, mcoinUsed: 0 })));
    expect(state.orders.cancel(SAM, deleted.id).ok).toBe(true);
    expect(state.afterSale.deleteOrder(SAM, deleted.id).ok).toBe(true);
    expect(state.orders.list(SAM).map((order) => order.id)).toEqual([second.id, first.id]);
    expect(state.orders.ofMember(SAM).map((order) => order.id)).toEqual([first.id, second.id, deleted.id]);
  });

  it("never counts a deleted order's coupons as held, even with the clock set back to before they expired", () => {
    const { state } = setup();
    const start = state.now();
    const order = placed(state, SAM);
    state.orders.notice(paid(order));
    expect(state.orders.couponsHeld(SAM)).toBe(2);
    later(state, 91 * DAY);
    expect(state.orders.couponsHeld(SAM), "expired").toBe(0);
    expect(state.afterSale.deleteOrder(SAM, order.id).ok).toBe(true);
    state.setClock(start);
    expect(state.orders.couponsHeld(SAM)).toBe(0);
  });

  it("lists the payments the wallet was told to give back, newest first, with their order numbers, deleted orders' too; none for a member without orders", () => {
    const { state } = setup();
    expect(state.orders.paymentReturns(SAM)).toEqual([]);
    const first = placed(state, SAM);
    state.orders.notice(paid(first));
    later(state, 1_000);
    state.orders.notice({ ...paid(first), paymentId: "WPSECOND00000001" });
    const second = placed(state, SAM, buy({ quantity: 1, mcoinUsed: 0 }));
    state.orders.lapse(second.orderNo);
    later(state, 1_000);
    state.orders.notice(paid(second));
    expect(state.afterSale.deleteOrder(SAM, second.id).ok).toBe(true);
    expect(state.orders.paymentReturns(SAM)).toEqual([
      { paymentId: "WPTEST0000000001", amountCents: 3800, at: state.now(), outcome: "refunded", reason: "ORDER_CLOSED", orderNo: second.orderNo },
      { paymentId: "WPSECOND00000001", amountCents: 4600, at: state.now() - 1_000, outcome: "refunded", reason: "DUPLICATE_PAYMENT", orderNo: first.orderNo },
    ]);
    expect(state.orders.paymentReturns(CHAN)).toEqual([]);
  });
});

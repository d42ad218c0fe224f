/** Goods (order-book.ts, after-sale.ts): delivered to an address or picked up, shipped, received, cancelled within their window; and deleting finished orders. */
import { describe, expect, it } from "vitest";
import { CANCEL_WINDOW_MS } from "./order-book";
import { ANA, CHAN, buy, later, placed, settled, setup } from "./test-support";

/** Delivery goods: MOP 9, mCoin only (90). */
const TOTE_BAG = 64;
/** Pick-up goods: MOP 15. */
const TWO_DRINKS = 52;

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

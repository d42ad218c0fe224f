/**
 * The wallet's settlement notices (settlement.ts, OrderBook.notice): a payment settles an unpaid
 * order once, every other payment is refused and kept as refunded, a failure is recorded once and
 * only on an unpaid order, and the payment of an order settled before payments were kept on orders
 * (an older --state file) is read as its own.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { exportStateFile } from "../store/store";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PAYMENT_WINDOW_MS, REFUND_PROCESSING_MS } from "./order-book";
import { MAX_PAYMENTS_PER_ORDER } from "./settlement";
import { CHAN, SAM, buy, expectLedgersSum, fixtures, later, paid, placed, setup, world, copy } from "./test-support";

describe("the wallet's settlement notice", () => {
  it("settles once: the coupon is received, the cash earns mCoin and the payment is kept; the same notice again changes nothing", () => {
    const { state } = setup();
    const order = placed(state, SAM);
    later(state, 60_000);
    const outcome = state.orders.notice(paid(order));
    expect(outcome).toMatchObject({ ok: true, value: { status: "received", paymentId: "WPTEST0000000001", paidAt: state.now(), mcoinEarned: 46 } });
    expect(order.payments).toEqual([{ paymentId: "WPTEST0000000001", amountCents: 4600, at: state.now(), outcome: "settled", reason: null }]);
    expect(state.books.balance(SAM)).toBe(246);
    expect(state.books.ledger(SAM)[0]).toMatchObject({ type: "earning", amount: 46, balanceAfter: 246, orderNo: order.orderNo });
    const before = state.view().digest;
    later(state, 1_000);
    expect(state.orders.notice(paid(order))).toMatchObject({ ok: true, value: { status: "received", mcoinEarned: 46 } });
    expect(state.view().digest).toBe(before);
    expectLedgersSum(state);
  });

  it("gives an order that is not a third-party voucher no voucher code, and numbers its coupons by order and piece, as their coupon numbers are", () => {
    const { state } = setup();
    const order = placed(state, SAM);
    state.orders.notice(paid(order));
    expect(order).toMatchObject({ id: 1, status: "received", paymentType: 0, otherCode: null });
    expect(order.coupons.map(({ id, couponNo }) => [id, couponNo])).toEqual([
      [101, `${order.orderNo}01`],
      [102, `${order.orderNo}02`],
    ]);
  });

  it("refuses a second, different payment of a paid order, telling the wallet to refund it, and keeps it on the order as refunded", () => {
    const { state } = setup();
    const order = placed(state, SAM);
    state.orders.notice(paid(order));
    const balance = state.books.balance(SAM);
    const revision = state.books.revision(SAM);
    later(state, 5_000);
    expect(state.orders.notice({ ...paid(order), paymentId: "WPOTHER000000002" })).toEqual({ ok: false, reason: "DUPLICATE_PAYMENT" });
    expect(order).toMatchObject({ status: "received", paymentId: "WPTEST0000000001", mcoinEarned: 46 });
    expect(order.payments.map(({ paymentId, outcome, reason, at }) => [paymentId, outcome, reason, at])).toEqual([
      ["WPTEST0000000001", "settled", null, state.now() - 5_000],
      ["WPOTHER000000002", "refunded", "DUPLICATE_PAYMENT", state.now()],
    ]);
    expect(state.books.balance(SAM), "a refused payment earns nothing").toBe(balance);
    expect(state.books.revision(SAM), "the member's screens see the change").toBeGreaterThan(revision);
    // The same refused notice again is refused the same way and kept once.
    const digest = state.view().digest;
    expect(state.orders.notice({ ...paid(order), paymentId: "WPOTHER000000002" })).toEqual({ ok: false, reason: "DUPLICATE_PAYMENT" });
    expect(state.view().digest).toBe(digest);
    expectLedgersSum(state);
  });

  it("refuses every one of eight different payments of a paid order, keeping each", () => {
    const { state } = setup();
    const order = placed(state, SAM);
    state.orders.notice(paid(order));
    const ids = Array.from({ length: 8 }, (_, index) => `WPBURST0000000${index}`);
    for (const paymentId of ids) expect(state.orders.notice({ ...paid(order), paymentId })).toEqual({ ok: false, reason: "DUPLICATE_PAYMENT" });
    expect(order.payments.filter((payment) => payment.outcome === "refunded").map((payment) => payment.paymentId)).toEqual(ids);
    expect(order.payments.filter((payment) => payment.outcome === "settled")).toHaveLength(1);
  });

  it("refuses another payment in every status after payment: refunding, refunded, used, goods on their way", () => {
    const { state } = setup();
    const refunding = placed(state, SAM);
    state.orders.notice(paid(refunding));
    expect(state.afterSale.requestRefund(SAM, { orderId: refunding.id, reason: "bought_wrongly", remarks: "" }).ok).toBe(true);
    const goods = placed(state, CHAN, buy({ offerId: 25, quantity: 1, mcoinUsed: 1500 }));
    state.orders.notice(paid(goods));
    expect(state.afterSale.ship(goods.orderNo).ok).toBe(true);
    const used = placed(state, CHAN, buy({ quantity: 1, mcoinUsed: 0 }));
    state.orders.notice(paid(used));
    expect(state.afterSale.redeem(used.coupons[0].redemptionCode).ok).toBe(true);
    for (const order of [refunding, goods, used]) {
      expect(state.orders.notice({ ...paid(order), paymentId: "WPSECOND00000001" }), order.status).toEqual({ ok: false, reason: "DUPLICATE_PAYMENT" });
    }
    later(state, REFUND_PROCESSING_MS);
    expect(state.orders.get(SAM, refunding.id)!.status).toBe("refunded");
    expect(state.orders.notice({ ...paid(refunding), paymentId: "WPTHIRD000000001" })).toEqual({ ok: false, reason: "DUPLICATE_PAYMENT" });
    expect(refunding.payments.map((payment) => payment.reason)).toEqual([null, "DUPLICATE_PAYMENT", "DUPLICATE_PAYMENT"]);
  });

  it("always keeps the payment that settles an order, however many refused ones came first", () => {
    const { state } = setup();
    const order = placed(state, SAM);
    for (let index = 0; index < MAX_PAYMENTS_PER_ORDER + 5; index += 1) state.orders.notice({ ...paid(order), paymentId: `WPWRONG${String(index).padStart(8, "0")}`, amountCents: 1 });
    expect(order.payments).toHaveLength(MAX_PAYMENTS_PER_ORDER);
    expect(state.orders.notice(paid(order))).toMatchObject({ ok: true, value: { status: "received" } });
    expect(order.payments.filter((payment) => payment.outcome === "settled").map((payment) => payment.paymentId)).toEqual(["WPTEST0000000001"]);
  });

  it("answers a failed notice of a payment it has seen as the order is: it neither undoes it nor asks for a refund", () => {
    const { state } = setup();
    const order = placed(state, SAM);
    state.orders.notice(paid(order));
    state.orders.notice({ ...paid(order), paymentId: "WPSECOND00000001" });
    const digest = state.view().digest;
    for (const paymentId of ["WPTEST0000000001", "WPSECOND00000001"]) {
      expect(state.orders.notice({ ...paid(order, "FAILED"), paymentId, amountCents: 1 }), paymentId).toMatchObject({ ok: true, value: { status: "received" } });
    }
    expect(state.view().digest).toBe(digest);
  });

  it("keeps no more than MAX_PAYMENTS_PER_ORDER payments, and still refuses those past it", () => {
    const { state } = setup();
    const order = placed(state, SAM);
    state.orders.notice(paid(order));
    for (let index = 1; index < MAX_PAYMENTS_PER_ORDER; index += 1) state.orders.notice({ ...paid(order), paymentId: `WPMANY${String(index).padStart(8, "0")}` });
    expect(order.payments).toHaveLength(MAX_PAYMENTS_PER_ORDER);
    const digest = state.view().digest;
    expect(state.orders.notice({ ...paid(order), paymentId: "WPONEMORE0000001" })).toEqual({ ok: false, reason: "DUPLICATE_PAYMENT" });
    expect(state.view().digest).toBe(digest);
  });

  it("puts paid goods in the queue for shipment", () => {
    const { state } = setup();
    const order = placed(state, CHAN, buy({ offerId: 25, quantity: 1, mcoinUsed: 1500 }));
    expect(state.orders.notice(paid(order))).toMatchObject({ ok: true, value: { status: "awaiting_shipment", cashCents: 13800, mcoinEarned: 138 } });
  });

  it("leaves an order awaiting payment when the payment fails, and lets the member pay again", () => {
    const { state } = setup();
    const order = placed(state, SAM);
    expect(state.orders.notice(paid(order, "FAILED"))).toMatchObject({ ok: true, value: { status: "awaiting_payment", failure: "PAYMENT_FAILED" } });
    expect(state.books.balance(SAM)).toBe(200);
    expect(state.orders.notice(paid(order))).toMatchObject({ ok: true, value: { status: "received", failure: null } });
  });

  it("never lets a late failure touch a settled order", () => {
    const { state } = setup();
    const order = placed(state, SAM);
    state.orders.notice(paid(order));
    const before = state.view().digest;
    expect(state.orders.notice(paid(order, "FAILED"))).toMatchObject({ ok: true, value: { status: "received", failure: null } });
    expect(state.view().digest).toBe(before);
  });

  it("refuses another amount than the cash due, keeping the payment as refunded, and leaves the order unpaid", () => {
    const { state } = setup();
    const order = placed(state, SAM);
    const amounts = [4599, 4601, 0, 7600];
    for (const [index, amountCents] of amounts.entries()) {
      expect(state.orders.notice({ ...paid(order), paymentId: `WPWRONG0000000${index}`, amountCents }), String(amountCents)).toEqual({ ok: false, reason: "AMOUNT_MISMATCH" });
    }
    expect(order).toMatchObject({ status: "awaiting_payment", paidAt: null, paymentId: null, mcoinEarned: 0 });
    expect(order.payments.map(({ amountCents, outcome, reason }) => [amountCents, outcome, reason])).toEqual(amounts.map((amount) => [amount, "refunded", "AMOUNT_MISMATCH"]));
    // The right amount still settles it.
    expect(state.orders.notice(paid(order))).toMatchObject({ ok: true, value: { status: "received" } });
  });

  it("marks an order PAID_AFTER_CLOSE only for a payment of it once closed: another amount or a second payment leaves it without a failure", () => {
    const { state } = setup();
    const unpaid = placed(state, SAM);
    expect(state.orders.notice({ ...paid(unpaid), amountCents: 1 })).toEqual({ ok: false, reason: "AMOUNT_MISMATCH" });
    expect(unpaid).toMatchObject({ status: "awaiting_payment", failure: null });
    const settled = placed(state, CHAN, buy({ quantity: 1, mcoinUsed: 0 }));
    state.orders.notice(paid(settled));
    expect(state.orders.notice({ ...paid(settled), paymentId: "WPSECOND00000001" })).toEqual({ ok: false, reason: "DUPLICATE_PAYMENT" });
    expect(settled).toMatchObject({ status: "received", failure: null });
  });

  it("changes nothing for an unknown order, or a failed payment of another amount", () => {
    const { state } = setup();
    const order = placed(state, SAM);
    const before = state.view().digest;
    expect(state.orders.notice({ ...paid(order), orderNo: "MC20990101999999" })).toEqual({ ok: false, reason: "ORDER_NOT_FOUND" });
    expect(state.orders.notice({ ...paid(order, "FAILED"), amountCents: 1 })).toEqual({ ok: false, reason: "AMOUNT_MISMATCH" });
    expect(state.view().digest).toBe(before);
  });

  it("refuses a payment for a closed order and records why, once (the spec's refunded failure)", () => {
    const { state } = setup();
    const order = placed(state, SAM);
    later(state, PAYMENT_WINDOW_MS + 1);
    expect(state.orders.notice(paid(order))).toEqual({ ok: false, reason: "ORDER_CLOSED" });
    expect(order).toMatchObject({ status: "closed", failure: "PAID_AFTER_CLOSE", paidAt: null, mcoinEarned: 0 });
    expect(order.payments).toMatchObject([{ paymentId: "WPTEST0000000001", outcome: "refunded", reason: "ORDER_CLOSED" }]);
    expect(state.books.balance(SAM)).toBe(500);
    const revision = state.books.revision(SAM);
    expect(state.orders.notice(paid(order))).toEqual({ ok: false, reason: "ORDER_CLOSED" });
    expect(state.books.revision(SAM)).toBe(revision);
    // A failed payment for it has nothing to undo.
    expect(state.orders.notice(paid(order, "FAILED"))).toMatchObject({ ok: true, value: { status: "closed", failure: "PAID_AFTER_CLOSE" } });
    expectLedgersSum(state);
  });
});

describe("a failed payment", () => {
  it("of an unpaid order is recorded once: the same failure again changes nothing", () => {
    const { state } = setup();
    const order = placed(state, SAM);
    const revision = state.books.revision(SAM);
    expect(state.orders.notice(paid(order, "FAILED"))).toMatchObject({ ok: true, value: { status: "awaiting_payment", failure: "PAYMENT_FAILED" } });
    expect(state.books.revision(SAM)).toBe(revision + 1);
    expect(state.orders.notice(paid(order, "FAILED"))).toMatchObject({ ok: true, value: { status: "awaiting_payment", failure: "PAYMENT_FAILED" } });
    expect(state.books.revision(SAM)).toBe(revision + 1);
  });

  it("of another payment of an order paid, or closed, changes nothing", () => {
    const { state } = setup();
    const received = placed(state, SAM);
    state.orders.notice(paid(received));
    const closed = placed(state, CHAN);
    state.orders.lapse(closed.orderNo);
    const revisions = [state.books.revision(SAM), state.books.revision(CHAN)];
    for (const order of [received, closed]) {
      const before = copy(order);
      expect(state.orders.notice({ ...paid(order, "FAILED"), paymentId: "WPOTHER000000001" })).toEqual({ ok: true, value: order });
      expect(order).toEqual(before);
    }
    expect([state.books.revision(SAM), state.books.revision(CHAN)]).toEqual(revisions);
  });
});

describe("an order settled before payments were kept (an older --state file)", () => {
  it("answers its own payment again as settled, and refuses another as a second payment", () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), "mcoin-settlement-")), "state.json");
    const { state } = setup(stateFile);
    const order = placed(state, SAM);
    state.orders.notice(paid(order));
    state.store.save();
    const saved = JSON.parse(exportStateFile(stateFile));
    delete saved.data.orders[String(order.id)].payments;
    writeFileSync(stateFile, JSON.stringify(saved));

    const reloaded = world(fixtures, stateFile);
    // The payment that settled it is kept as it would have been.
    const own = { paymentId: paid(order).paymentId, amountCents: order.cashCents, at: order.paidAt, outcome: "settled", reason: null };
    expect(reloaded.orders.get(SAM, order.id)).toMatchObject({ status: "received", paymentId: paid(order).paymentId, payments: [own] });
    const revision = reloaded.books.revision(SAM);
    expect(reloaded.orders.notice(paid(order))).toMatchObject({ ok: true, value: { status: "received", payments: [own] } });
    expect(reloaded.books.revision(SAM)).toBe(revision);
    expect(reloaded.orders.notice({ ...paid(order), paymentId: "WPSECOND00000001" })).toEqual({ ok: false, reason: "DUPLICATE_PAYMENT" });
    expect(reloaded.orders.get(SAM, order.id)!.payments).toMatchObject([own, { paymentId: "WPSECOND00000001", outcome: "refunded", reason: "DUPLICATE_PAYMENT" }]);
  });
});

/**
 * The wallet's notices where the order book's tests do not reach (settlement.ts): a failure recorded once
 * and only on an unpaid order, and the payment of an order settled before payments were kept on
 * orders (an older --state file).
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CHAN, SAM, fixtures, paid, placed, setup, world } from "./test-support";

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
      const before = structuredClone(order);
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
    const saved = JSON.parse(readFileSync(stateFile, "utf8"));
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

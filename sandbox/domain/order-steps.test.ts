/**
 * What falls due on the clock (order-steps.ts): an unpaid order closes at the end of its window, a
 * settled one is left alone, also across a restart with --state, and a --state file whose ledger does
 * not add up is refused.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { exportStateFile } from "../store/store";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PAYMENT_WINDOW_MS, REFUND_PROCESSING_MS } from "./order-book";
import { CHAN, PORK_CHOP_BUN, SAM, buy, expectLedgersSum, fixtures, later, paid, placed, setup, world } from "./test-support";

describe("expiry", () => {
  it("closes an unpaid order when its window has passed on the sandbox clock, at its payBy", () => {
    const { state } = setup();
    const order = placed(state, SAM);
    later(state, PAYMENT_WINDOW_MS - 1);
    expect(state.orders.get(SAM, order.id)?.status).toBe("awaiting_payment");
    const revision = state.books.revision(SAM);
    later(state, 1);
    expect(state.books.balance(SAM)).toBe(500);
    expect(order.status).toBe("closed");
    expect(state.books.ledger(SAM)[0]).toMatchObject({ type: "purchase_released", amount: 300, at: order.payBy });
    expect(state.orders.live(PORK_CHOP_BUN)?.stock).toBe(160);
    expect(state.books.revision(SAM)).toBeGreaterThan(revision);
    expect(state.orders.pending(SAM)).toBe(0);
  });

  it("leaves settled orders alone", () => {
    const { state } = setup();
    const order = placed(state, SAM);
    state.orders.notice(paid(order));
    later(state, 2 * PAYMENT_WINDOW_MS);
    expect(state.orders.get(SAM, order.id)?.status).toBe("received");
    expect(state.books.balance(SAM)).toBe(246);
  });

  it("also holds after a restart with --state, whether or not anybody looked in time", () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), "mcoin-shop-")), "state.json");
    const first = setup(stateFile);
    const order = placed(first.state, SAM);
    placed(first.state, CHAN, buy({ quantity: 1, mcoinUsed: 100 }));
    first.state.store.flush();

    // The sandbox comes back later: its clock has passed the window.
    const second = world(fixtures, stateFile);
    second.setClock(order.payBy + 60_000);
    expect(second.books.balance(SAM)).toBe(500);
    expect(second.orders.get(SAM, order.id)).toMatchObject({ status: "closed", orderNo: order.orderNo });
    expect(second.books.balance(CHAN)).toBe(12580);
    expect(second.orders.live(PORK_CHOP_BUN)?.stock).toBe(160);
    // Order numbers go on from where they were.
    expect(placed(second, SAM).id).toBe(3);
    expectLedgersSum(second);
  });

  it("after a restart with --state, picks each order up where it was: a paid one stays paid past its window, a refund completes on time, a refunded one stays so, a coupon's code redeems it", () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), "mcoin-shop-")), "state.json");
    const { state } = setup(stateFile);
    const refundOf = (order: { id: number }) => state.afterSale.requestRefund(CHAN, { orderId: order.id, reason: "bought_wrongly", remarks: "" });
    const refunded = placed(state, CHAN, buy({ quantity: 1, mcoinUsed: 100 }));
    state.orders.notice(paid(refunded));
    expect(refundOf(refunded).ok).toBe(true);
    later(state, REFUND_PROCESSING_MS);
    expect(state.orders.get(CHAN, refunded.id)?.status).toBe("refunded");
    const refunding = placed(state, CHAN, buy({ quantity: 1, mcoinUsed: 100 }));
    state.orders.notice(paid(refunding));
    expect(refundOf(refunding).ok).toBe(true);
    const received = placed(state, SAM);
    state.orders.notice(paid(received));
    state.store.flush();

    const second = world(fixtures, stateFile);
    second.setClock(received.payBy);
    expect(second.orders.get(SAM, received.id)?.status).toBe("received");
    expect(second.orders.get(CHAN, refunded.id)?.status).toBe("refunded");
    const completed = refunding.refund!.requestedAt + REFUND_PROCESSING_MS;
    expect(second.orders.get(CHAN, refunding.id)).toMatchObject({ status: "refunded", refund: { refundedAt: completed } });
    expect(second.books.ledger(CHAN)).toContainEqual(expect.objectContaining({ type: "refund", amount: 100, orderId: refunding.id, at: completed }));
    const [code, other] = received.coupons.map((coupon) => coupon.redemptionCode);
    expect(second.afterSale.redeem(code)).toMatchObject({ ok: true, value: { order: { id: received.id }, coupon: { redemptionCode: code, status: "used" } } });
    expect(second.orders.get(SAM, received.id)?.coupons.map((coupon) => [coupon.redemptionCode, coupon.status])).toEqual([
      [code, "used"],
      [other, "unused"],
    ]);
    expectLedgersSum(second);
  });

  it("a --state file whose ledger does not add up is refused at start", () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), "mcoin-shop-")), "state.json");
    const first = setup(stateFile);
    placed(first.state, SAM);
    first.state.store.flush();
    const saved = JSON.parse(exportStateFile(stateFile));
    saved.data.accounts[SAM].ledger[1].balanceAfter = 9999;
    writeFileSync(stateFile, JSON.stringify(saved));
    expect(() => world(fixtures, stateFile)).toThrow(/not a sandbox state file: data\.accounts\.mpay-1005\.ledger\.1/);
  });
});

/**
 * A coupon's redemption code is one no other coupon has (order-book.ts): the till finds a coupon by
 * its code alone. Codes are drawn at random, so the draws are replaced here to repeat one on purpose.
 */
import { randomInt } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { codeDigits } from "./order-steps";
import { CHAN, SAM, paid, placed, setup } from "./test-support";

/** Numbers a code's draw gives next, before it draws at random again. */
const draws: number[] = [];

let drawn: MockInstance<typeof codeDigits.draw>;
beforeEach(() => {
  drawn = vi.spyOn(codeDigits, "draw").mockImplementation((min, max) => draws.shift() ?? randomInt(min, max));
});
afterEach(() => {
  drawn.mockRestore();
  draws.length = 0;
});

describe("a coupon's redemption code", () => {
  it("is drawn again when another coupon has it already, so that each code redeems its own coupon", () => {
    const { state } = setup();
    const first = placed(state, SAM);
    const second = placed(state, CHAN, { offerId: first.offerId, quantity: 1, mcoinUsed: 0, adult: false });
    // First's two coupons, then second's: its first draw repeats first's first code.
    draws.push(123_456, 789, 234_567, 1, 123_456, 789, 345_678, 42);
    state.orders.notice(paid(first));
    state.orders.notice(paid(second));
    expect(draws).toEqual([]);
    expect([...first.coupons, ...second.coupons].map((coupon) => coupon.redemptionCode)).toEqual(["123456000789", "234567000001", "345678000042"]);
    expect(state.afterSale.redeem("123456000789")).toMatchObject({ ok: true, value: { order: { id: first.id } } });
    expect(first.coupons[0].status).toBe("used");
    expect(second.coupons[0].status).toBe("unused");
    expect(state.afterSale.redeem("345678000042")).toMatchObject({ ok: true, value: { order: { id: second.id } } });
  });
});

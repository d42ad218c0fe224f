/** The demo history (history.ts, fixtures/wallet.json), played through the domain's own rules. */
import { describe, expect, it } from "vitest";
import { loadFixtures } from "../fixtures";
import { expectLedgersSum, world } from "./test-support";

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

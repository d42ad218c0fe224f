/** The order state machine: every pair of statuses, allowed exactly when the table says so. */
import { describe, expect, it } from "vitest";
import { ORDER_STATUSES, type OrderStatus } from "#core/api/shop-endpoints";
import { ORDER_TRANSITIONS, canTransition, isFinal, transition } from "./order-machine";

/** The transitions the design allows (docs/money.md, "Orders", and the table's comment), written out once more by hand. */
const ALLOWED: [OrderStatus, OrderStatus][] = [
  ["awaiting_payment", "received"],
  ["awaiting_payment", "awaiting_shipment"],
  ["awaiting_payment", "closed"],
  ["received", "used"],
  ["received", "refunding"],
  ["refunding", "refunded"],
  ["awaiting_shipment", "awaiting_receipt"],
  ["awaiting_shipment", "awaiting_pickup"],
  ["awaiting_shipment", "refunding"],
  ["awaiting_receipt", "completed"],
  ["awaiting_pickup", "completed"],
];
const allowed = new Set(ALLOWED.map(([from, to]) => `${from}→${to}`));
const EVERY_PAIR = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const));

describe("the order state machine", () => {
  it("has a row for every status", () => {
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it.each(EVERY_PAIR.filter(([from, to]) => allowed.has(`${from}→${to}`)))("allows %s → %s", (from, to) => {
    const order = { status: from as OrderStatus };
    expect(canTransition(from, to)).toBe(true);
    expect(transition(order, to)).toEqual({ ok: true });
    expect(order.status).toBe(to);
  });

  it.each(EVERY_PAIR.filter(([from, to]) => !allowed.has(`${from}→${to}`)))("refuses %s → %s, and leaves the order as it was", (from, to) => {
    const order = { status: from as OrderStatus };
    expect(canTransition(from, to)).toBe(false);
    const result = transition(order, to);
    expect(result).toMatchObject({ ok: false, code: "TRANSITION_NOT_ALLOWED" });
    expect(result.ok ? "" : result.message).toContain(`${from} cannot become ${to}`);
    expect(order.status).toBe(from);
  });

  it("never moves an order back to awaiting payment, and final statuses stay final", () => {
    for (const from of ORDER_STATUSES) expect(canTransition(from, "awaiting_payment"), from).toBe(false);
    expect(ORDER_STATUSES.filter(isFinal).sort()).toEqual(["closed", "completed", "refunded", "used"]);
  });

  it("says, when it refuses, which statuses may follow instead, or that the status is final", () => {
    expect(transition({ status: "received" }, "closed")).toEqual({ ok: false, code: "TRANSITION_NOT_ALLOWED", message: "an order received cannot become closed (only used, refunding)" });
    expect(transition({ status: "refunding" }, "received")).toEqual({ ok: false, code: "TRANSITION_NOT_ALLOWED", message: "an order refunding cannot become received (only refunded)" });
    expect(transition({ status: "used" }, "refunding")).toEqual({ ok: false, code: "TRANSITION_NOT_ALLOWED", message: "an order used cannot become refunding (it is final)" });
  });
});

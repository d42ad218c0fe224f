/**
 * Orders are state machines (docs/money.md, "Orders"): this table is the only place
 * that says which status may follow which, and `transition` the only way an order's status changes.
 * Payment, cancelling and expiry use it now; refunds and logistics (later issues) will too.
 *
 * Why the table is what it is:
 * - awaiting_payment → received | awaiting_shipment: the cash was settled (or there was none).
 *   Coupons and vouchers are in the member's hands at once; goods wait to be shipped.
 * - awaiting_payment → closed: the member left the cashier, or the payment window passed. `closed`
 *   means "never paid": it ends there, and a late payment for it is refused (the wallet refunds it).
 * - received → used | refunding: a coupon is redeemed at the store, or its refund is requested.
 * - refunding → refunded, and nothing else: the spec says a refund, once requested, makes the
 *   coupon invalid irreversibly, so a refund is never withdrawn back to `received`.
 * - awaiting_shipment → awaiting_receipt | awaiting_pickup | refunding: shipped, ready at the store,
 *   or the member asked for their money back before it left. Not `closed`: the order is paid, and
 *   money only goes back through a refund.
 * - awaiting_receipt | awaiting_pickup → completed: delivered or collected.
 * - used, refunded, completed, closed: final.
 */
import type { OrderStatus } from "#core/api/shop-endpoints";

export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  awaiting_payment: ["received", "awaiting_shipment", "closed"],
  received: ["used", "refunding"],
  used: [],
  refunding: ["refunded"],
  refunded: [],
  awaiting_shipment: ["awaiting_receipt", "awaiting_pickup", "refunding"],
  awaiting_receipt: ["completed"],
  awaiting_pickup: ["completed"],
  completed: [],
  closed: [],
};

/** Whether no transition leaves `status`. */
export function isFinal(status: OrderStatus): boolean {
  return ORDER_TRANSITIONS[status].length === 0;
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

export type TransitionResult = { ok: true } | { ok: false; code: "TRANSITION_NOT_ALLOWED"; message: string };

/** Moves `order` to `to` when the table allows it; otherwise leaves it as it is and says why. */
export function transition(order: { status: OrderStatus }, to: OrderStatus): TransitionResult {
  if (!canTransition(order.status, to)) {
    const allowed = ORDER_TRANSITIONS[order.status];
    return {
      ok: false,
      code: "TRANSITION_NOT_ALLOWED",
      message: `an order ${order.status} cannot become ${to} (${allowed.length ? `only ${allowed.join(", ")}` : "it is final"})`,
    };
  }
  order.status = to;
  return { ok: true };
}

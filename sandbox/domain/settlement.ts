/**
 * Settlement and refunds, the money rules of an order after it is placed (docs/money.md): what a
 * wallet's payment notice does to an order, what settling earns, and what a refund gives back and
 * takes back. The order's status moves through the state machine (order-machine.ts); the mCoin
 * moves through the ledger (ledger.ts). The order book (order-book.ts) and after-sale (after-sale.ts)
 * call these in the same synchronous step as their checks, and keep the indexes, stock and coupons.
 *
 * Payments: every PAID notice is kept on its order (`payments`). One settles it; each other one is
 * refused with the reason that tells the wallet to refund it, and kept as refunded with that reason,
 * so the books show every payment the wallet took. The same notice again (same payment id) is
 * answered as the first was and kept once.
 *
 * Refunds take back the earning in full, in mCoin (core/money/refund.ts): from the mCoin the
 * refund gives back (an `earning_reversed` entry right after the `refund` entry when it completes),
 * and the rest from the balance when the refund is asked for (an `earning_reversed` entry then). A
 * refund whose earning they cannot cover is refused.
 */
import { PAYMENT_REFUSALS, type Payment } from "#core/api/shop-endpoints";
import { mcoinEarned } from "#core/money/purchase";
import { refundTerms } from "#core/money/refund";
import { balanceOf, post, type Account } from "./ledger";
import type { OrderRecord, RefundRecord } from "./orders";

/** The wallet's settlement notice of an order's payment (POST /pay/notify). */
export interface WalletNotice {
  orderNo: string;
  paymentId: string;
  amountCents: number;
  status: "PAID" | "FAILED";
}

/** Refused payments kept per order: a bound on what the wallet's notices can make the gateway keep. */
export const MAX_PAYMENTS_PER_ORDER = 100;

export type PaymentRefusal = (typeof PAYMENT_REFUSALS)[number];

export type NoticeDecision =
  /** The payment settles the order. */
  | { action: "settle" }
  /** A failed payment of an unpaid order: it stays unpaid, and says so. */
  | { action: "fail" }
  /** Nothing changes; the order is answered as it is. */
  | { action: "answer" }
  /** Refused: the wallet refunds the payment. `keep`: a payment not seen before, to be kept as refunded. */
  | { action: "refuse"; reason: PaymentRefusal; keep: boolean };

/** What a notice does to `order`, decided from the order and the notice alone. */
export function decideNotice(order: OrderRecord, notice: WalletNotice): NoticeDecision {
  // A payment seen before (an older state file's settled one included: orders.ts keeps it on loading).
  const known = order.payments.find((payment) => payment.paymentId === notice.paymentId);
  if (notice.status === "FAILED") {
    // No money moved: nothing to keep or refund, and a payment already seen is not undone by it.
    if (known) return { action: "answer" };
    if (notice.amountCents !== order.cashCents) return { action: "refuse", reason: "AMOUNT_MISMATCH", keep: false };
    return order.status === "awaiting_payment" && order.failure !== "PAYMENT_FAILED" ? { action: "fail" } : { action: "answer" };
  }
  if (known) return known.reason === null ? { action: "answer" } : { action: "refuse", reason: known.reason, keep: false };
  if (notice.amountCents !== order.cashCents) return { action: "refuse", reason: "AMOUNT_MISMATCH", keep: true };
  if (order.status === "awaiting_payment") return { action: "settle" };
  if (order.status === "closed") return { action: "refuse", reason: "ORDER_CLOSED", keep: true };
  return { action: "refuse", reason: "DUPLICATE_PAYMENT", keep: true };
}

/**
 * Keeps a payment on its order. The one that settles it is always kept; refused ones up to
 * MAX_PAYMENTS_PER_ORDER (past it the refusal still stands, unkept).
 */
export function keepPayment(order: OrderRecord, notice: WalletNotice, at: number, reason: PaymentRefusal | null): Payment | null {
  if (reason !== null && order.payments.length >= MAX_PAYMENTS_PER_ORDER) return null;
  const payment: Payment = { paymentId: notice.paymentId, amountCents: notice.amountCents, at, outcome: reason === null ? "settled" : "refunded", reason };
  order.payments.push(payment);
  return payment;
}

/** Settling earns: 1 mCoin per MOP 1 of the cash paid, an `earning` entry. */
export function earn(order: OrderRecord, account: Account, at: number): void {
  order.mcoinEarned = mcoinEarned(order.cashCents);
  if (order.mcoinEarned > 0) post(account, { type: "earning", amount: order.mcoinEarned, at, orderId: order.id, orderNo: order.orderNo });
}

/**
 * Opens the refund of a whole order with its terms, fixed now: what comes back, and where the
 * earning is taken back from. The balance's part of it is taken at once. Null, and nothing written,
 * when the mCoin cannot cover the earning (the refund is refused: EARNING_SPENT).
 */
export function openRefund(
  order: OrderRecord,
  account: Account,
  request: { reason: RefundRecord["reason"]; remarks: string; photoCount: number; refundOrderNo: string },
  at: number,
): RefundRecord | null {
  const { reversal, shortfall } = refundTerms(order, balanceOf(account));
  if (shortfall > 0) return null;
  if (reversal.fromBalance > 0) post(account, { type: "earning_reversed", amount: -reversal.fromBalance, at, orderId: order.id, orderNo: order.orderNo });
  return {
    id: order.id,
    refundOrderNo: request.refundOrderNo,
    orderId: order.id,
    orderNo: order.orderNo,
    reason: request.reason,
    remarks: request.remarks,
    photoCount: request.photoCount,
    cashRequestedCents: order.cashCents,
    mcoinRequested: order.mcoinUsed,
    cashRefundedCents: 0,
    mcoinRefunded: 0,
    earningReversal: reversal,
    status: "refunding",
    requestedAt: at,
    refundedAt: null,
    refundNo: null,
  };
}

/**
 * Completes a refund on its terms: the mCoin used come back (`refund`), less the earning's part kept
 * from them (`earning_reversed`); the cash goes back whole, under the wallet's refund number
 * `refundNo` (null when no cash goes back).
 */
export function closeRefund(refund: RefundRecord, account: Account, at: number, refundNo: () => string): void {
  const { fromMcoinRefund } = refund.earningReversal;
  refund.status = "refunded";
  refund.refundedAt = at;
  refund.cashRefundedCents = refund.cashRequestedCents;
  refund.mcoinRefunded = refund.mcoinRequested - fromMcoinRefund;
  refund.refundNo = refund.cashRefundedCents > 0 ? refundNo() : null;
  if (refund.mcoinRequested > 0) post(account, { type: "refund", amount: refund.mcoinRequested, at, orderId: refund.orderId, orderNo: refund.orderNo });
  if (fromMcoinRefund > 0) post(account, { type: "earning_reversed", amount: -fromMcoinRefund, at, orderId: refund.orderId, orderNo: refund.orderNo });
}

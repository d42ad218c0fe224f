/**
 * What a refund gives back and takes back (docs/money.md, "Refunds"): the whole order's cash and
 * mCoin come back, and the mCoin its cash earned go back, in full, decided once when the refund is
 * asked for:
 *
 * 1. from the member's balance at that moment;
 * 2. what the balance cannot cover, from the mCoin the refund itself gives back;
 * 3. what is still left (the earned mCoin were spent), from the cash refunded, at the spending ratio
 *    (CENTS_PER_MCOIN a mCoin: what those mCoin paid for wherever they were spent).
 *
 * So a refund never leaves a member richer than before they bought, in mCoin and cash together,
 * whatever they do with their balance while it is processed. The sandbox applies these terms and the
 * refund screen shows them before the member asks.
 */
import { CENTS_PER_MCOIN } from "./purchase";

/** The parts of an order the terms depend on. */
export interface RefundableOrder {
  cashCents: number;
  mcoinUsed: number;
  mcoinEarned: number;
}

/** Where the order's earning is taken back from; the three add up to all of it. */
export interface EarningReversal {
  /** mCoin taken from the balance when the refund is asked for. */
  fromBalance: number;
  /** mCoin kept back from the mCoin the refund gives back. */
  fromMcoinRefund: number;
  /** Cash kept back for the rest, at CENTS_PER_MCOIN a mCoin. */
  cashWithheldCents: number;
}

export interface RefundTerms {
  reversal: EarningReversal;
  /** What reaches the member in the end: the cash and the mCoin the order was paid with, less the reversal's parts. */
  cashBackCents: number;
  mcoinBack: number;
}

/** The terms of refunding `order` for a member whose balance is `balance` now. */
export function refundTerms(order: RefundableOrder, balance: number): RefundTerms {
  const earned = Math.max(0, order.mcoinEarned);
  const fromBalance = Math.min(earned, Math.max(0, balance));
  const fromMcoinRefund = Math.min(earned - fromBalance, order.mcoinUsed);
  // Earning is 1 mCoin per MOP 1 and spending 1 mCoin per MOP 0.10, so this is at most a tenth of the cash.
  const cashWithheldCents = Math.min((earned - fromBalance - fromMcoinRefund) * CENTS_PER_MCOIN, order.cashCents);
  return {
    reversal: { fromBalance, fromMcoinRefund, cashWithheldCents },
    cashBackCents: order.cashCents - cashWithheldCents,
    mcoinBack: order.mcoinUsed - fromMcoinRefund,
  };
}

/** mCoin of the earning a reversal takes back: its mCoin parts and its cash part at the spending ratio. */
export function mcoinReversed(reversal: EarningReversal): number {
  return reversal.fromBalance + reversal.fromMcoinRefund + reversal.cashWithheldCents / CENTS_PER_MCOIN;
}

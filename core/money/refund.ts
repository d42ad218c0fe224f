/**
 * What a refund gives back and takes back (docs/money.md, "Refunds"): the whole order's cash and
 * mCoin come back, and the mCoin its cash earned go back, in full and in mCoin, decided once when
 * the refund is asked for:
 *
 * 1. from the mCoin the refund itself gives back (they are the gateway's until it completes);
 * 2. the rest from the member's balance at that moment, taken at once.
 *
 * What neither covers (the earned mCoin were spent, or are held by an unpaid order) is a shortfall:
 * the refund is refused until the member's balance covers it. The cash always comes back whole, so
 * a refund never turns cash into mCoin, and whatever a member does with their balance while it is
 * processed, a purchase and its refund leave their mCoin as they were. The sandbox applies these
 * terms and the refund screen shows them before the member asks.
 */

/** The parts of an order the terms depend on. */
export interface RefundableOrder {
  cashCents: number;
  mcoinUsed: number;
  mcoinEarned: number;
}

/** Where the order's earning is taken back from; the two add up to all of it once the refund may go ahead. */
export interface EarningReversal {
  /** mCoin kept back from the mCoin the refund gives back. */
  fromMcoinRefund: number;
  /** mCoin taken from the balance when the refund is asked for. */
  fromBalance: number;
}

export interface RefundTerms {
  reversal: EarningReversal;
  /** mCoin of the earning that neither the refund's mCoin nor the balance cover: while above 0, no refund. */
  shortfall: number;
  /** What reaches the member in the end: all the cash, and the mCoin used less the reversal's part of them. */
  cashBackCents: number;
  mcoinBack: number;
}

/** The terms of refunding `order` for a member whose balance is `balance` now. */
export function refundTerms(order: RefundableOrder, balance: number): RefundTerms {
  const earned = Math.max(0, order.mcoinEarned);
  const fromMcoinRefund = Math.min(earned, order.mcoinUsed);
  const fromBalance = Math.min(earned - fromMcoinRefund, Math.max(0, balance));
  return {
    reversal: { fromMcoinRefund, fromBalance },
    shortfall: earned - fromMcoinRefund - fromBalance,
    cashBackCents: order.cashCents,
    mcoinBack: order.mcoinUsed - fromMcoinRefund,
  };
}

/**
 * The refund's terms (docs/money.md, "Refunds"), figured by hand: the earning comes back in full and
 * in mCoin, first from the mCoin refunded, then from the balance; what they cannot cover is a
 * shortfall, and the cash always comes back whole.
 */
import { describe, expect, it } from "vitest";
import { refundTerms } from "./refund";

/** Two pieces at MOP 38: 300 mCoin and MOP 46 of cash, which earned 46 mCoin. */
const ORDER = { cashCents: 4600, mcoinUsed: 300, mcoinEarned: 46 };

describe("a refund's terms", () => {
  it("take the earning from the mCoin the refund gives back when they cover it, whatever the balance", () => {
    for (const balance of [0, 46, 500]) {
      expect(refundTerms(ORDER, balance)).toEqual({ reversal: { fromMcoinRefund: 46, fromBalance: 0 }, shortfall: 0, cashBackCents: 4600, mcoinBack: 254 });
    }
  });

  it("take what the mCoin refunded cannot cover from the balance", () => {
    // MOP 98 in cash and 20 mCoin: 98 earned; 20 from the mCoin, 78 from the balance.
    const order = { cashCents: 9800, mcoinUsed: 20, mcoinEarned: 98 };
    expect(refundTerms(order, 78)).toEqual({ reversal: { fromMcoinRefund: 20, fromBalance: 78 }, shortfall: 0, cashBackCents: 9800, mcoinBack: 0 });
    expect(refundTerms(order, 1000)).toEqual({ reversal: { fromMcoinRefund: 20, fromBalance: 78 }, shortfall: 0, cashBackCents: 9800, mcoinBack: 0 });
  });

  it("leave a shortfall when the balance is short too, and never touch the cash", () => {
    const order = { cashCents: 9800, mcoinUsed: 20, mcoinEarned: 98 };
    expect(refundTerms(order, 77)).toEqual({ reversal: { fromMcoinRefund: 20, fromBalance: 77 }, shortfall: 1, cashBackCents: 9800, mcoinBack: 0 });
    const cashOnly = { cashCents: 98_000, mcoinUsed: 0, mcoinEarned: 980 };
    expect(refundTerms(cashOnly, 0)).toEqual({ reversal: { fromMcoinRefund: 0, fromBalance: 0 }, shortfall: 980, cashBackCents: 98_000, mcoinBack: 0 });
    expect(refundTerms(cashOnly, 980)).toEqual({ reversal: { fromMcoinRefund: 0, fromBalance: 980 }, shortfall: 0, cashBackCents: 98_000, mcoinBack: 0 });
  });

  it("of an order that earned nothing give everything back and take nothing, whatever the balance", () => {
    const order = { cashCents: 0, mcoinUsed: 380, mcoinEarned: 0 };
    for (const balance of [0, 120, 10_000]) {
      expect(refundTerms(order, balance)).toEqual({ reversal: { fromMcoinRefund: 0, fromBalance: 0 }, shortfall: 0, cashBackCents: 0, mcoinBack: 380 });
    }
  });

  it("read a balance below zero as none, and a negative earning as nothing to take back", () => {
    const cashOnly = { cashCents: 3800, mcoinUsed: 0, mcoinEarned: 38 };
    expect(refundTerms(cashOnly, -10)).toMatchObject({ reversal: { fromMcoinRefund: 0, fromBalance: 0 }, shortfall: 38 });
    expect(refundTerms({ ...ORDER, mcoinEarned: -5 }, 500)).toEqual({ reversal: { fromMcoinRefund: 0, fromBalance: 0 }, shortfall: 0, cashBackCents: 4600, mcoinBack: 300 });
  });

  it("always add up to the earning: the mCoin refunded, the balance and the shortfall", () => {
    for (const balance of [0, 1, 10, 45, 77, 78, 500]) {
      for (const order of [ORDER, { cashCents: 9800, mcoinUsed: 20, mcoinEarned: 98 }, { cashCents: 22_800, mcoinUsed: 0, mcoinEarned: 228 }]) {
        const { reversal, shortfall } = refundTerms(order, balance);
        expect(reversal.fromMcoinRefund + reversal.fromBalance + shortfall).toBe(order.mcoinEarned);
        expect(reversal.fromBalance).toBeLessThanOrEqual(balance);
      }
    }
  });
});

/**
 * The refund's terms (docs/money.md, "Refunds"), figured by hand: the earning comes back in full,
 * from the balance, then the mCoin refunded, then the cash at MOP 0.10 a mCoin.
 */
import { describe, expect, it } from "vitest";
import { mcoinReversed, refundTerms } from "./refund";

/** Two pieces at MOP 38: 300 mCoin and MOP 46 of cash, which earned 46 mCoin. */
const ORDER = { cashCents: 4600, mcoinUsed: 300, mcoinEarned: 46 };

describe("a refund's terms", () => {
  it("take the earning from the balance when it covers it: the cash and the mCoin used come back whole", () => {
    expect(refundTerms(ORDER, 500)).toEqual({ reversal: { fromBalance: 46, fromMcoinRefund: 0, cashWithheldCents: 0 }, cashBackCents: 4600, mcoinBack: 300 });
    expect(refundTerms(ORDER, 46)).toEqual({ reversal: { fromBalance: 46, fromMcoinRefund: 0, cashWithheldCents: 0 }, cashBackCents: 4600, mcoinBack: 300 });
  });

  it("take what the balance cannot cover from the mCoin the refund gives back", () => {
    expect(refundTerms(ORDER, 45)).toEqual({ reversal: { fromBalance: 45, fromMcoinRefund: 1, cashWithheldCents: 0 }, cashBackCents: 4600, mcoinBack: 299 });
    expect(refundTerms(ORDER, 0)).toEqual({ reversal: { fromBalance: 0, fromMcoinRefund: 46, cashWithheldCents: 0 }, cashBackCents: 4600, mcoinBack: 254 });
  });

  it("take the rest from the cash at MOP 0.10 a mCoin when the mCoin used are not enough", () => {
    // MOP 98 in cash and 20 mCoin: 98 earned; 30 left in the balance, 20 from the mCoin, 48 from the cash.
    const order = { cashCents: 9800, mcoinUsed: 20, mcoinEarned: 98 };
    expect(refundTerms(order, 30)).toEqual({ reversal: { fromBalance: 30, fromMcoinRefund: 20, cashWithheldCents: 480 }, cashBackCents: 9320, mcoinBack: 0 });
  });

  it("of an order paid in cash alone take the earning from the cash when the balance is spent", () => {
    const order = { cashCents: 98_000, mcoinUsed: 0, mcoinEarned: 980 };
    expect(refundTerms(order, 0)).toEqual({ reversal: { fromBalance: 0, fromMcoinRefund: 0, cashWithheldCents: 9800 }, cashBackCents: 88_200, mcoinBack: 0 });
  });

  it("never keep back more cash than the order paid", () => {
    // An earning larger than a tenth of the cash cannot come from settling, but the terms stay within the order.
    const order = { cashCents: 100, mcoinUsed: 0, mcoinEarned: 50 };
    expect(refundTerms(order, 0)).toEqual({ reversal: { fromBalance: 0, fromMcoinRefund: 0, cashWithheldCents: 100 }, cashBackCents: 0, mcoinBack: 0 });
  });

  it("of an order that earned nothing give everything back and take nothing, whatever the balance", () => {
    const order = { cashCents: 0, mcoinUsed: 380, mcoinEarned: 0 };
    for (const balance of [0, 120, 10_000]) {
      expect(refundTerms(order, balance)).toEqual({ reversal: { fromBalance: 0, fromMcoinRefund: 0, cashWithheldCents: 0 }, cashBackCents: 0, mcoinBack: 380 });
    }
  });

  it("read a balance below zero as none, and a negative earning as nothing to take back", () => {
    expect(refundTerms(ORDER, -10).reversal).toEqual({ fromBalance: 0, fromMcoinRefund: 46, cashWithheldCents: 0 });
    expect(refundTerms({ ...ORDER, mcoinEarned: -5 }, 500).reversal).toEqual({ fromBalance: 0, fromMcoinRefund: 0, cashWithheldCents: 0 });
  });
});

describe("the mCoin a reversal takes back", () => {
  it("are its mCoin parts and its cash part at MOP 0.10 a mCoin, which add up to the earning", () => {
    expect(mcoinReversed({ fromBalance: 30, fromMcoinRefund: 20, cashWithheldCents: 480 })).toBe(98);
    expect(mcoinReversed({ fromBalance: 0, fromMcoinRefund: 0, cashWithheldCents: 0 })).toBe(0);
    for (const [balance, order] of [
      [500, ORDER],
      [10, ORDER],
      [0, { cashCents: 9800, mcoinUsed: 20, mcoinEarned: 98 }],
    ] as const) {
      expect(mcoinReversed(refundTerms(order, balance).reversal)).toBe(order.mcoinEarned);
    }
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CENTS_PER_MCOIN,
  MAX_PIECES_PER_ORDER,
  amountDue,
  cashDueCents,
  isAllowedMcoin,
  leastCashPrice,
  maxPieces,
  mcoinEarned,
  mcoinRange,
  snapMcoin,
  stepMcoin,
  toCents,
  type PricedOffer,
} from "./purchase";

/** MOP 38 a piece, 380 mCoin; the slider moves by 100; at least 50 mCoin a piece. */
const OFFER: PricedOffer = { priceCents: 3800, mcoinPrice: 380, mcoin: { step: 100, minPerPiece: 50, maxPerPiece: 380 } };

describe("the amount due", () => {
  it("is the price times the pieces, in cents and in mCoin", () => {
    expect(amountDue(OFFER, 2)).toEqual({ cents: 7600, mcoin: 760 });
    expect(toCents(38.1)).toBe(3810);
    expect(toCents(0.1 + 0.2)).toBe(30);
  });
});

describe("the price a card shows", () => {
  it("is the mCoin price when mCoin may pay for all of it", () => {
    expect(leastCashPrice(OFFER)).toEqual({ mcoin: 380, cents: 0 });
  });

  it("is the most mCoin allowed and the cash left when mCoin may pay for part of it", () => {
    expect(leastCashPrice({ priceCents: 59800, mcoinPrice: 5980, mcoin: { step: 100, minPerPiece: 0, maxPerPiece: 3000 } })).toEqual({ mcoin: 3000, cents: 29800 });
  });

  it("is the cash price alone when mCoin may not pay for it", () => {
    expect(leastCashPrice({ priceCents: 48500, mcoinPrice: 4850, mcoin: { step: 100, minPerPiece: 0, maxPerPiece: 0 } })).toEqual({ mcoin: 0, cents: 48500 });
  });
});

describe("the mCoin a member may use", () => {
  it("runs from the offer's minimum to the least of balance, maximum and amount due", () => {
    expect(mcoinRange(OFFER, 2, 500)).toEqual({ ok: true, min: 100, max: 500, step: 100 });
    expect(mcoinRange(OFFER, 2, 10_000)).toEqual({ ok: true, min: 100, max: 760, step: 100 });
    expect(mcoinRange({ ...OFFER, mcoin: { ...OFFER.mcoin, maxPerPiece: 200 } }, 2, 10_000)).toMatchObject({ max: 400 });
  });

  it("refuses a member whose balance is below the offer's minimum", () => {
    expect(mcoinRange(OFFER, 2, 99)).toEqual({ ok: false, reason: "INSUFFICIENT_MCOIN", min: 100 });
    expect(mcoinRange({ ...OFFER, mcoin: { ...OFFER.mcoin, minPerPiece: 0 } }, 2, 0)).toEqual({ ok: true, min: 0, max: 0, step: 100 });
  });

  it("allows the two ends and whole steps between them, nothing else", () => {
    const range = mcoinRange(OFFER, 2, 10_000);
    for (const value of [100, 200, 700, 760]) expect(isAllowedMcoin(range, value), String(value)).toBe(true);
    for (const value of [0, 99, 150, 750, 761, 800, -100, 100.5, Number.NaN]) expect(isAllowedMcoin(range, value), String(value)).toBe(false);
  });

  it("allows an end between two steps, a range the member cannot pay allows nothing, not even its minimum, and no fraction is ever allowed", () => {
    const between = mcoinRange({ ...OFFER, mcoin: { ...OFFER.mcoin, minPerPiece: 35 } }, 1, 10_000);
    expect(between).toEqual({ ok: true, min: 35, max: 380, step: 100 });
    for (const value of [35, 100, 300, 380]) expect(isAllowedMcoin(between, value), String(value)).toBe(true);
    for (const value of [34, 36, 50, 381, 400]) expect(isAllowedMcoin(between, value), String(value)).toBe(false);
    const unpayable = mcoinRange(OFFER, 2, 99);
    expect(isAllowedMcoin(unpayable, 100)).toBe(false);
    // An offer's odd data may put an end on a fraction; the member still pays in whole mCoin.
    const fractional = mcoinRange({ ...OFFER, mcoin: { ...OFFER.mcoin, minPerPiece: 35.5 } }, 1, 10_000);
    expect(fractional).toMatchObject({ ok: true, min: 35.5 });
    expect(isAllowedMcoin(fractional, 35.5)).toBe(false);
  });

  it("snaps a drag to the nearest step or end, never outside", () => {
    const range = mcoinRange(OFFER, 2, 10_000);
    if (!range.ok) throw new Error("payable");
    expect(snapMcoin(range, 149)).toBe(100);
    expect(snapMcoin(range, 151)).toBe(200);
    expect(snapMcoin(range, 729)).toBe(700);
    expect(snapMcoin(range, 731)).toBe(760);
    expect(snapMcoin(range, -5)).toBe(100);
    expect(snapMcoin(range, 1e9)).toBe(760);
    expect(snapMcoin(range, Number.NaN)).toBe(100);
  });

  it("snaps a drag halfway between two allowed values to the one above", () => {
    const range = mcoinRange(OFFER, 2, 10_000);
    if (!range.ok) throw new Error("payable");
    expect(snapMcoin(range, 150)).toBe(200);
    expect(snapMcoin(range, 730)).toBe(760);
  });

  it("steps by the offer's step from any allowed value, stopping at the ends", () => {
    const range = mcoinRange({ ...OFFER, mcoin: { ...OFFER.mcoin, minPerPiece: 35 } }, 1, 10_000);
    if (!range.ok) throw new Error("payable");
    expect(range).toMatchObject({ min: 35, max: 380 });
    expect(stepMcoin(range, 35, 1)).toBe(100);
    expect(stepMcoin(range, 100, -1)).toBe(35);
    expect(stepMcoin(range, 300, 1)).toBe(380);
    expect(stepMcoin(range, 380, -1)).toBe(300);
    expect(stepMcoin(range, 380, 5)).toBe(380);
    expect(stepMcoin(range, 35, -10)).toBe(35);
  });

  it("does not move when asked for no step, even from an end between two steps", () => {
    const range = mcoinRange({ ...OFFER, mcoin: { ...OFFER.mcoin, minPerPiece: 35 } }, 1, 10_000);
    if (!range.ok) throw new Error("payable");
    for (const value of [35, 200, 380]) expect(stepMcoin(range, value, 0)).toBe(value);
  });

  it("always lands on an allowed value, and the cash part is never negative (property)", () => {
    const offer = fc.record({
      mcoinPrice: fc.integer({ min: 1, max: 50_000 }),
      step: fc.integer({ min: 1, max: 1_000 }),
      minShare: fc.double({ min: 0, max: 1, noNaN: true }),
      maxShare: fc.double({ min: 0, max: 1, noNaN: true }),
    });
    fc.assert(
      fc.property(
        offer,
        fc.integer({ min: 1, max: MAX_PIECES_PER_ORDER }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.double({ min: -1e6, max: 1e7, noNaN: true }),
        fc.integer({ min: -20, max: 20 }),
        (o, quantity, balance, drag, steps) => {
          const maxPerPiece = Math.round(o.mcoinPrice * Math.max(o.minShare, o.maxShare));
          const priced: PricedOffer = {
            priceCents: o.mcoinPrice * CENTS_PER_MCOIN,
            mcoinPrice: o.mcoinPrice,
            mcoin: { step: o.step, minPerPiece: Math.round(o.mcoinPrice * Math.min(o.minShare, o.maxShare)), maxPerPiece },
          };
          const range = mcoinRange(priced, quantity, balance);
          if (!range.ok) {
            expect(range.min).toBeGreaterThan(Math.min(balance, maxPerPiece * quantity));
            return;
          }
          for (const value of [snapMcoin(range, drag), stepMcoin(range, snapMcoin(range, drag), steps)]) {
            expect(isAllowedMcoin(range, value)).toBe(true);
            expect(value).toBeLessThanOrEqual(balance);
            const cash = cashDueCents(priced, quantity, value);
            expect(Number.isInteger(cash)).toBe(true);
            expect(cash).toBeGreaterThanOrEqual(0);
            expect(cash + value * CENTS_PER_MCOIN).toBe(amountDue(priced, quantity).cents);
          }
        },
      ),
    );
  });
});

describe("the cash part and what it earns", () => {
  it("pays what mCoin does not, in cents", () => {
    expect(cashDueCents(OFFER, 2, 300)).toBe(4600);
    expect(cashDueCents(OFFER, 2, 760)).toBe(0);
    expect(cashDueCents(OFFER, 2, 0)).toBe(7600);
  });

  it("earns 1 mCoin per whole MOP 1", () => {
    expect(mcoinEarned(4600)).toBe(46);
    expect(mcoinEarned(4699)).toBe(46);
    expect(mcoinEarned(99)).toBe(0);
    expect(mcoinEarned(-100)).toBe(0);
  });
});

describe("the pieces a member may buy", () => {
  it("are bounded by what is left, their limit and the order's maximum", () => {
    expect(maxPieces({ stock: 500, limitPerMember: 5, bought: 0 })).toBe(5);
    expect(maxPieces({ stock: 500, limitPerMember: 5, bought: 4 })).toBe(1);
    expect(maxPieces({ stock: 500, limitPerMember: 5, bought: 7 })).toBe(0);
    expect(maxPieces({ stock: 3, limitPerMember: 99, bought: 0 })).toBe(3);
    expect(maxPieces({ stock: 0, limitPerMember: 99, bought: 0 })).toBe(0);
    expect(maxPieces({ stock: 500, limitPerMember: 99, bought: 0 })).toBe(MAX_PIECES_PER_ORDER);
  });
});

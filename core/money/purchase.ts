/**
 * What a purchase costs, in whole mCoin and integer cents (docs/money.md, "Units"): how many pieces may
 * be bought, how many mCoin may pay for them, and the cash left to pay. The offer screen's slider, the
 * mall's checkout action and the sandbox's order rules all use these functions, so they cannot
 * disagree about a single cent.
 *
 * Spending: one mCoin pays MOP 0.10 (every offer's mCoin price is ten times its MOP price). Earning:
 * 1 mCoin per MOP 1 of cash paid (spec section 1), whole mCoin, once the payment is settled.
 */

/** Cents that one mCoin pays for. */
export const CENTS_PER_MCOIN = 10;
/** Cents of cash paid that earn one mCoin. */
export const CENTS_PER_EARNED_MCOIN = 100;
/** The most pieces of one offer in one order. */
export const MAX_PIECES_PER_ORDER = 10;

/** How an offer may be paid with mCoin. */
export interface McoinRules {
  /** The slider moves in steps of this many mCoin. */
  step: number;
  /** mCoin that must be used per piece (0: the offer can be paid in cash alone). */
  minPerPiece: number;
  /** mCoin that may be used per piece at most (the mCoin price: the whole price). */
  maxPerPiece: number;
}

export interface PricedOffer {
  /** The MOP price of one piece, in cents. */
  priceCents: number;
  /** The mCoin price of one piece: priceCents / CENTS_PER_MCOIN. */
  mcoinPrice: number;
  mcoin: McoinRules;
}

/** MOP (a number of the gateway's replies) to integer cents, rounding away float noise. */
export function toCents(mop: number): number {
  return Math.round(mop * 100);
}

/** What `quantity` pieces cost: in cents, and all in mCoin. */
export function amountDue(offer: PricedOffer, quantity: number): { cents: number; mcoin: number } {
  return { cents: offer.priceCents * quantity, mcoin: offer.mcoinPrice * quantity };
}

/**
 * What one piece costs a member who pays with as many mCoin as the offer allows: the mCoin part and
 * the cash left (in cents). It is the price an offer's card shows, "2,380 mCoin", "3,000 mCoin +
 * $298.00" or, when mCoin cannot pay for it, "$485.00", and where the offer's slider starts for a
 * member whose balance covers it (docs/decisions/014-what-a-card-shows-and-the-slider-starts-at.md).
 */
export function leastCashPrice(offer: PricedOffer): { mcoin: number; cents: number } {
  const mcoin = Math.max(0, Math.min(offer.mcoin.maxPerPiece, offer.mcoinPrice));
  return { mcoin, cents: cashDueCents(offer, 1, mcoin) };
}

export type McoinRange =
  | { ok: true; min: number; max: number; step: number }
  /** Not payable: the member's balance is below what the offer asks to be paid in mCoin. */
  | { ok: false; reason: "INSUFFICIENT_MCOIN"; min: number };

/**
 * The mCoin a member may use for `quantity` pieces: from the offer's minimum to the least of their
 * balance, the offer's maximum and the amount due. Between the two ends the value moves in steps;
 * both ends are always allowed, so a member can pay the whole price in mCoin when the price is not a
 * multiple of the step.
 */
export function mcoinRange(offer: PricedOffer, quantity: number, balance: number): McoinRange {
  const due = amountDue(offer, quantity).mcoin;
  const min = Math.min(offer.mcoin.minPerPiece * quantity, due);
  const max = Math.min(Math.max(0, Math.floor(balance)), offer.mcoin.maxPerPiece * quantity, due);
  if (max < min) return { ok: false, reason: "INSUFFICIENT_MCOIN", min };
  return { ok: true, min, max, step: Math.max(1, offer.mcoin.step) };
}

/** Whether `mcoin` is a value the range allows: whole mCoin, an end, or a whole step in between. */
export function isAllowedMcoin(range: McoinRange, mcoin: number): boolean {
  if (!range.ok || !Number.isInteger(mcoin) || mcoin < range.min || mcoin > range.max) return false;
  return mcoin === range.min || mcoin === range.max || mcoin % range.step === 0;
}

/**
 * The allowed value nearest to `mcoin` (a drag, a typed value): of the step or end below it and the
 * one above it, each kept within the range, the nearer; halfway, the one above. A value outside the
 * range so lands on its nearer end.
 */
export function snapMcoin(range: McoinRange & { ok: true }, mcoin: number): number {
  const { min, max, step } = range;
  if (!Number.isFinite(mcoin)) return min;
  const below = Math.max(min, Math.floor(mcoin / step) * step);
  const above = Math.min(max, Math.ceil(mcoin / step) * step);
  return mcoin - below < above - mcoin ? below : above;
}

/**
 * `steps` steps up or down from `mcoin` (the slider's arrow keys), within the range; no step leaves
 * it where it is. From an end between two steps, the first step lands on the step beyond it.
 */
export function stepMcoin(range: McoinRange & { ok: true }, mcoin: number, steps: number): number {
  const { min, max, step } = range;
  if (steps > 0) return Math.min(max, Math.max(min, Math.floor(mcoin / step) * step + step * steps));
  if (steps < 0) return Math.max(min, Math.min(max, Math.ceil(mcoin / step) * step + step * steps));
  return mcoin;
}

/** The cash left to pay, in cents, when `mcoin` pays for part of `quantity` pieces. Never negative. */
export function cashDueCents(offer: PricedOffer, quantity: number, mcoin: number): number {
  return Math.max(0, amountDue(offer, quantity).cents - mcoin * CENTS_PER_MCOIN);
}

/** mCoin earned by a settled cash payment: 1 per MOP 1, whole mCoin. */
export function mcoinEarned(cashCents: number): number {
  return Math.floor(Math.max(0, cashCents) / CENTS_PER_EARNED_MCOIN);
}

/**
 * How many pieces a member may buy now: at least one unless the offer is sold out or their limit is
 * reached, at most what is left, what their limit leaves and MAX_PIECES_PER_ORDER.
 */
export function maxPieces({ stock, limitPerMember, bought }: { stock: number; limitPerMember: number; bought: number }): number {
  return Math.max(0, Math.min(stock, limitPerMember - bought, MAX_PIECES_PER_ORDER));
}

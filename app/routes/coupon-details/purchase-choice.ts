/**
 * What the member chooses to buy: how many pieces (within what is left and their limit) and how many
 * mCoin (within the offer's rules and their balance), what that leaves in cash, and what keeps them
 * from buying now, if anything.
 */
import { useState } from "react";
import type { OfferDetail } from "#core/api/shop-endpoints";
import { cashDueCents, maxPieces, mcoinRange, snapMcoin, type PricedOffer } from "#core/money/purchase";
import { cardPrice, timesPieces, type PayAmount } from "../../lib/catalog/pay-price";
import type { AgeAnswer } from "./age-check";

/** `?buy` asks a visitor to sign in and come back here to buy. */
export const BUY_PARAM = "buy";

export function usePurchaseChoice(offer: OfferDetail, balance: number | null) {
  const signedIn = balance !== null;
  const priced: PricedOffer = { priceCents: offer.priceCents, mcoinPrice: offer.mcoinPrice, mcoin: offer.mcoin };

  const piecesLeft = maxPieces({ stock: offer.stock, limitPerMember: offer.limitPerMember, bought: offer.boughtByMember ?? 0 });
  const [quantity, setQuantity] = useState(1);
  const pieces = Math.max(1, Math.min(quantity, Math.max(1, piecesLeft)));
  const range = mcoinRange(priced, pieces, balance ?? 0);
  /**
   * The member's choice, kept within what the pieces and balance allow. Null follows the most mCoin
   * allowed: where the slider starts, the price the offer's card showed when the balance covers it
   * (docs/decisions/014-what-a-card-shows-and-the-slider-starts-at.md), and where it stays, as the
   * pieces change, once the member has slid it to that end.
   */
  const [chosen, setChosen] = useState<number | null>(null);
  const mcoinUsed = range.ok ? snapMcoin(range, chosen ?? range.max) : 0;
  const cashCents = cashDueCents(priced, pieces, mcoinUsed);
  const chooseMcoin = (value: number) => setChosen(range.ok && value >= range.max ? null : value);
  /** What the bar shows: the member's choice, or, while there is none to make, the card's price for the pieces. */
  const selection: PayAmount = signedIn && range.ok ? { mcoin: mcoinUsed, cents: cashCents } : timesPieces(cardPrice(offer), pieces);
  return { signedIn, priced, piecesLeft, pieces, setQuantity, range, mcoinUsed, cashCents, chooseMcoin, selection };
}

export type Blocker = "signIn" | "minor" | "ageUnknown" | "unavailable" | "limit" | "insufficient" | null;

/** What keeps the member from buying now, if anything. */
export function purchaseBlocker(offer: OfferDetail, { signedIn, piecesLeft, rangeOk, age }: { signedIn: boolean; piecesLeft: number; rangeOk: boolean; age: AgeAnswer }): Blocker {
  if (offer.availability !== "available") return "unavailable";
  if (offer.ageRestricted && age === "minor") return "minor";
  if (!signedIn) return "signIn";
  if (offer.ageRestricted && age !== "adult") return "ageUnknown";
  if (piecesLeft <= 0) return "limit";
  if (!rangeOk) return "insufficient";
  return null;
}

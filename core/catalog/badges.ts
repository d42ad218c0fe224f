/**
 * The labels an offer card carries, judged by the gateway's clock (never the phone's): coming soon,
 * ends today (Macau's today), sold out.
 */
const DAY_MS = 86_400_000;
const MACAU_OFFSET_MS = 8 * 3_600_000;

/** The day number of a moment in Macau. */
export function macauDay(ms: number): number {
  return Math.floor((ms + MACAU_OFFSET_MS) / DAY_MS);
}

export interface OfferTiming {
  startAt: number;
  endAt: number;
  stock: number;
}

export type OfferBadge = "comingSoon" | "endsToday" | "soldOut";

export function offerBadges(offer: OfferTiming, now: number): OfferBadge[] {
  const badges: OfferBadge[] = [];
  if (offer.startAt > now) badges.push("comingSoon");
  else if (offer.endAt >= now && macauDay(offer.endAt) === macauDay(now)) badges.push("endsToday");
  if (offer.stock <= 0) badges.push("soldOut");
  return badges;
}

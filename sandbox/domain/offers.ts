/**
 * What changes about an offer while the sandbox runs: its stock, pieces sold and likes (seeded from
 * the catalog, which never changes itself), and whether it is on sale (a control can take it down).
 * Also what an offer's catalog entry means for buying: its availability now and its price in the
 * terms of core/money/purchase.ts.
 */
import { OfferLiveSchema } from "#core/controls/records";
import type { OfferAvailability } from "#core/api/shop-endpoints";
import { toCents, type PricedOffer } from "#core/money/purchase";
import type { Catalog, CatalogOffer } from "../catalog-schema";

export interface OfferLive {
  stock: number;
  sold: number;
  likes: number;
  status: "online" | "offline";
}

export { OfferLiveSchema };

/** Each offer's live numbers as the catalog starts them, by offer id (as a string: a Map key from outside input). */
export function seedOffers(catalog: Catalog): Map<string, OfferLive> {
  return new Map(catalog.offers.map((offer) => [String(offer.id), { stock: offer.stock, sold: offer.sold, likes: offer.likes, status: offer.status }]));
}

/**
 * Whether an offer can be bought at `now`, in the order a member meets the reasons: taken down,
 * not started, ended, sold out. `at` turns the catalog's relative times into the clock's.
 */
export function availability(offer: CatalogOffer, live: OfferLive, now: number, at: (relative: string) => number): OfferAvailability {
  if (live.status !== "online") return "taken_down";
  if (now < at(offer.startAt)) return "not_started";
  if (now > at(offer.endAt)) return "ended";
  if (live.stock === 0) return "sold_out";
  return "available";
}

/** The offer in the terms of the purchase arithmetic. */
export function pricedOffer(offer: CatalogOffer): PricedOffer {
  return { priceCents: toCents(offer.price), mcoinPrice: offer.mcoinPrice, mcoin: offer.mcoin };
}

/**
 * What an offer card or tile shows of an offer (components/offer-card.tsx), and so what a list sends
 * the browser: the gateway's offer has eight more fields (its kind, subtitle, merchant, store id,
 * district and category names, likes) that no card shows. Home sends some forty offers on every
 * visit, in its HTML and again in the data the page hydrates from.
 */
import type { OfferSummary } from "#core/api/catalog-endpoints";

export type OfferCardData = Pick<
  OfferSummary,
  "id" | "title" | "image" | "storeName" | "districtId" | "distance" | "price" | "originalPrice" | "mcoinPrice" | "mcoin" | "stock" | "sold" | "startAt" | "endAt" | "ageRestricted"
>;

export function cardData(offer: OfferCardData): OfferCardData {
  const { id, title, image, storeName, districtId, distance, price, originalPrice, mcoinPrice, mcoin, stock, sold, startAt, endAt, ageRestricted } = offer;
  return { id, title, image, storeName, districtId, distance, price, originalPrice, mcoinPrice, mcoin, stock, sold, startAt, endAt, ageRestricted };
}

/** What a rail's tile shows of an offer: a card's less the store, its distance and district (its sales tell "out of stock" from "sold out"). */
export type OfferTileData = Pick<OfferCardData, "id" | "title" | "image" | "price" | "originalPrice" | "mcoinPrice" | "mcoin" | "stock" | "sold" | "startAt" | "endAt" | "ageRestricted">;

export function tileData(offer: OfferTileData): OfferTileData {
  const { id, title, image, price, originalPrice, mcoinPrice, mcoin, stock, sold, startAt, endAt, ageRestricted } = offer;
  return { id, title, image, price, originalPrice, mcoinPrice, mcoin, stock, sold, startAt, endAt, ageRestricted };
}

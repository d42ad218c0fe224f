/**
 * The catalog's lists (home's list by tab and its curated rails) and searches (offers and stores),
 * over the catalog's offers and stores (catalog.ts): filtered, sorted and paged in the caller's
 * language.
 */
import type { z } from "zod";
import type { recommendList, searchProduct, searchShop } from "#core/api/catalog-endpoints";
import type { LatLng } from "#core/geo/distance";
import { leastCashPrice } from "#core/money/purchase";
import type { CatalogOffer, CatalogStore } from "../catalog-schema";
import { nearFrom, paginate, type CatalogQueries, type Locale } from "./catalog";
import { pricedOffer } from "./offers";

type RecommendQuery = z.output<(typeof recommendList)["request"]>;
type SearchQuery = z.output<(typeof searchProduct)["request"]>;
type ShopQuery = z.output<(typeof searchShop)["request"]>;

/** Home's list by tab (spec: nearby, price, featured/sales volume, recommendations, latest). */
export function recommend(catalog: CatalogQueries, query: RecommendQuery, locale: Locale, now: number, origin: string) {
  const near = nearFrom(query);
  // Ranges are half-open: [min, max).
  const inRange = (value: number, min?: number, max?: number) => (min === undefined || value >= min) && (max === undefined || value < max);
  const views = catalog
    .listedOffers(now)
    // On what a card shows (components/offer-card.tsx): the mCoin it asks for at most (a cash-only
    // offer asks for none) and the price in MOP beside its original price.
    .filter((offer) => inRange(leastCashPrice(pricedOffer(offer)).mcoin, query.mcoinMin, query.mcoinMax) && inRange(offer.price, query.priceMin, query.priceMax))
    .map((offer) => ({ offer, view: catalog.offerView(offer, locale, now, origin, near) }));
  const byTab: Record<RecommendQuery["tab"], (a: (typeof views)[number], b: (typeof views)[number]) => number> = {
    // Without a location, nearby falls back to the recommended order.
    nearby: (a, b) => (near ? (a.view.distance ?? 0) - (b.view.distance ?? 0) : b.offer.recommendScore - a.offer.recommendScore),
    price: (a, b) => (query.order === "desc" ? b.offer.price - a.offer.price : a.offer.price - b.offer.price),
    sales: (a, b) => b.view.sold - a.view.sold,
    recommend: (a, b) => b.offer.recommendScore - a.offer.recommendScore,
    latest: (a, b) => b.view.startAt - a.view.startAt,
  };
  views.sort((a, b) => byTab[query.tab](a, b) || a.offer.id - b.offer.id);
  return paginate(
    views.map((item) => item.view),
    query,
  );
}

/** Home's curated rails. */
export function curated(catalog: CatalogQueries, locale: Locale, now: number, origin: string, near: LatLng | null) {
  const listed = catalog.listedOffers(now);
  const rail = (pick: (offer: CatalogOffer) => boolean) =>
    listed
      .filter(pick)
      .sort((a, b) => b.popularity - a.popularity)
      .slice(0, 10)
      .map((offer) => catalog.offerView(offer, locale, now, origin, near));
  return { hot: rail((offer) => offer.hot), topPicks: rail((offer) => offer.topPick), editorsChoice: rail((offer) => offer.editorsChoice) };
}

/** Whether every word of the keyword is in the offer's titles, merchant, category or keywords. */
function matches(catalog: CatalogQueries, offer: CatalogOffer, keyword: string): boolean {
  const merchant = catalog.raw.merchants.find((item) => item.id === offer.merchantId)!;
  const category = catalog.raw.categories.find((item) => item.id === offer.categoryId)!;
  const haystack = [offer.title.zh, offer.title.en, offer.subtitle.zh, offer.subtitle.en, merchant.name.zh, merchant.name.en, category.name.zh, category.name.en, ...offer.keywords]
    .join("\n")
    .toLowerCase();
  return keyword
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/** Offers by keyword, category and district; sorted by popularity, sales, distance or price. */
export function searchOffers(catalog: CatalogQueries, query: SearchQuery, locale: Locale, now: number, origin: string) {
  const near = nearFrom(query);
  const found = catalog
    .listedOffers(now)
    .filter(
      (offer) =>
        (!query.keyword || matches(catalog, offer, query.keyword)) &&
        (query.categoryId === undefined || offer.categoryId === query.categoryId) &&
        (!query.districtId || offer.storeIds.some((id) => catalog.store(id)?.districtId === query.districtId)),
    );
  // In a district search, each offer shows its store in that district.
  const inDistrict = query.districtId ? (store: CatalogStore) => store.districtId === query.districtId : undefined;
  const views = found.map((offer) => ({ offer, view: catalog.offerView(offer, locale, now, origin, near, inDistrict) }));
  const bySort: Record<SearchQuery["sort"], (a: (typeof views)[number], b: (typeof views)[number]) => number> = {
    popularity: (a, b) => b.offer.popularity - a.offer.popularity,
    sales: (a, b) => b.view.sold - a.view.sold,
    distance: (a, b) => (near ? (a.view.distance ?? 0) - (b.view.distance ?? 0) : b.offer.popularity - a.offer.popularity),
    price: (a, b) => a.offer.price - b.offer.price,
  };
  views.sort((a, b) => bySort[query.sort](a, b) || a.offer.id - b.offer.id);
  return paginate(
    views.map((item) => item.view),
    query,
  );
}

/** Stores by keyword (merchant name, branch, address, category), category and district; nearest first. */
export function searchStores(catalog: CatalogQueries, query: ShopQuery, locale: Locale, origin: string) {
  const near = nearFrom(query);
  const words = (query.keyword ?? "").toLowerCase().split(/\s+/).filter(Boolean);
  const found = catalog.raw.stores.filter((store) => {
    const merchant = catalog.raw.merchants.find((item) => item.id === store.merchantId)!;
    const category = catalog.raw.categories.find((item) => item.id === merchant.categoryId)!;
    const haystack = [merchant.name.zh, merchant.name.en, store.branch.zh, store.branch.en, store.address.zh, store.address.en, category.name.zh, category.name.en].join("\n").toLowerCase();
    return (
      words.every((word) => haystack.includes(word)) && (query.categoryId === undefined || merchant.categoryId === query.categoryId) && (!query.districtId || store.districtId === query.districtId)
    );
  });
  const views = found.map((store) => catalog.storeView(store, locale, origin, near));
  if (near) views.sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0) || a.id - b.id);
  return paginate(views, query);
}

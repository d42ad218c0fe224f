/** The catalog's pages: a store's, an offer's branches, a zone's, and the filters, ads and popular searches. */
import type { LatLng } from "#core/geo/distance";
import type { CatalogZone, LocalizedText } from "../catalog-schema";
import type { CatalogQueries, Locale } from "./catalog";

/** A store, its offers on sale there and its merchant's other branches. */
export function storeDetail(catalog: CatalogQueries, id: number, locale: Locale, now: number, origin: string, near: LatLng | null) {
  const store = catalog.store(id);
  if (!store) return null;
  const merchant = catalog.raw.merchants.find((item) => item.id === store.merchantId)!;
  const category = catalog.raw.categories.find((item) => item.id === merchant.categoryId)!;
  return {
    store: {
      ...catalog.storeView(store, locale, origin, near),
      intro: merchant.intro[locale],
      categoryId: category.id,
      categoryName: category.name[locale],
      facilities: store.facilities,
    },
    offers: catalog
      .listedOffers(now)
      .filter((offer) => offer.storeIds.includes(store.id))
      .sort((a, b) => b.popularity - a.popularity)
      .map((offer) => catalog.offerView(offer, locale, now, origin, near, (candidate) => candidate.id === store.id)),
    branches: catalog.raw.stores
      .filter((other) => other.merchantId === store.merchantId && other.id !== store.id)
      .map((other) => catalog.storeView(other, locale, origin, near))
      .sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0)),
  };
}

/** The stores where an offer can be used, or (without one) all branches of the store's merchant. */
export function branches(catalog: CatalogQueries, storeId: number, productId: number, locale: Locale, origin: string, near: LatLng | null) {
  const store = catalog.store(storeId);
  if (!store) return null;
  const offer = productId ? catalog.offer(productId) : undefined;
  if (productId && (!offer || offer.merchantId !== store.merchantId)) return null;
  const ids = offer ? offer.storeIds : catalog.raw.stores.filter((other) => other.merchantId === store.merchantId).map((other) => other.id);
  const merchant = catalog.raw.merchants.find((item) => item.id === store.merchantId)!;
  return { merchantName: merchant.name[locale], list: catalog.storeViews(ids, locale, origin, near) };
}

/** A zone (an mCoin zone or a campaign) and its offers on sale; an ended zone keeps none on show. */
export function zonePage(catalog: CatalogQueries, id: number, locale: Locale, now: number, origin: string, near: LatLng | null) {
  const zone: CatalogZone | undefined = catalog.raw.zones.find((item) => item.id === id);
  if (!zone) return null;
  const endAt = catalog.at(zone.endAt);
  const listed = new Set(catalog.listedOffers(now).map((offer) => offer.id));
  return {
    zone: {
      id: zone.id,
      title: zone.title[locale],
      subtitle: zone.subtitle[locale],
      banner: `${origin}/static/zones/${zone.banner}`,
      rules: zone.rules.map((rule) => rule[locale]),
      startAt: catalog.at(zone.startAt),
      endAt,
      ended: endAt < now,
    },
    // An ended zone keeps no offers on show.
    offers: endAt < now ? [] : zone.offerIds.filter((offerId) => listed.has(offerId)).map((offerId) => catalog.offerView(catalog.offer(offerId)!, locale, now, origin, near)),
  };
}

/** The categories and districts search filters by. */
export function classify(catalog: CatalogQueries, locale: Locale) {
  return {
    categories: catalog.raw.categories.map((category) => ({ id: category.id, name: category.name[locale], color: category.color, icon: category.icon })),
    districts: catalog.raw.districts.map((district) => ({ id: district.id, name: district.name[locale] })),
  };
}

/** The ad banners. */
export function ads(catalog: CatalogQueries, locale: Locale, origin: string) {
  return catalog.raw.ads.map((ad) => ({
    id: ad.id,
    title: ad.title[locale],
    image: `${origin}/static/ads/${ad.image}`,
    type: ad.type,
    url: ad.url,
    ...(ad.appId ? { appId: ad.appId } : {}),
  }));
}

/** The popular searches. */
export function popular(catalog: CatalogQueries, locale: Locale): string[] {
  return catalog.raw.popularSearches.map((keyword: LocalizedText) => keyword[locale]);
}

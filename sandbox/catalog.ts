/**
 * The sandbox's catalog: reads fixtures/catalog.json and answers the catalog endpoints' questions
 * (lists, filters, sorts, distances, paging) in the caller's language. Dates in the fixtures are
 * relative to the moment the sandbox was seeded (its anchor), so "ends today" is true on the day it
 * starts; they are compared with the sandbox's clock, so moving the clock ends zones and offers.
 * An offer's stock, sold count, likes and status are its live numbers (sandbox/domain/offers.ts),
 * which buying changes; the catalog's own are only where they start.
 */
import type { z } from "zod";
import type { OfferSummary, StoreSummary, recommendList, searchProduct, searchShop } from "#core/api/catalog-endpoints";
import { distanceMeters, type LatLng } from "#core/geo/distance";
import { leastCashPrice } from "#core/money/purchase";
import type { Catalog, CatalogOffer, CatalogStore, CatalogZone, LocalizedText } from "./catalog-schema";
import { pricedOffer, type OfferLive } from "./domain/offers";

export type Locale = "zh" | "en";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const MACAU_OFFSET_MS = 8 * HOUR_MS;

/** A fixture's relative time (now, today, ±Nd, ±Nh) as epoch milliseconds. */
export function resolveTime(relative: string, now: number): number {
  if (relative === "now") return now;
  if (relative === "today") {
    // 23:59:59 in Macau today.
    const macauMidnight = Math.floor((now + MACAU_OFFSET_MS) / DAY_MS) * DAY_MS - MACAU_OFFSET_MS;
    return macauMidnight + DAY_MS - 1000;
  }
  const match = /^([+-])(\d+)([dh])$/.exec(relative);
  if (!match) throw new Error(`not a relative time: ${relative}`);
  const amount = Number(match[2]) * (match[3] === "d" ? DAY_MS : HOUR_MS);
  return match[1] === "+" ? now + amount : now - amount;
}

export interface Paging {
  page: number;
  size: number;
}

export function paginate<T>(items: T[], { page, size }: Paging) {
  const start = (page - 1) * size;
  return { list: items.slice(start, start + size), page, size, total: items.length, hasMore: start + size < items.length };
}

type RecommendQuery = z.output<(typeof recommendList)["request"]>;
type SearchQuery = z.output<(typeof searchProduct)["request"]>;
type ShopQuery = z.output<(typeof searchShop)["request"]>;

export class CatalogQueries {
  private readonly stores: Map<number, CatalogStore>;
  private readonly catalog: Catalog;
  private readonly anchor: () => number;
  private readonly liveOf: (offer: CatalogOffer) => OfferLive | undefined;

  /**
   * `anchor`: when the sandbox was seeded, which the fixtures' relative dates count from. `live`:
   * an offer's live numbers (the catalog's own when it has none).
   */
  constructor(catalog: Catalog, anchor: () => number, live: (offer: CatalogOffer) => OfferLive | undefined = () => undefined) {
    this.catalog = catalog;
    this.anchor = anchor;
    this.liveOf = live;
    this.stores = new Map(catalog.stores.map((store) => [store.id, store]));
  }

  /** A fixture's relative time as epoch milliseconds. */
  at(relative: string): number {
    return resolveTime(relative, this.anchor());
  }

  /** An offer's stock, sold count, likes and status now. */
  live(offer: CatalogOffer): OfferLive {
    return this.liveOf(offer) ?? { stock: offer.stock, sold: offer.sold, likes: offer.likes, status: offer.status };
  }

  get raw(): Catalog {
    return this.catalog;
  }

  offer(id: number): CatalogOffer | undefined {
    return this.catalog.offers.find((offer) => offer.id === id);
  }

  /** Online and not yet over (offers coming soon are listed, with their start date). */
  listedOffers(now: number): CatalogOffer[] {
    return this.catalog.offers.filter((offer) => this.live(offer).status === "online" && this.at(offer.endAt) >= now);
  }

  /**
   * An offer as lists show it, at one of its stores: the nearest of those `prefer` accepts (a
   * district searched, the store being viewed), else the nearest of all.
   */
  offerView(offer: CatalogOffer, locale: Locale, now: number, origin: string, near: LatLng | null, prefer?: (store: CatalogStore) => boolean): OfferSummary {
    const merchant = this.catalog.merchants.find((item) => item.id === offer.merchantId)!;
    const all = offer.storeIds.map((id) => this.stores.get(id)!);
    const preferred = prefer ? all.filter(prefer) : [];
    const stores = preferred.length > 0 ? preferred : all;
    const withDistance = stores.map((store) => ({ store, distance: near ? distanceMeters(near, { latitude: store.lat, longitude: store.lng }) : null }));
    if (near) withDistance.sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0));
    const nearest = withDistance[0];
    const { stock, sold, likes } = this.live(offer);
    return {
      id: offer.id,
      kind: offer.kind,
      title: offer.title[locale],
      subtitle: offer.subtitle[locale],
      image: `${origin}/static/offers/${offer.image}`,
      merchantId: merchant.id,
      merchantName: merchant.name[locale],
      storeId: nearest.store.id,
      storeName: `${merchant.name[locale]} ${nearest.store.branch[locale]}`,
      districtId: nearest.store.districtId,
      districtName: this.districtName(nearest.store.districtId, locale),
      categoryId: offer.categoryId,
      originalPrice: offer.originalPrice,
      price: offer.price,
      mcoinPrice: offer.mcoinPrice,
      mcoin: offer.mcoin,
      stock,
      sold,
      likes,
      startAt: this.at(offer.startAt),
      endAt: this.at(offer.endAt),
      ageRestricted: offer.ageRestricted,
      distance: nearest.distance === null ? null : Math.round(nearest.distance),
    };
  }

  /** A store by id, and its name as a till shows it ("merchant, branch"). */
  store(id: number): CatalogStore | undefined {
    return this.stores.get(id);
  }

  storeName(id: number, locale: Locale): string | null {
    const store = this.stores.get(id);
    const merchant = store && this.catalog.merchants.find((item) => item.id === store.merchantId);
    return store && merchant ? `${merchant.name[locale]} ${store.branch[locale]}` : null;
  }

  storeView(store: CatalogStore, locale: Locale, origin: string, near: LatLng | null): StoreSummary {
    const merchant = this.catalog.merchants.find((item) => item.id === store.merchantId)!;
    return {
      id: store.id,
      merchantId: merchant.id,
      name: merchant.name[locale],
      branch: store.branch[locale],
      logo: `${origin}/static/stores/${merchant.logo}`,
      districtId: store.districtId,
      districtName: this.districtName(store.districtId, locale),
      address: store.address[locale],
      phone: store.phone,
      hours: store.hours[locale],
      lat: store.lat,
      lng: store.lng,
      distance: near ? Math.round(distanceMeters(near, { latitude: store.lat, longitude: store.lng })) : null,
    };
  }

  /** Home's list by tab (spec: nearby, price, featured/sales volume, recommendations, latest). */
  recommend(query: RecommendQuery, locale: Locale, now: number, origin: string) {
    const near = nearFrom(query);
    // Ranges are half-open: [min, max).
    const inRange = (value: number, min?: number, max?: number) => (min === undefined || value >= min) && (max === undefined || value < max);
    const views = this.listedOffers(now)
      // On what a card shows (components/offer-card.tsx): the mCoin it asks for at most (a cash-only
      // offer asks for none) and the price in MOP beside its original price.
      .filter((offer) => inRange(leastCashPrice(pricedOffer(offer)).mcoin, query.mcoinMin, query.mcoinMax) && inRange(offer.price, query.priceMin, query.priceMax))
      .map((offer) => ({ offer, view: this.offerView(offer, locale, now, origin, near) }));
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
  curated(locale: Locale, now: number, origin: string, near: LatLng | null) {
    const listed = this.listedOffers(now);
    const rail = (pick: (offer: CatalogOffer) => boolean) =>
      listed
        .filter(pick)
        .sort((a, b) => b.popularity - a.popularity)
        .slice(0, 10)
        .map((offer) => this.offerView(offer, locale, now, origin, near));
    return { hot: rail((offer) => offer.hot), topPicks: rail((offer) => offer.topPick), editorsChoice: rail((offer) => offer.editorsChoice) };
  }

  private matches(offer: CatalogOffer, keyword: string): boolean {
    const merchant = this.catalog.merchants.find((item) => item.id === offer.merchantId)!;
    const category = this.catalog.categories.find((item) => item.id === offer.categoryId)!;
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
  searchOffers(query: SearchQuery, locale: Locale, now: number, origin: string) {
    const near = nearFrom(query);
    const found = this.listedOffers(now).filter(
      (offer) =>
        (!query.keyword || this.matches(offer, query.keyword)) &&
        (query.categoryId === undefined || offer.categoryId === query.categoryId) &&
        (!query.districtId || offer.storeIds.some((id) => this.stores.get(id)?.districtId === query.districtId)),
    );
    // In a district search, each offer shows its store in that district.
    const inDistrict = query.districtId ? (store: CatalogStore) => store.districtId === query.districtId : undefined;
    const views = found.map((offer) => ({ offer, view: this.offerView(offer, locale, now, origin, near, inDistrict) }));
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
  searchStores(query: ShopQuery, locale: Locale, origin: string) {
    const near = nearFrom(query);
    const words = (query.keyword ?? "").toLowerCase().split(/\s+/).filter(Boolean);
    const found = this.catalog.stores.filter((store) => {
      const merchant = this.catalog.merchants.find((item) => item.id === store.merchantId)!;
      const category = this.catalog.categories.find((item) => item.id === merchant.categoryId)!;
      const haystack = [merchant.name.zh, merchant.name.en, store.branch.zh, store.branch.en, store.address.zh, store.address.en, category.name.zh, category.name.en].join("\n").toLowerCase();
      return (
        words.every((word) => haystack.includes(word)) && (query.categoryId === undefined || merchant.categoryId === query.categoryId) && (!query.districtId || store.districtId === query.districtId)
      );
    });
    const views = found.map((store) => this.storeView(store, locale, origin, near));
    if (near) views.sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0) || a.id - b.id);
    return paginate(views, query);
  }

  storeDetail(id: number, locale: Locale, now: number, origin: string, near: LatLng | null) {
    const store = this.stores.get(id);
    if (!store) return null;
    const merchant = this.catalog.merchants.find((item) => item.id === store.merchantId)!;
    const category = this.catalog.categories.find((item) => item.id === merchant.categoryId)!;
    return {
      store: {
        ...this.storeView(store, locale, origin, near),
        intro: merchant.intro[locale],
        categoryId: category.id,
        categoryName: category.name[locale],
        facilities: store.facilities,
      },
      offers: this.listedOffers(now)
        .filter((offer) => offer.storeIds.includes(store.id))
        .sort((a, b) => b.popularity - a.popularity)
        .map((offer) => this.offerView(offer, locale, now, origin, near, (candidate) => candidate.id === store.id)),
      branches: this.catalog.stores
        .filter((other) => other.merchantId === store.merchantId && other.id !== store.id)
        .map((other) => this.storeView(other, locale, origin, near))
        .sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0)),
    };
  }

  /** The stores where an offer can be used, or (without one) all branches of the store's merchant. */
  branches(storeId: number, productId: number, locale: Locale, origin: string, near: LatLng | null) {
    const store = this.stores.get(storeId);
    if (!store) return null;
    const offer = productId ? this.offer(productId) : undefined;
    if (productId && (!offer || offer.merchantId !== store.merchantId)) return null;
    const ids = offer ? offer.storeIds : this.catalog.stores.filter((other) => other.merchantId === store.merchantId).map((other) => other.id);
    const merchant = this.catalog.merchants.find((item) => item.id === store.merchantId)!;
    return { merchantName: merchant.name[locale], list: this.storeViews(ids, locale, origin, near) };
  }

  /** The stores where an offer can be used, nearest first when a location is known. */
  offerStores(offer: CatalogOffer, locale: Locale, origin: string, near: LatLng | null): StoreSummary[] {
    return this.storeViews(offer.storeIds, locale, origin, near);
  }

  private storeViews(ids: number[], locale: Locale, origin: string, near: LatLng | null): StoreSummary[] {
    const list = ids.map((id) => this.storeView(this.stores.get(id)!, locale, origin, near));
    if (near) list.sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0));
    return list;
  }

  zone(id: number, locale: Locale, now: number, origin: string, near: LatLng | null) {
    const zone: CatalogZone | undefined = this.catalog.zones.find((item) => item.id === id);
    if (!zone) return null;
    const endAt = this.at(zone.endAt);
    const listed = new Set(this.listedOffers(now).map((offer) => offer.id));
    return {
      zone: {
        id: zone.id,
        title: zone.title[locale],
        subtitle: zone.subtitle[locale],
        banner: `${origin}/static/zones/${zone.banner}`,
        rules: zone.rules.map((rule) => rule[locale]),
        startAt: this.at(zone.startAt),
        endAt,
        ended: endAt < now,
      },
      // An ended zone keeps no offers on show.
      offers: endAt < now ? [] : zone.offerIds.filter((offerId) => listed.has(offerId)).map((offerId) => this.offerView(this.offer(offerId)!, locale, now, origin, near)),
    };
  }

  classify(locale: Locale) {
    return {
      categories: this.catalog.categories.map((category) => ({ id: category.id, name: category.name[locale], color: category.color, icon: category.icon })),
      districts: this.catalog.districts.map((district) => ({ id: district.id, name: district.name[locale] })),
    };
  }

  ads(locale: Locale, origin: string) {
    return this.catalog.ads.map((ad) => ({
      id: ad.id,
      title: ad.title[locale],
      image: `${origin}/static/ads/${ad.image}`,
      type: ad.type,
      url: ad.url,
      ...(ad.appId ? { appId: ad.appId } : {}),
    }));
  }

  popular(locale: Locale): string[] {
    return this.catalog.popularSearches.map((keyword: LocalizedText) => keyword[locale]);
  }

  private districtName(id: string, locale: Locale): string {
    return this.catalog.districts.find((district) => district.id === id)?.name[locale] ?? id;
  }
}

/** The member's location from a request's lat and lng, when it has both. */
export function nearFrom(query: { lat?: number; lng?: number }): LatLng | null {
  return query.lat === undefined || query.lng === undefined ? null : { latitude: query.lat, longitude: query.lng };
}

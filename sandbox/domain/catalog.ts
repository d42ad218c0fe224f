/**
 * The sandbox's catalog: fixtures/catalog.json's offers and stores, as lists and pages show them, in
 * the caller's language and with distances (catalog-lists.ts and catalog-pages.ts answer the catalog
 * endpoints' questions over it). Dates in the fixtures are
 * relative to the moment the sandbox was seeded (its anchor), so "ends today" is true on the day it
 * starts; they are compared with the sandbox's clock, so moving the clock ends zones and offers.
 * An offer's stock, sold count, likes and status are its live numbers (sandbox/domain/offers.ts),
 * which buying changes; the catalog's own are only where they start.
 */
import type { OfferSummary, StoreSummary } from "#core/api/catalog-endpoints";
import { distanceMeters, type LatLng } from "#core/geo/distance";
import type { Catalog, CatalogOffer, CatalogStore } from "../catalog-schema";
import type { OfferLive } from "./offers";

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

  /** The stores where an offer can be used, nearest first when a location is known. */
  offerStores(offer: CatalogOffer, locale: Locale, origin: string, near: LatLng | null): StoreSummary[] {
    return this.storeViews(offer.storeIds, locale, origin, near);
  }

  /** Stores by id, nearest first when a location is known. */
  storeViews(ids: number[], locale: Locale, origin: string, near: LatLng | null): StoreSummary[] {
    const list = ids.map((id) => this.storeView(this.stores.get(id)!, locale, origin, near));
    if (near) list.sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0));
    return list;
  }

  private districtName(id: string, locale: Locale): string {
    return this.catalog.districts.find((district) => district.id === id)?.name[locale] ?? id;
  }
}

/** The member's location from a request's lat and lng, when it has both. */
export function nearFrom(query: { lat?: number; lng?: number }): LatLng | null {
  return query.lat === undefined || query.lng === undefined ? null : { latitude: query.lat, longitude: query.lng };
}

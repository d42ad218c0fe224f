/**
 * The catalog's endpoints: home's lists and rails, search (offers, stores, popular and recent
 * searches), categories and districts, stores and their branches, mCoin zones and ads. Answers that
 * are the same for every member may be cached for a minute.
 */
import type { HttpHandler } from "msw";
import {
  adverts,
  branchList,
  classifyList,
  clearSearchHistory,
  mcoinRecommend,
  popularSearches,
  recommendList,
  recordSearch,
  searchHistory,
  searchProduct,
  searchShop,
  storeInformation,
  zoneDetail,
} from "#core/api/catalog-endpoints";
import { nearFrom as near, type CatalogQueries } from "../catalog";
import type { Clock } from "../domain/clock";
import type { Searches } from "../domain/searches";
import { notFound, origin, type Serve } from "../respond";

export const CATALOG_CACHE_CONTROL = "public, max-age=60";
const cached = { cacheControl: CATALOG_CACHE_CONTROL };

export function catalogHandlers({ serve, catalog, searches, clock }: { serve: Serve; catalog: CatalogQueries; searches: Searches; clock: Clock }): HttpHandler[] {
  return [
    serve(recommendList, ({ input, locale, request }) => catalog.recommend(input, locale, clock.now(), origin(request)), cached),

    serve(mcoinRecommend, ({ input, locale, request }) => catalog.curated(locale, clock.now(), origin(request), near(input)), cached),

    // A search only reads: a link must not plant keywords in a member's history (recordSearch does that).
    serve(searchProduct, ({ input, locale, request }) => catalog.searchOffers(input, locale, clock.now(), origin(request))),

    serve(searchShop, ({ input, locale, request }) => catalog.searchStores(input, locale, origin(request)), cached),

    serve(popularSearches, ({ locale }) => ({ keywords: catalog.popular(locale) }), cached),

    serve(searchHistory, ({ member }) => ({ keywords: searches.of(member.openId) })),

    serve(recordSearch, ({ member, input }) => {
      searches.remember(member.openId, input.keyword);
      return null;
    }),

    serve(clearSearchHistory, ({ member }) => {
      searches.clear(member.openId);
      return null;
    }),

    serve(classifyList, ({ locale }) => catalog.classify(locale), cached),

    serve(storeInformation, ({ input, locale, request }) => catalog.storeDetail(input.id, locale, clock.now(), origin(request), near(input)) ?? notFound(`store ${input.id}`), cached),

    serve(branchList, ({ input, locale, request }) => catalog.branches(input.storeId, input.productId, locale, origin(request), near(input)) ?? notFound(`store ${input.storeId}`), cached),

    serve(zoneDetail, ({ input, locale, request }) => catalog.zone(input.id, locale, clock.now(), origin(request), near(input)) ?? notFound(`zone ${input.id}`), cached),

    serve(adverts, ({ locale, request }) => ({ list: catalog.ads(locale, origin(request)) }), cached),
  ];
}

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
import { nearFrom as near, type CatalogQueries } from "../domain/catalog";
import { curated, recommend, searchOffers, searchStores } from "../domain/catalog-lists";
import { ads, branches, classify, popular, storeDetail, zonePage } from "../domain/catalog-pages";
import type { Clock } from "../domain/clock";
import type { Searches } from "../domain/searches";
import { notFound, origin, type Serve } from "../respond";

export const CATALOG_CACHE_CONTROL = "public, max-age=60";
const cached = { cacheControl: CATALOG_CACHE_CONTROL };

export function catalogHandlers({ serve, catalog, searches, clock }: { serve: Serve; catalog: CatalogQueries; searches: Searches; clock: Clock }): HttpHandler[] {
  return [
    serve(recommendList, ({ input, locale, request }) => recommend(catalog, input, locale, clock.now(), origin(request)), cached),

    serve(mcoinRecommend, ({ input, locale, request }) => curated(catalog, locale, clock.now(), origin(request), near(input)), cached),

    // A search only reads: a link must not plant keywords in a member's history (recordSearch does that).
    serve(searchProduct, ({ input, locale, request }) => searchOffers(catalog, input, locale, clock.now(), origin(request))),

    serve(searchShop, ({ input, locale, request }) => searchStores(catalog, input, locale, origin(request)), cached),

    serve(popularSearches, ({ locale }) => ({ keywords: popular(catalog, locale) }), cached),

    serve(searchHistory, ({ member }) => ({ keywords: searches.of(member.openId) })),

    serve(recordSearch, ({ member, input }) => {
      searches.remember(member.openId, input.keyword);
      return null;
    }),

    serve(clearSearchHistory, ({ member }) => {
      searches.clear(member.openId);
      return null;
    }),

    serve(classifyList, ({ locale }) => classify(catalog, locale), cached),

    serve(storeInformation, ({ input, locale, request }) => storeDetail(catalog, input.id, locale, clock.now(), origin(request), near(input)) ?? notFound(`store ${input.id}`), cached),

    serve(branchList, ({ input, locale, request }) => branches(catalog, input.storeId, input.productId, locale, origin(request), near(input)) ?? notFound(`store ${input.storeId}`), cached),

    serve(zoneDetail, ({ input, locale, request }) => zonePage(catalog, input.id, locale, clock.now(), origin(request), near(input)) ?? notFound(`zone ${input.id}`), cached),

    serve(adverts, ({ locale, request }) => ({ list: ads(catalog, locale, origin(request)) }), cached),
  ];
}

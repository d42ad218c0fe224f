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
import { nearFrom as near } from "../catalog";
import { notFound, origin, serve } from "../respond";
import type { SandboxState } from "../state";

export const CATALOG_CACHE_CONTROL = "public, max-age=60";
const cached = { cacheControl: CATALOG_CACHE_CONTROL };

export function catalogHandlers(state: SandboxState): HttpHandler[] {
  const { catalog } = state;
  return [
    serve(state, recommendList, ({ input, locale, request }) => catalog.recommend(input, locale, state.now(), origin(request)), cached),

    serve(state, mcoinRecommend, ({ input, locale, request }) => catalog.curated(locale, state.now(), origin(request), near(input)), cached),

    // A search only reads: a link must not plant keywords in a member's history (recordSearch does that).
    serve(state, searchProduct, ({ input, locale, request }) => catalog.searchOffers(input, locale, state.now(), origin(request))),

    serve(state, searchShop, ({ input, locale, request }) => catalog.searchStores(input, locale, origin(request)), cached),

    serve(state, popularSearches, ({ locale }) => ({ keywords: catalog.popular(locale) }), cached),

    serve(state, searchHistory, ({ member }) => ({ keywords: state.searches(member.openId) })),

    serve(state, recordSearch, ({ member, input }) => {
      state.rememberSearch(member.openId, input.keyword);
      return null;
    }),

    serve(state, clearSearchHistory, ({ member }) => {
      state.clearSearches(member.openId);
      return null;
    }),

    serve(state, classifyList, ({ locale }) => catalog.classify(locale), cached),

    serve(state, storeInformation, ({ input, locale, request }) => catalog.storeDetail(input.id, locale, state.now(), origin(request), near(input)) ?? notFound(`store ${input.id}`), cached),

    serve(state, branchList, ({ input, locale, request }) => catalog.branches(input.storeId, input.productId, locale, origin(request), near(input)) ?? notFound(`store ${input.storeId}`), cached),

    serve(state, zoneDetail, ({ input, locale, request }) => catalog.zone(input.id, locale, state.now(), origin(request), near(input)) ?? notFound(`zone ${input.id}`), cached),

    serve(state, adverts, ({ locale, request }) => ({ list: catalog.ads(locale, origin(request)) }), cached),
  ];
}

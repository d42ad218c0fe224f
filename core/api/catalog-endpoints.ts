/**
 * The catalog's endpoints: home's lists, search, stores, zones and ads. The spec shows only their URL
 * fragments (section 7); the paths reuse them. Texts come back in the caller's Accept-Language;
 * times are epoch milliseconds; distances are metres from the lat/lng sent, or null without one.
 */
import { z } from "zod";
import { personalField } from "./personal";
import { HOME_TABS, SEARCH_SORTS, type HomeTab, type SearchSort } from "./vocabulary";
import { defineEndpoint } from "./define";

const Int = z.coerce.number().int();
const Page = Int.min(1).max(1000).default(1);
const Size = Int.min(1).max(50).default(10);
/** Where the member is (their phone's location): personal (./personal.ts). */
const Lat = personalField(z.coerce.number().min(-90).max(90), "latitude").optional();
const Lng = personalField(z.coerce.number().min(-180).max(180), "longitude").optional();
const Money = z.coerce.number().min(0).max(1_000_000).optional();
/**
 * A search keyword: what a member can type in the search box, trimmed, at most 60 characters. A
 * control character (NUL, a line break inside, DEL, C1) cannot be typed there; it would only be
 * kept in the member's recent searches and shown back to them.
 */
export const KeywordSchema = z
  .string()
  .trim()
  .max(60)
  .regex(/^\P{Cc}*$/u, "a keyword has no control characters");

export { HOME_TABS, SEARCH_SORTS, type HomeTab, type SearchSort };

/** How an offer may be paid with mCoin (core/money/purchase.ts, McoinRules). */
export const McoinRulesSchema = z.object({
  step: z.number().int().positive(),
  minPerPiece: z.number().int().nonnegative(),
  maxPerPiece: z.number().int().nonnegative(),
});

export const OfferSummarySchema = z.object({
  id: z.number(),
  kind: z.enum(["coupon", "voucher", "goods"]),
  title: z.string(),
  subtitle: z.string(),
  image: z.string(),
  merchantId: z.number(),
  merchantName: z.string(),
  /** The nearest store where it can be used (the first one without a location). */
  storeId: z.number(),
  storeName: z.string(),
  districtId: z.string(),
  districtName: z.string(),
  categoryId: z.number(),
  originalPrice: z.number(),
  price: z.number(),
  mcoinPrice: z.number(),
  /** How mCoin may pay for it: what a card shows the member pays (core/money/purchase.ts, leastCashPrice). */
  mcoin: McoinRulesSchema,
  stock: z.number(),
  sold: z.number(),
  likes: z.number(),
  startAt: z.number(),
  endAt: z.number(),
  ageRestricted: z.boolean(),
  distance: z.number().nullable(),
});
export type OfferSummary = z.infer<typeof OfferSummarySchema>;

const PagedOffers = z.object({
  list: z.array(OfferSummarySchema),
  page: z.number(),
  size: z.number(),
  total: z.number(),
  hasMore: z.boolean(),
});
export type OfferPage = z.infer<typeof PagedOffers>;

export const StoreSummarySchema = z.object({
  id: z.number(),
  merchantId: z.number(),
  name: z.string(),
  branch: z.string(),
  logo: z.string(),
  districtId: z.string(),
  districtName: z.string(),
  address: z.string(),
  phone: z.string(),
  hours: z.string(),
  lat: z.number(),
  lng: z.number(),
  distance: z.number().nullable(),
});
export type StoreSummary = z.infer<typeof StoreSummarySchema>;

export const FacilitiesSchema = z.object({
  wifi: z.boolean(),
  parking: z.boolean(),
  convenienceStore: z.boolean(),
  oilChange: z.boolean(),
});

const Near = { lat: Lat, lng: Lng };

/** Home's list, by tab, with the mCoin and price range filters. */
export const recommendList = defineEndpoint({
  name: "recommendList",
  method: "GET",
  read: true,
  path: "/api/business/recommend",
  auth: false,
  request: z.object({
    tab: z.enum(HOME_TABS).default("nearby"),
    order: z.enum(["asc", "desc"]).default("asc"),
    page: Page,
    size: Size,
    ...Near,
    mcoinMin: Money,
    mcoinMax: Money,
    priceMin: Money,
    priceMax: Money,
  }),
  data: PagedOffers,
});

/** Home's curated rails: hot offers, top picks and editors' choice. */
export const mcoinRecommend = defineEndpoint({
  name: "mcoinRecommend",
  method: "GET",
  read: true,
  path: "/mcoinrecommend",
  auth: false,
  request: z.object({ ...Near }),
  data: z.object({
    hot: z.array(OfferSummarySchema),
    topPicks: z.array(OfferSummarySchema),
    editorsChoice: z.array(OfferSummarySchema),
  }),
});

/** Offers by keyword, category and business district. It only reads: recordSearch adds to the history. */
export const searchProduct = defineEndpoint({
  name: "searchProduct",
  method: "GET",
  read: true,
  path: "/api/business/searchproduct",
  auth: false,
  request: z.object({
    keyword: KeywordSchema.optional(),
    categoryId: Int.positive().optional(),
    districtId: z
      .string()
      .regex(/^[a-z0-9-]{1,40}$/)
      .optional(),
    sort: z.enum(SEARCH_SORTS).default("popularity"),
    page: Page,
    size: Size,
    ...Near,
  }),
  data: PagedOffers,
});

/** Stores by keyword, category and business district. */
export const searchShop = defineEndpoint({
  name: "searchShop",
  method: "GET",
  read: true,
  path: "/api/business/searchshop",
  auth: false,
  request: z.object({
    keyword: KeywordSchema.optional(),
    categoryId: Int.positive().optional(),
    districtId: z
      .string()
      .regex(/^[a-z0-9-]{1,40}$/)
      .optional(),
    page: Page,
    size: Size,
    ...Near,
  }),
  data: z.object({ list: z.array(StoreSummarySchema), page: z.number(), size: z.number(), total: z.number(), hasMore: z.boolean() }),
});

export const popularSearches = defineEndpoint({
  name: "popularSearches",
  method: "GET",
  read: true,
  path: "/popularsearches",
  auth: false,
  request: z.object({}),
  data: z.object({ keywords: z.array(z.string()) }),
});

/** The member's recent searches, newest first. */
export const searchHistory = defineEndpoint({
  name: "searchHistory",
  method: "GET",
  read: true,
  path: "/api/auth/searchhistory",
  auth: true,
  request: z.object({}),
  data: z.object({ keywords: z.array(z.string()) }),
});

/** Adds a keyword the member searched for to their recent searches (the search form's action sends it). */
export const recordSearch = defineEndpoint({
  name: "recordSearch",
  method: "POST",
  read: false,
  path: "/api/auth/searchhistory",
  auth: true,
  request: z.object({ keyword: KeywordSchema.min(1) }),
  data: z.null(),
});

export const clearSearchHistory = defineEndpoint({
  name: "clearSearchHistory",
  method: "DELETE",
  read: false,
  path: "/api/auth/searchhistory",
  auth: true,
  request: z.object({}),
  data: z.unknown(),
});

/** Categories and business districts, for the category list and the filters. */
export const classifyList = defineEndpoint({
  name: "classifyList",
  method: "GET",
  read: true,
  path: "/api/business/classifylist",
  auth: false,
  request: z.object({}),
  data: z.object({
    categories: z.array(z.object({ id: z.number(), name: z.string(), color: z.string(), icon: z.string() })),
    districts: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
});

/** A store: merchant information, facilities, its offers and its other branches. */
export const storeInformation = defineEndpoint({
  name: "storeInformation",
  method: "GET",
  read: true,
  path: "/api/business/information",
  auth: false,
  request: z.object({ id: Int.positive(), ...Near }),
  data: z.object({
    store: StoreSummarySchema.extend({
      intro: z.string(),
      categoryId: z.number(),
      categoryName: z.string(),
      facilities: FacilitiesSchema,
    }),
    offers: z.array(OfferSummarySchema),
    branches: z.array(StoreSummarySchema),
  }),
});

/** Stores where an offer can be used, or a merchant's branches. */
export const branchList = defineEndpoint({
  name: "branchList",
  method: "GET",
  read: true,
  path: "/api/business/branches",
  auth: false,
  request: z.object({ storeId: Int.positive(), productId: Int.min(0).default(0), ...Near }),
  data: z.object({ merchantName: z.string(), list: z.array(StoreSummarySchema) }),
});

/** An mCoin zone: its rules and offers; `ended` once it is over. */
export const zoneDetail = defineEndpoint({
  name: "zoneDetail",
  method: "GET",
  read: true,
  path: "/api/business/mcoinzone",
  auth: false,
  request: z.object({ id: Int.positive(), ...Near }),
  data: z.object({
    zone: z.object({
      id: z.number(),
      title: z.string(),
      subtitle: z.string(),
      banner: z.string(),
      rules: z.array(z.string()),
      startAt: z.number(),
      endAt: z.number(),
      ended: z.boolean(),
    }),
    offers: z.array(OfferSummarySchema),
  }),
});

export const AdSchema = z.object({
  id: z.number(),
  title: z.string(),
  image: z.string(),
  type: z.number().int().min(1).max(5),
  url: z.string(),
  appId: z.string().optional(),
});
export type Ad = z.infer<typeof AdSchema>;

export const adverts = defineEndpoint({
  name: "adverts",
  method: "GET",
  read: true,
  path: "/api/business/adverts",
  auth: false,
  request: z.object({ position: z.enum(["home"]).default("home") }),
  data: z.object({ list: z.array(AdSchema) }),
});

export const CATALOG_ENDPOINTS = {
  recommendList,
  mcoinRecommend,
  searchProduct,
  searchShop,
  popularSearches,
  searchHistory,
  recordSearch,
  clearSearchHistory,
  classifyList,
  storeInformation,
  branchList,
  zoneDetail,
  adverts,
} as const;

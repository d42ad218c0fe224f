// The route table of the spec (section 2), declared once: each route's name (also its Remix route
// id), path and module, and what the page must know of a screen before its module has loaded (its
// title, its skeleton, whether the loading overlay counts its requests). remix.config.js registers
// these routes; what else a screen is (its analytics tag, its rules) is the `handle` of its module
// (app/screen-handle.ts). The spec's legacy URLs are why the routes are declared here rather than
// found from file names. Plain JavaScript because remix.config.js imports it before any TypeScript
// tooling runs.

/**
 * @typedef {object} Counted
 * Which requests to a route the loading overlay counts (spec section 4): those whose gateway calls
 * are not all exempt (section 7's URL fragments). app/routes/declared-calls.test.ts holds each route
 * to what its loader and action call.
 * @property {true | { param: string, values: string[] }} [loader]  The loader's requests count (`true`),
 *                          or those whose search parameter `param` is one of `values`; else none do.
 * @property {string[]} [intents]  The action's intents whose requests count (`""`: an action without
 *                          intents); the others do not.
 */

/**
 * @typedef {object} ScreenRoute
 * @property {string} name  Route name of the spec; also the Remix route id.
 * @property {string} path  Remix path pattern. Spec paths with two parameters in one segment
 *                          (`{id}-{title}`) take the whole segment and split it in the loader.
 * @property {string} file  Route module, relative to app/. A screen the spec reaches by two names
 *                          has a module per name, the second re-exporting the first with its own
 *                          handle.
 * @property {string} [title]  Locale key of the header's title. Only the spec's seven titled screens
 *                          have one, and only they show the header with a back arrow.
 * @property {"hero" | "float"} [header]  The header's variant on a screen without a title
 *                          (app/components/screen-header.tsx): the screen's own heading band with its
 *                          back (`hero`), or a round back over its picture (`float`). A screen with
 *                          neither has no back of its own (home, search's and a listing's bar,
 *                          the status screens).
 * @property {import("./components/screen-skeletons").SkeletonKind} [skeleton]  What the screen shows from
 *                          the moment the member leaves for it until its data arrives.
 * @property {"hidden"} [overlay]  The loading overlay is never shown on this screen (spec section 2:
 *                          "hidden on home").
 * @property {true} [quiet]  The root's loader never calls the gateway on this page: it must render
 *                          even when the gateway is down.
 * @property {Counted} [counted]
 */

/** @type {ScreenRoute[]} */
export const SCREEN_ROUTES = [
  { name: "index", path: "/index", file: "routes/index.tsx", skeleton: "home", overlay: "hidden", counted: { loader: true } },
  { name: "search", path: "/search", file: "routes/search.tsx", skeleton: "keywords", counted: { loader: true, intents: ["search", "clear-history"] } },
  { name: "checkIn", path: "/checkIn", file: "routes/check-in.tsx", header: "hero", skeleton: "detail", counted: { loader: true, intents: ["check-in"] } },
  { name: "classify", path: "/classify/:title", file: "routes/classify.tsx", skeleton: "list", counted: { loader: true } },
  { name: "classifys", path: "/classifys/:idTitle", file: "routes/classifys.tsx", skeleton: "list", counted: { loader: true } },
  { name: "flashSale", path: "/flashSale", file: "routes/flash-sale.tsx", title: "title.flashSale", skeleton: "promo", counted: { loader: true } },
  { name: "mycoupon", path: "/mycoupon", file: "routes/my-coupons.tsx", title: "title.myCoupons", skeleton: "list", counted: { loader: { param: "view", values: ["refunds"] } } },
  { name: "newMyCoupon", path: "/newMyCoupon", file: "routes/new-my-coupon.tsx", title: "title.myRedemptions", skeleton: "list" },
  { name: "myOrder", path: "/myOrder", file: "routes/my-orders.tsx", title: "title.myOrders", skeleton: "list" },
  { name: "mycoupons", path: "/mycoupons/:token", file: "routes/mycoupons.ts" },
  { name: "couponDetails", path: "/coupon_details/:id", file: "routes/coupon-details.tsx", header: "float", skeleton: "offer", counted: { loader: true, intents: ["like"] } },
  { name: "couponDetailsLink", path: "/coupon_details_link/:id", file: "routes/coupon-details-link.tsx", header: "float", skeleton: "offer", counted: { loader: true, intents: ["like"] } },
  { name: "asiaMilesDetails", path: "/asiaMiles_details/:id", file: "routes/asia-miles.tsx", header: "float", skeleton: "detail", counted: { loader: true, intents: ["redeem"] } },
  { name: "asiaMilesOrderDetails", path: "/asiaMiles_order/:id", file: "routes/asia-miles-order.tsx", header: "hero", skeleton: "detail", counted: { loader: true } },
  { name: "otherStores", path: "/other_stores/:spec", file: "routes/other-stores.tsx", header: "hero", skeleton: "list", counted: { loader: true } },
  { name: "storeDetails", path: "/store_details/:id", file: "routes/store-details.tsx", header: "hero", skeleton: "detail" },
  { name: "storeDetailsLink", path: "/store_details_link/:id", file: "routes/store-details-link.tsx", header: "hero", skeleton: "detail" },
  { name: "mCoinIntegral", path: "/mcoin_integral", file: "routes/mcoin-integral.tsx", header: "hero", skeleton: "list", counted: { loader: true } },
  { name: "orderDetails", path: "/order_details/:id", file: "routes/order-details.tsx", header: "hero", skeleton: "detail", counted: { loader: true } },
  { name: "otherOrderDetails", path: "/other_order_details/:id", file: "routes/other-order-details.tsx", header: "hero", skeleton: "detail", counted: { loader: true } },
  { name: "refundApplication", path: "/refund_application/:id", file: "routes/refund-application.tsx", title: "title.refundApplication", skeleton: "detail", counted: { intents: ["refund"] } },
  { name: "error", path: "/error", file: "routes/error.tsx", quiet: true },
  { name: "loding", path: "/loding", file: "routes/loding.tsx", quiet: true },
  { name: "shareCoupon", path: "/share_coupon/:id", file: "routes/share-coupon.tsx", header: "float", skeleton: "offer", counted: { loader: true, intents: ["like"] } },
  { name: "mCoinZone", path: "/mCoin_zone/:id", file: "routes/mcoin-zone.tsx", header: "float", skeleton: "detail", counted: { loader: true } },
  { name: "shareZone", path: "/share_zone/:id", file: "routes/share-zone.tsx", header: "float", skeleton: "detail", counted: { loader: true } },
  { name: "seckill", path: "/seckill/:id?", file: "routes/seckill.tsx", header: "hero", skeleton: "promo" },
  { name: "seckillShare", path: "/seckill_share", file: "routes/seckill-share.tsx", header: "hero", skeleton: "promo" },
  { name: "myFavorites", path: "/myFavorites", file: "routes/my-favorites.tsx", title: "title.myFavorites", skeleton: "favourites" },
  { name: "myAddress", path: "/myAddress", file: "routes/my-address.tsx", header: "hero", skeleton: "list", counted: { loader: true, intents: ["delete", "default"] } },
  { name: "editAddress", path: "/editAddress/:id?", file: "routes/edit-address.tsx", header: "hero", skeleton: "detail", counted: { loader: true, intents: ["save"] } },
  { name: "map", path: "/map", file: "routes/choose-region.tsx", title: "title.chooseRegion" },
];

/**
 * Routes that are not screens: the bare origin (sent on to home) and resource routes that
 * answer the screens' fetchers. They live under /resources so they never shadow a screen.
 * @type {(ScreenRoute & { index?: true })[]}
 */
export const OTHER_ROUTES = [
  { name: "start", path: "/", file: "routes/start.ts", index: true },
  { name: "resourceAgreement", path: "/resources/agreement", file: "routes/resources.agreement.ts", counted: { intents: ["agree", "refuse"] } },
  { name: "resourceSession", path: "/resources/session", file: "routes/resources.session.ts", counted: { intents: ["return"] } },
  { name: "resourceSearchHistory", path: "/resources/search-history", file: "routes/resources.search-history.ts", counted: { intents: ["record"] } },
  { name: "resourceTask", path: "/resources/task", file: "routes/resources.task.ts" },
  { name: "resourceOffers", path: "/resources/offers", file: "routes/resources.offers.ts" },
  { name: "resourceAhead", path: "/resources/ahead", file: "routes/resources.ahead.ts" },
  { name: "resourceOrder", path: "/resources/order", file: "routes/resources.order.ts", counted: { intents: ["receive", "delete", "refund"] } },
  { name: "resourceRefundPhoto", path: "/resources/refund-photo", file: "routes/resources.refund-photo.ts" },
  { name: "resourceOrderStatus", path: "/resources/order-status", file: "routes/resources.order-status.ts" },
  { name: "resourceWallet", path: "/resources/wallet", file: "routes/resources.wallet.ts", counted: { loader: { param: "list", values: ["refunds", "ledger"] } } },
  { name: "resourceTime", path: "/resources/time", file: "routes/resources.time.ts" },
  { name: "resourceErrors", path: "/resources/errors", file: "routes/resources.errors.ts" },
  { name: "resourcePicture", path: "/resources/picture", file: "routes/resources.picture.ts" },
  // The benchmarks' baseline (npm run bench): a page of the same build with one heading and no
  // gateway call, so a screen's figures can be read against what the frame alone costs.
  { name: "bare", path: "/__bare", file: "routes/bare.tsx", quiet: true },
];

/** Any other path: the not-found screen with HTTP 404. @type {ScreenRoute} */
export const NOT_FOUND_ROUTE = { name: "notFound", path: "*", file: "routes/not-found.tsx" };

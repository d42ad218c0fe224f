// The route table of the spec (section 2), declared once: each route's name (also its Remix route
// id), path and module. remix.config.js registers these routes; what a screen is (its title, its
// analytics tag, its rules) is the `handle` of its module (app/screen-handle.ts). The spec's legacy
// URLs are why the routes are declared here rather than found from file names. Plain JavaScript
// because remix.config.js imports it before any TypeScript tooling runs.

/**
 * @typedef {object} ScreenRoute
 * @property {string} name  Route name of the spec; also the Remix route id.
 * @property {string} path  Remix path pattern. Spec paths with two parameters in one segment
 *                          (`{id}-{title}`) take the whole segment and split it in the loader.
 * @property {string} file  Route module, relative to app/. A screen the spec reaches by two names
 *                          has a module per name, the second re-exporting the first with its own
 *                          handle.
 */

/** @type {ScreenRoute[]} */
export const SCREEN_ROUTES = [
  { name: "index", path: "/index", file: "routes/index.tsx" },
  { name: "search", path: "/search", file: "routes/search.tsx" },
  { name: "checkIn", path: "/checkIn", file: "routes/check-in.tsx" },
  { name: "classify", path: "/classify/:title", file: "routes/classify.tsx" },
  { name: "classifys", path: "/classifys/:idTitle", file: "routes/classifys.tsx" },
  { name: "flashSale", path: "/flashSale", file: "routes/flash-sale.tsx" },
  { name: "mycoupon", path: "/mycoupon", file: "routes/my-coupons.tsx" },
  { name: "newMyCoupon", path: "/newMyCoupon", file: "routes/new-my-coupon.tsx" },
  { name: "myOrder", path: "/myOrder", file: "routes/my-orders.tsx" },
  { name: "mycoupons", path: "/mycoupons/:token", file: "routes/mycoupons.ts" },
  { name: "couponDetails", path: "/coupon_details/:id", file: "routes/coupon-details.tsx" },
  { name: "couponDetailsLink", path: "/coupon_details_link/:id", file: "routes/coupon-details-link.tsx" },
  { name: "asiaMilesDetails", path: "/asiaMiles_details/:id", file: "routes/asia-miles.tsx" },
  { name: "asiaMilesOrderDetails", path: "/asiaMiles_order/:id", file: "routes/asia-miles-order.tsx" },
  { name: "otherStores", path: "/other_stores/:spec", file: "routes/other-stores.tsx" },
  { name: "storeDetails", path: "/store_details/:id", file: "routes/store-details.tsx" },
  { name: "storeDetailsLink", path: "/store_details_link/:id", file: "routes/store-details-link.tsx" },
  { name: "mCoinIntegral", path: "/mcoin_integral", file: "routes/mcoin-integral.tsx" },
  { name: "orderDetails", path: "/order_details/:id", file: "routes/order-details.tsx" },
  { name: "otherOrderDetails", path: "/other_order_details/:id", file: "routes/other-order-details.tsx" },
  { name: "refundApplication", path: "/refund_application/:id", file: "routes/refund-application.tsx" },
  { name: "error", path: "/error", file: "routes/error.tsx" },
  { name: "loding", path: "/loding", file: "routes/loding.tsx" },
  { name: "shareCoupon", path: "/share_coupon/:id", file: "routes/share-coupon.tsx" },
  { name: "mCoinZone", path: "/mCoin_zone/:id", file: "routes/mcoin-zone.tsx" },
  { name: "shareZone", path: "/share_zone/:id", file: "routes/share-zone.tsx" },
  { name: "seckill", path: "/seckill/:id?", file: "routes/seckill.tsx" },
  { name: "seckillShare", path: "/seckill_share", file: "routes/seckill-share.tsx" },
  { name: "myFavorites", path: "/myFavorites", file: "routes/my-favorites.tsx" },
  { name: "myAddress", path: "/myAddress", file: "routes/my-address.tsx" },
  { name: "editAddress", path: "/editAddress/:id?", file: "routes/edit-address.tsx" },
  { name: "map", path: "/map", file: "routes/choose-region.tsx" },
];

/**
 * Routes that are not screens: the bare origin (sent on to home) and resource routes that
 * answer the screens' fetchers. They live under /resources so they never shadow a screen.
 * @type {{ name: string, path: string, file: string, index?: boolean }[]}
 */
export const OTHER_ROUTES = [
  { name: "start", path: "/", file: "routes/start.ts", index: true },
  { name: "resourceAgreement", path: "/resources/agreement", file: "routes/resources.agreement.ts" },
  { name: "resourceSession", path: "/resources/session", file: "routes/resources.session.ts" },
  { name: "resourceTask", path: "/resources/task", file: "routes/resources.task.ts" },
  { name: "resourceOffers", path: "/resources/offers", file: "routes/resources.offers.ts" },
  { name: "resourceOrder", path: "/resources/order", file: "routes/resources.order.ts" },
  { name: "resourceOrderStatus", path: "/resources/order-status", file: "routes/resources.order-status.ts" },
  { name: "resourceWallet", path: "/resources/wallet", file: "routes/resources.wallet.ts" },
  { name: "resourceTime", path: "/resources/time", file: "routes/resources.time.ts" },
  { name: "resourceErrors", path: "/resources/errors", file: "routes/resources.errors.ts" },
  { name: "resourcePicture", path: "/resources/picture", file: "routes/resources.picture.ts" },
  // The benchmarks' baseline (npm run bench): a page of the same build with one heading and no
  // gateway call, so a screen's figures can be read against what the frame alone costs.
  { name: "bare", path: "/__bare", file: "routes/bare.tsx" },
];

/** Any other path: the not-found screen with HTTP 404. */
export const NOT_FOUND_ROUTE = { name: "notFound", path: "*", file: "routes/not-found.tsx" };

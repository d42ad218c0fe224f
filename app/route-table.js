// The route table of the spec (section 2), declared once. remix.config.js registers these routes
// with their names as route ids; the app reads the same table for header titles, analytics tags,
// the loading-overlay rule and the host go-back rule. Plain JavaScript because remix.config.js
// imports it before any TypeScript tooling runs.

/**
 * @typedef {object} ScreenRoute
 * @property {string} name       Route name of the spec; also the Remix route id.
 * @property {string} path       Remix path pattern. Spec paths with two parameters in one segment
 *                               (`{id}-{title}`) take the whole segment and split it in the loader.
 * @property {string} file       Route module, relative to app/.
 * @property {string} [titleKey] Locale key of the page title. Only the spec's seven titled screens
 *                               have one, and only they show the header with a back arrow.
 * @property {boolean} [overlay] false when the global loading overlay must not count the screen's
 *                               load: home (the spec hides the overlay there), screens whose
 *                               loaders call only the spec's overlay-exempt endpoints, and screens
 *                               that show a skeleton of their own while loading
 *                               (components/screen-skeletons.tsx).
 * @property {boolean} [hostBack] Going back from this screen asks the host app to go back
 *                               (the token coupon page and the two shared-link pages).
 * @property {boolean} [sharedLink] Externally shared entry: honours the secret-door flag.
 * @property {boolean} [signIn]  Only for a signed-in member: without a session the member is sent to
 *                               sign in, and comes back here through the login's state when it can.
 */

/** @type {ScreenRoute[]} */
export const SCREEN_ROUTES = [
  { name: "index", path: "/index", file: "routes/index.tsx", overlay: false },
  { name: "search", path: "/search", file: "routes/search.tsx", overlay: false },
  { name: "checkIn", path: "/checkIn", file: "routes/check-in.tsx", signIn: true },
  { name: "classify", path: "/classify/:title", file: "routes/classify.tsx", overlay: false },
  { name: "classifys", path: "/classifys/:idTitle", file: "routes/classify.tsx", overlay: false },
  { name: "flashSale", path: "/flashSale", file: "routes/flash-sale.tsx", titleKey: "title.flashSale", overlay: false, signIn: true },
  { name: "mycoupon", path: "/mycoupon", file: "routes/my-coupons.tsx", titleKey: "title.myCoupons", overlay: false, signIn: true },
  { name: "newMyCoupon", path: "/newMyCoupon", file: "routes/my-orders.tsx", titleKey: "title.myRedemptions", signIn: true },
  { name: "myOrder", path: "/myOrder", file: "routes/my-orders.tsx", titleKey: "title.myOrders", overlay: false, signIn: true },
  { name: "mycoupons", path: "/mycoupons/:token", file: "routes/mycoupons.ts", hostBack: true },
  { name: "couponDetails", path: "/coupon_details/:id", file: "routes/coupon-details.tsx", overlay: false },
  { name: "couponDetailsLink", path: "/coupon_details_link/:id", file: "routes/coupon-details.tsx", overlay: false, hostBack: true, sharedLink: true },
  { name: "asiaMilesDetails", path: "/asiaMiles_details/:id", file: "routes/asia-miles.tsx", signIn: true },
  { name: "asiaMilesOrderDetails", path: "/asiaMiles_order/:id", file: "routes/asia-miles-order.tsx", signIn: true },
  { name: "otherStores", path: "/other_stores/:spec", file: "routes/other-stores.tsx" },
  { name: "storeDetails", path: "/store_details/:id", file: "routes/store-details.tsx", overlay: false },
  { name: "storeDetailsLink", path: "/store_details_link/:id", file: "routes/store-details.tsx", overlay: false, hostBack: true, sharedLink: true },
  { name: "mCoinIntegral", path: "/mcoin_integral", file: "routes/mcoin-integral.tsx", signIn: true },
  { name: "orderDetails", path: "/order_details/:id", file: "routes/order-details.tsx", signIn: true },
  { name: "otherOrderDetails", path: "/other_order_details/:id", file: "routes/order-details.tsx", signIn: true },
  { name: "refundApplication", path: "/refund_application/:id", file: "routes/refund-application.tsx", titleKey: "title.refundApplication", signIn: true },
  { name: "error", path: "/error", file: "routes/error.tsx", overlay: false },
  { name: "loding", path: "/loding", file: "routes/loding.tsx", overlay: false },
  { name: "shareCoupon", path: "/share_coupon/:id", file: "routes/coupon-details.tsx", overlay: false },
  { name: "mCoinZone", path: "/mCoin_zone/:id", file: "routes/mcoin-zone.tsx" },
  { name: "shareZone", path: "/share_zone/:id", file: "routes/mcoin-zone.tsx" },
  { name: "seckill", path: "/seckill/:id?", file: "routes/seckill.tsx", overlay: false },
  { name: "seckillShare", path: "/seckill_share", file: "routes/seckill.tsx", overlay: false },
  { name: "myFavorites", path: "/myFavorites", file: "routes/my-favorites.tsx", titleKey: "title.myFavorites", overlay: false, signIn: true },
  { name: "myAddress", path: "/myAddress", file: "routes/my-address.tsx", signIn: true },
  { name: "editAddress", path: "/editAddress/:id?", file: "routes/edit-address.tsx", signIn: true },
  { name: "map", path: "/map", file: "routes/choose-region.tsx", titleKey: "title.chooseRegion", overlay: false },
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

/** @param {string} name @returns {ScreenRoute | undefined} */
export function screenRoute(name) {
  return SCREEN_ROUTES.find((route) => route.name === name);
}

/**
 * The gateway's words that screens use in the browser: the tabs and sorts of the mall's lists, the
 * payment types, the refund reasons, the check-in's rewards. A module of its own, free of zod, because a screen that imports
 * a value from an endpoints module takes every schema of that module (and zod) into the browser; the
 * endpoints' schemas build on these.
 */
export const HOME_TABS = ["nearby", "price", "sales", "recommend", "latest"] as const;
export type HomeTab = (typeof HOME_TABS)[number];
export const SEARCH_SORTS = ["popularity", "sales", "distance", "price"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** My coupons' tabs (spec section 4): unused, used, expired; numbered 1 to 3 as the spec's coupon tab. */
export const COUPON_TABS = ["unused", "used", "expired"] as const;
export type CouponTab = (typeof COUPON_TABS)[number];

/**
 * The order list's tabs (spec section 4): all, unpaid, unshipped, shipped, completed, return/refund,
 * post-sale. ORDER_TAB_STATUSES (shop-endpoints.ts) is where each tab is defined: the statuses of
 * the orders it lists.
 */
export const ORDER_TABS = ["all", "unpaid", "unshipped", "shipped", "completed", "refund", "after_sale"] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

/** Payment types (spec section 9): 5 airline miles, 9 external coupon, 11 third-party; 0 anything else. */
export const PAYMENT_TYPES = { ordinary: 0, miles: 5, external: 9, thirdParty: 11 } as const;

/** Why a member asks for a refund, and how long their remarks may be. */
export const REFUND_REASONS = ["bought_wrongly", "merchant_out_of_stock", "merchant_refused", "merchant_closed", "address_not_found", "redemption_problem", "expiring", "other"] as const;
export const REFUND_REMARKS_MAX = 200;

/** Favourites' two tabs (spec: coupons and products): coupons and vouchers, or goods. */
export const FAVOURITE_TABS = ["coupons", "products"] as const;
export type FavouriteTab = (typeof FAVOURITE_TABS)[number];

/**
 * The daily check-in's rewards (promotion-endpoints.ts): mCoin for the 1st to 7th day of a streak of
 * consecutive days; the 8th day starts the ladder again (the streak keeps counting). Missing a day
 * starts the streak again at day 1.
 */
export const CHECK_IN_LADDER = [10, 10, 20, 20, 30, 30, 50] as const;

/** The reward of the `streak`-th consecutive day. */
export function checkInReward(streak: number): number {
  return CHECK_IN_LADDER[(Math.max(1, streak) - 1) % CHECK_IN_LADDER.length];
}

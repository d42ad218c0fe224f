/** /newMyCoupon, titled 'my redemptions': the orders screen (my-orders.tsx) of the coupons and vouchers redeemed for mCoin. */
import type { ScreenHandle } from "../screen-handle";

export { clientLoader, default, links, loader } from "./my-orders";

export const handle: ScreenHandle = { analytics: "newMyCoupon", member: true };

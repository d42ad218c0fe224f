/** /newMyCoupon, titled 'my redemptions': the orders screen (my-orders.tsx) of the coupons and vouchers redeemed for mCoin. */
import type { ScreenHandle } from "../screen-handle";
import { handle as orders } from "./my-orders";

export { default, links, loader } from "./my-orders";

export const handle: ScreenHandle = { analytics: "newMyCoupon", skeleton: "list", title: "title.myRedemptions", member: true, calls: orders.calls };

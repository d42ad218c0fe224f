/**
 * The routes whose data a touch asks for beside their module (routes/resources.ahead.ts), by id (the
 * route table's name), and each route's load: the same function its own loader runs. The page asks
 * this way for the routes of lib/intent-data.ts `BESIDE_ROUTES`.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { offerData } from "../routes/coupon-details.server";
import { flashSaleData } from "../routes/flash-sale.server";
import { walletData } from "../routes/my-coupons.server";
import { orderData } from "../routes/order-details.server";

export type AheadLoad = (args: Pick<LoaderFunctionArgs, "request" | "params" | "context">) => Promise<unknown>;

export const DATA_AHEAD: Readonly<Record<string, AheadLoad>> = {
  couponDetails: offerData,
  mycoupon: walletData,
  flashSale: flashSaleData,
  orderDetails: orderData,
  otherOrderDetails: orderData,
};

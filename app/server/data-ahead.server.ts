/**
 * The routes whose data a touch asks for beside their module (routes/resources.ahead.ts), by id (the
 * route table's name), and each route's load: the same function its own loader runs. They are the
 * routes of lib/intent-data.ts `INTENT_ROUTES`: every route a touch asks ahead.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { milesData } from "../routes/asia-miles.server";
import { checkInData } from "../routes/check-in.server";
import { listingData } from "../routes/classify.server";
import { offerData } from "../routes/coupon-details.server";
import { flashSaleData } from "../routes/flash-sale.server";
import { addressData } from "../routes/my-address.server";
import { walletData } from "../routes/my-coupons.server";
import { favouritesData } from "../routes/my-favorites.server";
import { ordersData } from "../routes/my-orders.server";
import { orderData } from "../routes/order-details.server";
import { searchData } from "../routes/search.server";
import { seckillData } from "../routes/seckill.server";
import { storeData } from "../routes/store-details.server";

export type AheadLoad = (args: Pick<LoaderFunctionArgs, "request" | "params" | "context">) => Promise<unknown>;

export const DATA_AHEAD: Readonly<Record<string, AheadLoad>> = {
  couponDetails: offerData,
  mycoupon: walletData,
  flashSale: flashSaleData,
  orderDetails: orderData,
  otherOrderDetails: orderData,
  classify: listingData,
  classifys: listingData,
  myOrder: ordersData,
  newMyCoupon: ordersData,
  myAddress: addressData,
  checkIn: checkInData,
  seckill: seckillData,
  asiaMilesDetails: milesData,
  myFavorites: favouritesData,
  search: searchData,
  storeDetails: storeData,
};

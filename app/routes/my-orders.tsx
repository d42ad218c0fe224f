/**
 * My orders (/myOrder: every order) and my redemptions (/newMyCoupon: the coupons and vouchers the
 * member redeemed their mCoin for), by the spec's seven order tabs, with what can be done with each.
 */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { OrderListView } from "../components/order-list-view";
import type { ScreenHandle } from "../screen-handle";
import stylesheet from "./wallet.css?url";
import { intentClientLoader, useFreshData } from "../lib/intent-data";
import { ordersData } from "./my-orders.server";

export const handle: ScreenHandle = { analytics: "myOrder", member: true };

/** Its data can be asked for on a tap's first touch, and the way back shows what was seen (lib/intent-data.ts). */
export const clientLoader = intentClientLoader;

export async function loader(args: LoaderFunctionArgs) {
  return data(await ordersData(args));
}

export const links = () => [{ rel: "stylesheet", href: stylesheet }];

export default function MyOrders() {
  const {
    data: { list },
    generation,
  } = useFreshData(useLoaderData<typeof loader>());
  return (
    <div className="wallet">
      {/* Back from an order: the list as it was seen; the refresh's answer starts it afresh. */}
      <OrderListView key={generation} list={list} search={(tab) => `?tab=${tab}`} />
    </div>
  );
}

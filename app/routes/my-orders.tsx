/**
 * My orders (/myOrder: every order) and my redemptions (/newMyCoupon: the coupons and vouchers the
 * member redeemed their mCoin for), by the spec's seven order tabs, with what can be done with each.
 */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { OrderListView, type OrderListData, type OrderTab } from "../components/order-list-view";
import { orderList } from "#core/api/shop-endpoints";
import { ORDER_TABS } from "#core/api/vocabulary";
import { FAILED_FIRST_PAGE, firstPage } from "../server/first-page.server";
import { requireMember } from "../server/member.server";
import { WALLET_PAGE_SIZE } from "./resources.wallet";
import type { ScreenHandle } from "../screen-handle";
import { mallContext } from "../server/context.server";
import stylesheet from "./wallet.css?url";
import { intentClientLoader, useFreshData } from "../lib/intent-data";

export const handle: ScreenHandle = { analytics: "myOrder", member: true };

/** Its data can be asked for on a tap's first touch, and the way back shows what was seen (lib/intent-data.ts). */
export const clientLoader = intentClientLoader;

export async function loader(args: LoaderFunctionArgs) {
  const { request } = args;
  const mall = await mallContext(args);
  await requireMember(mall);
  const url = new URL(request.url);
  const type = url.pathname === "/newMyCoupon" ? "coupon" : "all";
  const asked = url.searchParams.get("tab");
  const tab: OrderTab = (ORDER_TABS as readonly string[]).includes(asked ?? "") ? (asked as OrderTab) : "all";
  // A list that fails to load is said in place (app/server/first-page.server.ts).
  const page = await firstPage(mall.api, () => mall.api.raw.call(orderList, { tab, type, page: 1, size: WALLET_PAGE_SIZE }));
  const list: OrderListData = page ? { type, tab, items: page.list, page: page.page, hasMore: page.hasMore, counts: page.counts } : { type, tab, ...FAILED_FIRST_PAGE, counts: null };
  return data({ list });
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

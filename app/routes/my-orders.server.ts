/** The orders screens' data (my orders, my redemptions): their loader's, which a touch on a link to them also asks for ahead (routes/resources.ahead.ts). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import type { OrderListData, OrderTab } from "../components/order-list-view";
import { orderList } from "#core/api/shop-endpoints";
import { ORDER_TABS } from "#core/api/vocabulary";
import { mallContext } from "../server/context.server";
import { FAILED_FIRST_PAGE, firstPage } from "../server/first-page.server";
import { requireMember } from "../server/member.server";
import { WALLET_PAGE_SIZE } from "./resources.wallet";

/** The tab's first page of orders: every kind on /myOrder, the coupons and vouchers on /newMyCoupon. */
export async function ordersData(args: Pick<LoaderFunctionArgs, "request" | "params" | "context">) {
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
  return { list };
}

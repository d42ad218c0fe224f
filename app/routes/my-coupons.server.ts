/** My coupons' data: its loader's, which a touch on a link to it also asks for ahead (routes/resources.ahead.ts). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import type { OrderListData } from "../components/order-list-view";
import { orderList } from "#core/api/shop-endpoints";
import { COUPON_TABS, ORDER_TABS } from "#core/api/vocabulary";
import { couponList, mcoinCouponList, refundList } from "#core/api/wallet-endpoints";
import { mallContext } from "../server/context.server";
import { FAILED_FIRST_PAGE, firstPage } from "../server/first-page.server";
import { requireMember } from "../server/member.server";
import { WALLET_PAGE_SIZE } from "./resources.wallet";

const VIEWS = ["coupons", "logistics", "refunds", "mcoin"] as const;

const pick = <T extends string>(values: readonly T[], value: string | null, fallback: T): T => ((values as readonly string[]).includes(value ?? "") ? (value as T) : fallback);

/** The view the address asks for (the coupons by default) and its first page, with the coupons' counts. */
export async function walletData(args: Pick<LoaderFunctionArgs, "request" | "params" | "context">) {
  const { request } = args;
  const mall = await mallContext(args);
  await requireMember(mall);
  const url = new URL(request.url);
  const view = pick(VIEWS, url.searchParams.get("view"), "coupons");
  const size = WALLET_PAGE_SIZE;
  const raw = mall.api.raw;
  // A list that fails to load is said in place (app/server/first-page.server.ts): counts unknown (null), the page kept.
  switch (view) {
    case "coupons": {
      const tab = pick(COUPON_TABS, url.searchParams.get("tab"), "unused");
      const page = await firstPage(mall.api, () => raw.call(couponList, { tab, page: 1, size }));
      return { view, tab, coupons: page ? { items: page.list, page: page.page, hasMore: page.hasMore } : FAILED_FIRST_PAGE, counts: page?.counts ?? null };
    }
    case "logistics": {
      const tab = pick(ORDER_TABS, url.searchParams.get("tab"), "all");
      const page = await firstPage(mall.api, () => raw.call(orderList, { tab, type: "goods", page: 1, size }));
      const orders: OrderListData = page
        ? { type: "goods", tab, items: page.list, page: page.page, hasMore: page.hasMore, counts: page.counts }
        : { type: "goods", tab, ...FAILED_FIRST_PAGE, counts: null };
      return { view, orders };
    }
    case "refunds": {
      const page = await firstPage(mall.api, () => raw.call(refundList, { page: 1, size }));
      return { view, refunds: page ? { items: page.list, page: page.page, hasMore: page.hasMore } : FAILED_FIRST_PAGE };
    }
    case "mcoin": {
      const page = await firstPage(mall.api, () => raw.call(mcoinCouponList, { page: 1, size }));
      return { view, mcoin: page ? { items: page.list, page: page.page, hasMore: page.hasMore } : FAILED_FIRST_PAGE };
    }
  }
}

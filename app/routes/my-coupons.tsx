/**
 * My coupons (/mycoupon; /mycoupons/{token} lands here too): the coupons by tab (unused, used,
 * expired, with their counts), each order's extra coupons folded away; and, one tap away, the
 * logistics orders, the refund orders and the mCoin coupons; and redeeming a code. The active tab is
 * the spec's coupon tab (lib/coupon-tab.ts): it is kept for the visit, set back to 1 by a successful
 * payment and by leaving for home.
 */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { OrderListView, type OrderListData, type OrderTab } from "../components/order-list-view";
import { orderList } from "#core/api/shop-endpoints";
import { COUPON_TABS, ORDER_TABS } from "#core/api/vocabulary";
import { couponList, mcoinCouponList, refundList } from "#core/api/wallet-endpoints";
import { documentTitleMeta } from "../document-title";
import { intentClientLoader, useFreshData } from "../lib/intent-data";
import { FAILED_FIRST_PAGE, firstPage } from "../server/first-page.server";
import { requireMember } from "../server/member.server";
import { WALLET_PAGE_SIZE } from "./resources.wallet";
import type { ScreenHandle } from "../screen-handle";
import { mallContext } from "../server/context.server";
import stylesheet from "./wallet.css?url";
import { CouponsView } from "./my-coupons/coupons-view";
import { McoinCouponsView } from "./my-coupons/mcoin-coupons-view";
import { RedeemCodeDialog } from "./my-coupons/redeem-code-dialog";
import { RefundsView } from "./my-coupons/refunds-view";
import { WalletNav } from "./my-coupons/wallet-nav";

export const handle: ScreenHandle = {
  analytics: "mycoupon",
  member: true,
  couponTab: true,
};

const VIEWS = ["coupons", "logistics", "refunds", "mcoin"] as const;

const pick = <T extends string>(values: readonly T[], value: string | null, fallback: T): T => ((values as readonly string[]).includes(value ?? "") ? (value as T) : fallback);

/** The one screen whose document title is not the product name (spec section 2). */
export const meta = documentTitleMeta;

/** The data a touch on a link here asked for ahead is the tap's (lib/intent-data.ts); any other load is the server's. */
export const clientLoader = intentClientLoader;

export async function loader(args: LoaderFunctionArgs) {
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
      return data({ view, tab, coupons: page ? { items: page.list, page: page.page, hasMore: page.hasMore } : FAILED_FIRST_PAGE, counts: page?.counts ?? null });
    }
    case "logistics": {
      const tab = pick(ORDER_TABS, url.searchParams.get("tab"), "all");
      const page = await firstPage(mall.api, () => raw.call(orderList, { tab, type: "goods", page: 1, size }));
      const orders: OrderListData = page
        ? { type: "goods", tab, items: page.list, page: page.page, hasMore: page.hasMore, counts: page.counts }
        : { type: "goods", tab, ...FAILED_FIRST_PAGE, counts: null };
      return data({ view, orders });
    }
    case "refunds": {
      const page = await firstPage(mall.api, () => raw.call(refundList, { page: 1, size }));
      return data({ view, refunds: page ? { items: page.list, page: page.page, hasMore: page.hasMore } : FAILED_FIRST_PAGE });
    }
    case "mcoin": {
      const page = await firstPage(mall.api, () => raw.call(mcoinCouponList, { page: 1, size }));
      return data({ view, mcoin: page ? { items: page.list, page: page.page, hasMore: page.hasMore } : FAILED_FIRST_PAGE });
    }
  }
}

export const links = () => [{ rel: "stylesheet", href: stylesheet }];

export default function MyCoupons() {
  const { data: loaded, generation } = useFreshData(useLoaderData<typeof loader>());
  const [redeeming, setRedeeming] = useState(false);

  return (
    <div className="wallet">
      <WalletNav view={loaded.view} onRedeem={() => setRedeeming(true)} />

      {/* A refresh after the way back (lib/intent-data.ts) starts the lists afresh from its answer. */}
      {loaded.view === "coupons" ? <CouponsView key={generation} tab={loaded.tab} list={loaded.coupons} counts={loaded.counts} /> : null}
      {loaded.view === "logistics" ? <OrderListView key={generation} list={loaded.orders} search={(tab: OrderTab) => `?${new URLSearchParams({ view: "logistics", tab })}`} /> : null}
      {loaded.view === "refunds" ? <RefundsView key={generation} list={loaded.refunds} /> : null}
      {loaded.view === "mcoin" ? <McoinCouponsView key={generation} list={loaded.mcoin} /> : null}

      {redeeming ? <RedeemCodeDialog onClose={() => setRedeeming(false)} /> : null}
    </div>
  );
}

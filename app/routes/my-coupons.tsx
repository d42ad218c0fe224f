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
import { OrderListView, type OrderTab } from "../components/order-list-view";
import { documentTitleMeta } from "../document-title";
import { intentClientLoader, useFreshData } from "../lib/intent-data";
import { walletData } from "./my-coupons.server";
import type { ScreenHandle } from "../screen-handle";
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

/** The one screen whose document title is not the product name (spec section 2). */
export const meta = documentTitleMeta;

/** The data a touch on a link here asked for ahead is the tap's (lib/intent-data.ts); any other load is the server's. */
export const clientLoader = intentClientLoader;

export async function loader(args: LoaderFunctionArgs) {
  return data(await walletData(args));
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

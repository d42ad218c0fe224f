/**
 * The coupons by tab (unused, used, expired, with their counts), each order's extra coupons folded
 * away. The tab is the spec's coupon tab (lib/coupon-tab.ts): entering without one opens the tab the
 * member was on this visit.
 */
import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { InfiniteList, type ListState } from "../../components/infinite-list";
import { readWalletPage, useKnownCounts } from "../../components/order-list-view";
import { EmptyState } from "../../components/status-screen";
import { TabBar } from "../../components/tab-bar";
import { CouponGroupCard, FIRST_SCREEN_CARDS } from "../../components/wallet-cards";
import { COUPON_TABS, type CouponTab } from "#core/api/vocabulary";
import type { CouponGroup } from "#core/api/wallet-endpoints";
import { couponTab, setCouponTab } from "../../lib/coupon-tab";

export function CouponsView({ tab, list, counts: loaded }: { tab: CouponTab; list: ListState<CouponGroup>; counts: Partial<Record<CouponTab, number>> | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const counts = useKnownCounts(loaded);
  const show = (next: CouponTab) => {
    setCouponTab(COUPON_TABS.indexOf(next) + 1);
    navigate({ search: `?tab=${next}` }, { replace: true, preventScrollReset: true });
  };
  // Entering without a tab opens the one the member was on this visit (the spec's coupon tab).
  useEffect(() => {
    if (new URLSearchParams(window.location.search).has("tab")) return;
    const remembered = COUPON_TABS[couponTab() - 1] ?? "unused";
    if (remembered !== tab) navigate({ search: `?tab=${remembered}` }, { replace: true, preventScrollReset: true });
  }, [navigate, tab]);

  return (
    <>
      <TabBar label={t("wallet.couponTabs")} tabs={COUPON_TABS.map((id) => ({ id, label: t(`coupon.tab.${id}`), count: counts[id] ?? 0 }))} selected={tab} onSelect={show} />
      <InfiniteList
        key={tab}
        initial={list}
        pageUrl={(page) => `/resources/wallet?${new URLSearchParams({ list: "coupons", tab, page: String(page) })}`}
        readPage={readWalletPage<CouponGroup>}
        keyOf={(group) => group.order.id}
        renderItem={(group, index) => <CouponGroupCard group={group} firstScreen={index < FIRST_SCREEN_CARDS} />}
        label={t(`coupon.tab.${tab}`)}
        empty={<EmptyState art="coupons" title={t(`coupon.empty.${tab}`)} action={{ to: "/index", label: t("wallet.browse") }} />}
      />
    </>
  );
}

/**
 * Orders by the spec's seven tabs (all, unpaid, unshipped, shipped, completed, return/refund,
 * post-sale), paging as the member scrolls: my orders (every order), my redemptions (coupons) and the
 * logistics orders of my coupons (goods) are this one view. The tab lives in the URL.
 */
import { useNavigate } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useLastKnown } from "../hooks/use-last-known";
import type { Order } from "#core/api/shop-endpoints";
import { ORDER_TABS } from "#core/api/vocabulary";
import { InfiniteList, type PageReply } from "./infinite-list";
import { TabBar } from "./tab-bar";
import { EmptyState } from "./status-screen";
import { FIRST_SCREEN_CARDS, OrderCard } from "./wallet-cards";

export type OrderListType = "all" | "goods" | "coupon";
export type OrderTab = (typeof ORDER_TABS)[number];

export interface OrderListData {
  type: OrderListType;
  tab: OrderTab;
  items: Order[];
  page: number;
  hasMore: boolean;
  /** Unknown (null) when the list did not load. */
  counts: Partial<Record<OrderTab, number>> | null;
  failed?: boolean;
}

/** The tabs' counts of the last list that loaded: a list that failed to load leaves them as they were. */
export function useKnownCounts<T extends string>(counts: Partial<Record<T, number>> | null): Partial<Record<T, number>> {
  return useLastKnown(counts, {});
}

/** A page of a wallet list, as /resources/wallet answers it. */
export function readWalletPage<T>(reply: unknown): PageReply<T> {
  const page = reply as { ok: boolean; items?: T[]; page?: number; hasMore?: boolean };
  return page.ok ? { ok: true, items: page.items ?? [], page: page.page ?? 1, hasMore: page.hasMore ?? false } : { ok: false };
}

export function OrderListView({ list, search }: { list: OrderListData; search: (tab: OrderTab) => string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const counts = useKnownCounts(list.counts);
  return (
    <>
      <TabBar
        label={t("order.tabsLabel")}
        tabs={ORDER_TABS.map((tab) => ({ id: tab, label: t(`order.tab.${tab}`), count: tab === "all" ? undefined : counts[tab] }))}
        selected={list.tab}
        onSelect={(tab) => navigate({ search: search(tab) }, { replace: true, preventScrollReset: true })}
      />
      <InfiniteList
        key={`${list.type}-${list.tab}`}
        initial={list}
        pageUrl={(page) => `/resources/wallet?${new URLSearchParams({ list: "orders", tab: list.tab, type: list.type, page: String(page) })}`}
        readPage={readWalletPage<Order>}
        keyOf={(order) => order.id}
        renderItem={(order, index) => <OrderCard order={order} firstScreen={index < FIRST_SCREEN_CARDS} />}
        label={t(`order.tab.${list.tab}`)}
        empty={<EmptyState art="orders" title={t(`order.empty.${list.type}`)} action={{ to: "/index", label: t("wallet.browse") }} />}
      />
    </>
  );
}

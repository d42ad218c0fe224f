import { useTranslation } from "react-i18next";
import { InfiniteList, type ListState } from "../../components/infinite-list";
import { readWalletPage } from "../../components/order-list-view";
import { EmptyState } from "../../components/status-screen";
import { FIRST_SCREEN_CARDS, RefundCard } from "../../components/wallet-cards";
import type { Refund } from "#core/api/shop-endpoints";

/** The refund orders. */
export function RefundsView({ list }: { list: ListState<Refund> }) {
  const { t } = useTranslation();
  return (
    <InfiniteList
      initial={list}
      pageUrl={(page) => `/resources/wallet?${new URLSearchParams({ list: "refunds", page: String(page) })}`}
      readPage={readWalletPage<Refund>}
      keyOf={(refund) => refund.id}
      renderItem={(refund, index) => <RefundCard refund={refund} firstScreen={index < FIRST_SCREEN_CARDS} />}
      label={t("wallet.refunds")}
      empty={<EmptyState art="orders" title={t("refund.empty")} action={{ to: "/myOrder", label: t("emptyState.viewOrders") }} />}
    />
  );
}

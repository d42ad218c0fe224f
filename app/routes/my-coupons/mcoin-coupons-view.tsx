/** The mCoin coupons, each unused one with 'use', which adds its mCoin to the balance at once. */
import { useTranslation } from "react-i18next";
import { InfiniteList, type ListState } from "../../components/infinite-list";
import { readWalletPage } from "../../components/order-list-view";
import { EmptyState } from "../../components/status-screen";
import { McoinCouponCard } from "../../components/wallet-cards";
import { useIdempotencyKey } from "../../hooks/use-idempotency-key";
import { useOrderIntent } from "../../hooks/use-order-intent";
import type { McoinCoupon } from "#core/api/wallet-endpoints";
import { formatPoints } from "../../lib/money/format";

export function McoinCouponsView({ list }: { list: ListState<McoinCoupon> }) {
  const { t } = useTranslation();
  return (
    <InfiniteList
      initial={list}
      pageUrl={(page) => `/resources/wallet?${new URLSearchParams({ list: "mcoin", page: String(page) })}`}
      readPage={readWalletPage<McoinCoupon>}
      keyOf={(coupon) => coupon.id}
      renderItem={(coupon) => <McoinCouponCard coupon={coupon} action={coupon.status === "unused" ? <UseMcoinCoupon coupon={coupon} /> : null} />}
      label={t("wallet.mcoinCoupons")}
      empty={<EmptyState art="coupons" title={t("mcoinCoupon.empty")} action={{ to: "/index", label: t("wallet.browse") }} />}
    />
  );
}

/** Using an mCoin coupon adds its mCoin to the balance at once. */
function UseMcoinCoupon({ coupon }: { coupon: McoinCoupon }) {
  const { t } = useTranslation();
  const use = useOrderIntent();
  const form = useIdempotencyKey();
  if (use.data?.ok && use.data.intent === "use-mcoin-coupon") {
    return (
      <span className="mcoin-coupon__done" role="status">
        {t("mcoinCoupon.added", { mcoin: formatPoints(coupon.mcoin), balance: formatPoints(use.data.balance) })}
      </span>
    );
  }
  return (
    <span className="mcoin-coupon__action">
      <button
        type="button"
        className="button button--primary button--small"
        disabled={use.busy}
        aria-label={t("mcoinCoupon.useLabel", { title: coupon.title })}
        onClick={() => use.send({ intent: "use-mcoin-coupon", couponId: coupon.id, idempotencyKey: form.key() })}
      >
        {t("mcoinCoupon.use")}
      </button>
      {use.data && !use.data.ok ? (
        <span className="form-message" role="alert">
          {use.data.message}
        </span>
      ) : null}
    </span>
  );
}

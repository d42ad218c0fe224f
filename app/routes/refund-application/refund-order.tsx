import { useTranslation } from "react-i18next";
import type { Refund } from "#core/api/shop-endpoints";
import { CheckCircleIcon, ClockIcon } from "../../components/icons";
import { useLocale } from "../../hooks/use-locale";
import { formatMoney, formatPoints } from "../../lib/money/format";
import { formatDateTime } from "../../lib/time/format";
import { reversalRows } from "./earning-rows";

/** What goes back (or went back) where, in one phrase: the cash part and the mCoin part, each only when there is one. */
function backPhrase(refund: Refund, t: (key: string, options?: Record<string, unknown>) => string): string {
  const done = refund.status === "refunded";
  const cashCents = done ? refund.cashRefundedCents : refund.cashRequestedCents;
  const mcoin = done ? refund.mcoinRefunded : refund.mcoinRequested - refund.earningReversal.fromMcoinRefund;
  const parts = [
    cashCents > 0 ? t(done ? "refund.next.cashBackDone" : "refund.next.cashBack", { amount: formatMoney(cashCents / 100) }) : null,
    mcoin > 0 ? t(done ? "refund.next.mcoinBackDone" : "refund.next.mcoinBack", { amount: formatPoints(mcoin) }) : null,
  ].filter((part): part is string => part !== null);
  return parts.join(t("refund.next.and"));
}

/**
 * The refund once asked for: a confirmation with the refund's one number (the refund order's, which
 * exists from the request on) and what happens next, then the refund's details. The wallet's own
 * transaction number of a cash refund is that cash's reference, not a second refund number.
 */
export function RefundOrder({ refund }: { refund: Refund }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const done = refund.status === "refunded";
  const back = backPhrase(refund, t);
  const next = done
    ? t("refund.next.refunded", { date: formatDateTime(refund.refundedAt ?? refund.requestedAt, locale), back })
    : back
      ? t("refund.next.refunding", { back })
      : t("refund.irreversible");
  const rows: [string, string][] = [
    [t("order.number"), refund.orderNo],
    [`${t("refund.requested")} · ${t("refund.cashAmount")}`, formatMoney(refund.cashRequestedCents / 100)],
    [`${t("refund.requested")} · ${t("refund.mcoinAmount")}`, formatPoints(refund.mcoinRequested)],
    [`${t("refund.refunded")} · ${t("refund.cashAmount")}`, formatMoney(refund.cashRefundedCents / 100)],
    [`${t("refund.refunded")} · ${t("refund.mcoinAmount")}`, formatPoints(refund.mcoinRefunded)],
    ...reversalRows(refund.earningReversal, t),
    [t("refund.requestedAt"), formatDateTime(refund.requestedAt, locale)],
    [t("refund.refundedAt"), refund.refundedAt === null ? "—" : formatDateTime(refund.refundedAt, locale)],
    [t("refund.reasonLabel"), t(`refund.reason.${refund.reason}`)],
    [t("refund.remarks"), refund.remarks || "—"],
    ...(refund.photoCount > 0 ? [[t("refund.photosTitle"), t("refund.photosSent", { count: refund.photoCount })] as [string, string]] : []),
    ...(refund.refundNo ? [[t("refund.walletReference"), refund.refundNo] as [string, string]] : []),
  ];
  return (
    <section className="card offer-section refund-order" aria-labelledby="refund-result-title" data-testid="refund-order">
      <div className={`refund-result refund-result--${refund.status}`} role="status">
        {done ? <CheckCircleIcon className="refund-result__art" /> : <ClockIcon className="refund-result__art" />}
        <h2 id="refund-result-title" className="refund-result__title">
          {done ? t("refund.done") : t("refund.submitted")}
        </h2>
        <p className="refund-result__number" data-testid="refund-number">
          {t("refund.orderNo", { number: refund.refundOrderNo })}
        </p>
        <p className="refund-result__next">{next}</p>
      </div>
      <h3 className="offer-section__title refund-order__title">
        {t("refund.orderTitle")}
        <span className={`order-status order-status--${refund.status}`}>{t(`refund.status.${refund.status}`)}</span>
      </h3>
      <dl className="order-rows">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * The order's facts: its number, quantity and total, the mCoin and the cash paid (and earned), any
 * payment the wallet gives back, and when it was placed, paid, due, shipped and completed.
 */
import { useTranslation } from "react-i18next";
import type { Order } from "#core/api/shop-endpoints";
import { useLocale } from "../../hooks/use-locale";
import { formatMoney, formatPoints } from "../../lib/money/format";
import { formatDateTime } from "../../lib/time/format";

export function OrderSummary({ order }: { order: Order }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <section className="card" aria-label={t("order.summary")}>
      <dl className="order-rows">
        <div>
          <dt>{t("order.number")}</dt>
          <dd>{order.orderNo}</dd>
        </div>
        <div>
          <dt>{t("confirm.quantity")}</dt>
          <dd>{order.quantity}</dd>
        </div>
        <div>
          <dt>{t("order.total")}</dt>
          <dd>{formatMoney(order.amountCents / 100)}</dd>
        </div>
        <div>
          <dt>{t("confirm.mcoin")}</dt>
          <dd>{formatPoints(order.mcoinUsed)}</dd>
        </div>
        <div>
          <dt>{order.paidAt ? t("order.cashPaid") : t("confirm.cash")}</dt>
          <dd>{formatMoney(order.cashCents / 100)}</dd>
        </div>
        {order.mcoinEarned > 0 ? (
          <div>
            <dt>{t("order.earned")}</dt>
            <dd>{formatPoints(order.mcoinEarned)}</dd>
          </div>
        ) : null}
        {/* A payment the gateway refused (a second one, one after the order closed, another amount): the wallet gives it back. */}
        {order.payments
          .filter((payment) => payment.outcome === "refunded")
          .map((payment) => (
            <div key={payment.paymentId} data-testid="payment-returned">
              <dt>{t(`order.paymentReturned.${payment.reason ?? "DUPLICATE_PAYMENT"}`)}</dt>
              <dd>{formatMoney(payment.amountCents / 100)}</dd>
            </div>
          ))}
        <div>
          <dt>{t("order.placed")}</dt>
          <dd>{formatDateTime(order.createdAt, locale)}</dd>
        </div>
        {order.paidAt ? (
          <div>
            <dt>{t("order.paid")}</dt>
            <dd>{formatDateTime(order.paidAt, locale)}</dd>
          </div>
        ) : order.status === "awaiting_payment" ? (
          <div>
            <dt>{t("order.payBy")}</dt>
            <dd>{formatDateTime(order.payBy, locale)}</dd>
          </div>
        ) : null}
        {order.cancelBy && order.status === "awaiting_payment" ? (
          <div>
            <dt>{t("order.cancelBy")}</dt>
            <dd>{formatDateTime(order.cancelBy, locale)}</dd>
          </div>
        ) : null}
        {order.shippedAt ? (
          <div>
            <dt>{t("order.shipped")}</dt>
            <dd>{formatDateTime(order.shippedAt, locale)}</dd>
          </div>
        ) : null}
        {order.completedAt ? (
          <div>
            <dt>{t("order.completed")}</dt>
            <dd>{formatDateTime(order.completedAt, locale)}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

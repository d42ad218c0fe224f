/**
 * An order (/order_details/{id}; /other_order_details/{id} for third-party vouchers, with their other
 * code): what was bought, its status, what was paid in mCoin and in cash, what the cash earned. A
 * plain summary for now: the wallet issue adds the redemption code, its QR code, stores and refunds.
 * Only the member's own orders: another's is the route's 404.
 */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BackToHomeLink, NotFoundScreen, StatusScreen } from "../components/status-screen";
import { useLocale } from "../hooks/use-locale";
import { isApiError } from "../lib/api/errors";
import { orderStatus, shopRefusal } from "../lib/api/shop-endpoints";
import { formatMoney, formatPoints } from "../lib/money/format";
import { formatDateTime } from "../lib/time/format";
import { idParam, requireMember } from "../server/gateway.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const orderId = idParam(params.id);
  const context = await requireMember(request);
  try {
    const order = await context.call(orderStatus, { orderId });
    return data({ order }, { headers: await context.headers() });
  } catch (error) {
    if (isApiError(error) && (error.code === "NOT_FOUND" || shopRefusal(error.body) === "ORDER_NOT_FOUND")) throw new Response("Not Found", { status: 404 });
    throw error;
  }
}

export default function OrderDetails() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { order } = useLoaderData<typeof loader>();
  const [copied, setCopied] = useState(false);

  const copy = (text: string) =>
    void navigator.clipboard?.writeText(text).then(
      () => setCopied(true),
      () => setCopied(false),
    );

  return (
    <div className="order">
      <section className="order-head card" aria-labelledby="order-title">
        <img className="order-head__image" src={order.image} alt="" width={96} height={60} />
        <div>
          <h1 id="order-title" className="order-head__title">
            {order.title}
          </h1>
          <p className={`order-status order-status--${order.status}`}>{t(`order.status.${order.status}`)}</p>
        </div>
      </section>

      {order.otherCode ? (
        <section className="card order-code" aria-labelledby="order-code-title">
          <h2 id="order-code-title" className="offer-section__title">
            {t("order.otherCode")}
          </h2>
          <p className="order-code__value">{order.otherCode}</p>
          <button type="button" className="button button--secondary" onClick={() => copy(order.otherCode!)}>
            {t("order.copy")}
          </button>
          <p className="order-code__copied" role="status">
            {copied ? t("order.copied") : ""}
          </p>
        </section>
      ) : null}

      {order.couponUrl && order.status !== "closed" && order.status !== "awaiting_payment" ? (
        <a className="button button--primary button--block order-coupon-link" href={order.couponUrl} rel="noopener noreferrer">
          {t("order.useCoupon")}
        </a>
      ) : null}

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
        </dl>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  return (
    <StatusScreen title={t("error.unexpected")} body={t("error.tryLater")}>
      <BackToHomeLink />
    </StatusScreen>
  );
}

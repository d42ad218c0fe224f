/**
 * An order (/order_details/{id}; /other_order_details/{id} for third-party vouchers, with their other
 * code). For coupons: each coupon's QR code (drawn on the server, no script), its redemption
 * (write-off) code and its number with copy, how to redeem, validity and the stores; for goods: where
 * they go and how far they are. Then what was paid and earned (and any payment the wallet gives back),
 * the refund if there is one, and what
 * can be done: pay now, cancel, confirm receipt, refund, delete, buy again. A gifted coupon and the
 * order's kind are labelled. Only the member's own orders: another's is the route's 404.
 */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { OfferStores } from "../components/offer-stores";
import { OrderActions } from "../components/order-actions";
import { NotFoundOrErrorScreen } from "../components/status-screen";
import type { ScreenHandle } from "../screen-handle";
import stylesheet from "./order-details.css?url";
import { CouponCard, OtherCode } from "./order-details/codes";
import { Delivery, HowToRedeem } from "./order-details/fulfilment";
import { OrderHead } from "./order-details/order-head";
import { OrderSummary } from "./order-details/order-summary";
import { intentClientLoader, useFreshData } from "../lib/intent-data";
import { orderData } from "./order-details.server";

export const handle: ScreenHandle = { analytics: "orderDetails", member: true, keepToken: true };

/** The data a touch on a link here asked for ahead is the tap's (lib/intent-data.ts); any other load is the server's. */
export const clientLoader = intentClientLoader;

export async function loader(args: LoaderFunctionArgs) {
  return data(await orderData(args));
}

export const links = () => [{ rel: "stylesheet", href: stylesheet }];

export default function OrderDetails() {
  const { t } = useTranslation();
  const { order, usage, stores, qr } = useFreshData(useLoaderData<typeof loader>()).data;
  const isGoods = order.fulfilment !== "coupon";

  return (
    <div className="order">
      <OrderHead order={order} />

      {order.coupons.length > 0 ? (
        <section className="order-coupons" aria-label={t("coupon.title")}>
          {order.coupons.map((coupon, index) => (
            <CouponCard key={coupon.id} coupon={coupon} qr={qr[coupon.id]} index={index + 1} count={order.coupons.length} />
          ))}
        </section>
      ) : null}

      {order.otherCode ? <OtherCode code={order.otherCode} /> : null}

      {order.couponUrl && order.status !== "closed" && order.status !== "awaiting_payment" ? (
        <a className="button button--primary button--block order-coupon-link" href={order.couponUrl} rel="noopener noreferrer">
          {t("order.useCoupon")}
        </a>
      ) : null}

      {isGoods && (order.address || order.fulfilment === "pickup") ? <Delivery order={order} /> : null}

      {usage && order.fulfilment === "coupon" ? <HowToRedeem order={order} usage={usage} /> : null}

      {stores.length > 0 ? <OfferStores stores={stores} /> : null}

      {order.refund ? (
        <Link to={`/refund_application/${order.id}`} className="card order-refund">
          <span>{t("refund.orderNo", { number: order.refund.refundOrderNo })}</span>
          <span className={`order-status order-status--${order.refund.status}`}>{t(`refund.status.${order.refund.status}`)}</span>
        </Link>
      ) : null}

      <OrderSummary order={order} />

      <OrderActions order={order} />
    </div>
  );
}

export const ErrorBoundary = NotFoundOrErrorScreen;

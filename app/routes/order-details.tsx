/**
 * An order (/order_details/{id}; /other_order_details/{id} for third-party vouchers, with their other
 * code). For coupons: each coupon's QR code (drawn on the server, no script), its redemption
 * (write-off) code and its number with copy, how to redeem, validity and the stores; for goods: where
 * they go and how far they are. Then what was paid and earned (and any payment the wallet gives back),
 * the refund if there is one, and what
 * can be done: pay now, cancel, confirm receipt, refund, delete, buy again. A gifted coupon and the
 * order's kind are labelled. Only the member's own orders: another's is the route's 404.
 */
import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { OfferStores } from "../components/offer-stores";
import { OrderActions } from "../components/order-actions";
import { NotFoundOrErrorScreen } from "../components/status-screen";
import { offerDetail } from "#core/api/shop-endpoints";
import { PAYMENT_TYPES } from "#core/api/vocabulary";
import { catalogNear } from "../server/catalog.server";
import { requireMember } from "../server/member.server";
import { PRIVATE_CACHE_CONTROL } from "../server/private-replies.server";
import { withSession } from "../server/session.server";
import { idParam } from "../server/params.server";
import { memberOrder } from "../server/order-actions.server";
import { qrSvg } from "../server/qr.server";
import type { ScreenHandle } from "../screen-handle";
import { mallContext } from "../server/context.server";
import stylesheet from "./order-details.css?url";
import { CouponCard, OtherCode } from "./order-details/codes";
import { Delivery, HowToRedeem } from "./order-details/fulfilment";
import { OrderHead } from "./order-details/order-head";
import { OrderSummary } from "./order-details/order-summary";
import { intentClientLoader, useFreshData } from "../lib/intent-data";

export const handle: ScreenHandle = { analytics: "orderDetails", member: true, keepToken: true };

/** The data a touch on a link here asked for ahead is the tap's (lib/intent-data.ts); any other load is the server's. */
export const clientLoader = intentClientLoader;

export async function loader(args: LoaderFunctionArgs) {
  const { request, params } = args;
  const mall = await mallContext(args);
  const orderId = idParam(params.id);
  await requireMember(mall);
  const order = await memberOrder(mall, orderId);
  // A third-party voucher has its own screen, and the other screen none of its orders: an order asked
  // for at the other screen's address (a shared link, a typed one) is sent to its own, the query kept.
  const url = new URL(request.url);
  const other = url.pathname.startsWith("/other_order_details/");
  if (other !== (order.paymentType === PAYMENT_TYPES.thirdParty)) {
    // The member's own reply, as every reply of this screen (app/server/private-replies.server.ts).
    const own = { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } };
    throw await withSession(mall, redirect(`${other ? "/order_details" : "/other_order_details"}/${order.id}${url.search}`, own));
  }

  const { near } = await catalogNear(request);
  const [offer, codes] = await Promise.all([
    // How to redeem and where: the offer's; an offer gone from the catalog leaves them out.
    mall.api.raw.reply(offerDetail, { id: order.offerId, ...near }).then(
      (reply) => reply.data,
      () => null,
    ),
    Promise.all(order.coupons.filter((coupon) => coupon.status === "unused").map(async (coupon) => [coupon.id, await qrSvg(coupon.redemptionCode)] as const)),
  ]);
  return data({ order, usage: offer?.usage ?? null, stores: offer?.stores ?? [], qr: Object.fromEntries(codes) as Record<number, string> });
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

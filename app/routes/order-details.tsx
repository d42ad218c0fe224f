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
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ClockIcon } from "../components/icons";
import { OfferStores } from "../components/offer-stores";
import { OrderActions } from "../components/order-actions";
import { NotFoundOrErrorScreen } from "../components/status-screen";
import { OrderKindBadge, OrderStatus } from "../components/wallet-cards";
import { useLocale } from "../hooks/use-locale";
import { offerDetail, type Coupon } from "#core/api/shop-endpoints";
import { PAYMENT_TYPES } from "#core/api/vocabulary";
import { copyText } from "../lib/clipboard";
import { formatMoney, formatPoints } from "../lib/money/format";
import { formatDate, formatDateTime } from "../lib/time/format";
import { catalogNear } from "../server/catalog.server";
import { requireMember } from "../server/member.server";
import { idParam } from "../server/params.server";
import { Picture } from "../components/picture";
import { memberOrder } from "../server/order-actions.server";
import { qrSvg } from "../server/qr.server";
import type { ScreenHandle } from "../screen-handle";
import stylesheet from "./order-details.css?url";

export const handle: ScreenHandle = { analytics: "orderDetails", skeleton: "detail", member: true, keepToken: true, calls: { loader: ["orderStatus", "offerDetail"] } };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const orderId = idParam(params.id);
  await requireMember(context);
  const order = await memberOrder(context, orderId);
  // A third-party voucher has its own screen, and the other screen none of its orders.
  const other = new URL(request.url).pathname.startsWith("/other_order_details/");
  if (other !== (order.paymentType === PAYMENT_TYPES.thirdParty)) throw new Response("Not Found", { status: 404 });

  const { near } = await catalogNear(request);
  const [offer, codes] = await Promise.all([
    // How to redeem and where: the offer's; an offer gone from the catalog leaves them out.
    context.api.client.call(offerDetail, { id: order.offerId, ...near }).then(
      (reply) => reply.data,
      () => null,
    ),
    Promise.all(order.coupons.filter((coupon) => coupon.status === "unused").map(async (coupon) => [coupon.id, await qrSvg(coupon.redemptionCode)] as const)),
  ]);
  return data({ order, usage: offer?.usage ?? null, stores: offer?.stores ?? [], qr: Object.fromEntries(codes) as Record<number, string> });
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <>
      <button type="button" className="button button--secondary button--small" aria-label={label} onClick={() => void copyText(text).then(setCopied)}>
        {copied ? t("order.copied") : t("order.copy")}
      </button>
      <span className="visually-hidden" role="status">
        {copied ? t("order.copiedLabel", { text }) : ""}
      </span>
    </>
  );
}

function CouponCard({ coupon, qr, index, count }: { coupon: Coupon; qr: string | undefined; index: number; count: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <article className={`coupon-card card coupon-card--${coupon.status}`} aria-label={count > 1 ? t("coupon.ofCount", { index, count }) : t("coupon.one")}>
      {qr ? (
        // Markup the server drew from the code itself (app/server/qr.server.ts); it holds no script.
        <div className="coupon-card__qr" role="img" aria-label={t("coupon.qr", { code: coupon.redemptionCode })} dangerouslySetInnerHTML={{ __html: qr }} />
      ) : (
        <p className="coupon-card__state">{coupon.status === "used" && coupon.usedAt ? t("coupon.usedOn", { date: formatDateTime(coupon.usedAt, locale) }) : t(`coupon.status.${coupon.status}`)}</p>
      )}
      <p className="coupon-card__label">{t("coupon.redemptionCode")}</p>
      <p className={`coupon-card__code${coupon.status === "unused" ? "" : " coupon-card__code--void"}`} data-testid="redemption-code">
        {coupon.redemptionCode}
      </p>
      <div className="coupon-card__number">
        <span>{t("coupon.number", { number: coupon.couponNo })}</span>
        <CopyButton text={coupon.couponNo} label={t("coupon.copyNumber", { number: coupon.couponNo })} />
      </div>
      {coupon.status === "used" && coupon.usedAtStore ? <p className="coupon-card__where">{t("coupon.usedAt", { store: coupon.usedAtStore })}</p> : null}
    </article>
  );
}

export const links = () => [{ rel: "stylesheet", href: stylesheet }];

export default function OrderDetails() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { order, usage, stores, qr } = useLoaderData<typeof loader>();
  const isGoods = order.fulfilment !== "coupon";

  return (
    <div className="order">
      <section className="order-head card" aria-labelledby="order-title">
        <Picture className="order-head__image" alt="" width={96} height={60} src={order.image} firstScreen />
        <div>
          <h1 id="order-title" className="order-head__title" elementtiming="order-title">
            {order.title}
          </h1>
          <p className="order-head__badges">
            <OrderStatus order={order} />
            <OrderKindBadge kind={order.orderKind} />
          </p>
          {order.orderKind === "gift" ? <p className="order-head__gift">{t("order.giftedNote")}</p> : null}
        </div>
      </section>

      {order.coupons.length > 0 ? (
        <section className="order-coupons" aria-label={t("coupon.title")}>
          {order.coupons.map((coupon, index) => (
            <CouponCard key={coupon.id} coupon={coupon} qr={qr[coupon.id]} index={index + 1} count={order.coupons.length} />
          ))}
        </section>
      ) : null}

      {order.otherCode ? (
        <section className="card order-code" aria-labelledby="order-code-title">
          <h2 id="order-code-title" className="offer-section__title">
            {t("order.otherCode")}
          </h2>
          <p className="order-code__value">{order.otherCode}</p>
          <CopyButton text={order.otherCode} label={t("order.copyOtherCode")} />
        </section>
      ) : null}

      {order.couponUrl && order.status !== "closed" && order.status !== "awaiting_payment" ? (
        <a className="button button--primary button--block order-coupon-link" href={order.couponUrl} rel="noopener noreferrer">
          {t("order.useCoupon")}
        </a>
      ) : null}

      {isGoods && (order.address || order.fulfilment === "pickup") ? (
        <section className="card offer-section" aria-labelledby="order-delivery">
          <h2 id="order-delivery" className="offer-section__title">
            {order.fulfilment === "pickup" ? t("order.pickup") : t("order.deliverTo")}
          </h2>
          {order.address ? (
            <p className="offer-section__text">
              {order.address.name} {order.address.areaCode} {order.address.mobile}
              {"\n"}
              {order.address.area} {order.address.address}
            </p>
          ) : (
            <p className="offer-section__text">{t("order.pickupNote")}</p>
          )}
        </section>
      ) : null}

      {usage && order.fulfilment === "coupon" ? (
        <section className="card offer-section" aria-labelledby="order-usage">
          <h2 id="order-usage" className="offer-section__title">
            {t("order.howToRedeem")}
          </h2>
          <p className="offer-section__text">{usage}</p>
          {order.coupons[0] ? (
            <p className="offer-section__validity">
              <ClockIcon /> {t("offer.validUntil", { date: formatDate(order.coupons[0].useUntil, locale) })}
            </p>
          ) : null}
        </section>
      ) : null}

      {stores.length > 0 ? <OfferStores stores={stores} /> : null}

      {order.refund ? (
        <Link to={`/refund_application/${order.id}`} className="card order-refund">
          <span>{t("refund.orderNo", { number: order.refund.refundOrderNo })}</span>
          <span className={`order-status order-status--${order.refund.status}`}>{t(`refund.status.${order.refund.status}`)}</span>
        </Link>
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

      <OrderActions order={order} />
    </div>
  );
}

export const ErrorBoundary = NotFoundOrErrorScreen;

/**
 * How the wallet's lists show their items: an order (its kind, status, amounts and what can be done
 * with it), one order's coupons in a tab (the first shown, the others folded away), a refund order,
 * an mCoin coupon.
 */
import { ListLink } from "./list-link";
import { useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "../hooks/use-locale";
import type { Coupon, Order, Refund } from "#core/api/shop-endpoints";
import { PAYMENT_TYPES } from "#core/api/vocabulary";
import type { CouponGroup, McoinCoupon } from "#core/api/wallet-endpoints";
import { formatMoney, formatPoints } from "../lib/money/format";
import { formatDate, formatDateTime } from "../lib/time/format";
import { ChevronDownIcon, CoinIcon } from "./icons";
import { OrderActions } from "./order-actions";
import { Picture } from "./picture";
import "./wallet-cards.css";

export { FIRST_SCREEN_CARDS } from "../lib/images/picture";

/** Where an order's own screen is: third-party vouchers have theirs (spec section 2). */
export function orderPath(order: Pick<Order, "id" | "paymentType">): `/${string}` {
  return order.paymentType === PAYMENT_TYPES.thirdParty ? `/other_order_details/${order.id}` : `/order_details/${order.id}`;
}

/** The order's kind, when it is not an ordinary purchase (spec: pickup, group-buy, flash sale, bargain; and gifts). */
export function OrderKindBadge({ kind }: { kind: Order["orderKind"] }) {
  const { t } = useTranslation();
  if (kind === "normal") return null;
  return <span className={`badge badge--kind badge--${kind}`}>{t(`order.kind.${kind}`)}</span>;
}

/**
 * What an order's status says to the member. A paid coupon order is 'received' at the gateway (the
 * spec's order status) for as long as it holds coupons; the member reads it by its coupons instead:
 * 'Unused' while one can still be used (the word of the coupon tab it is listed under), 'Expired'
 * once the rest have run out. Every other status reads as the spec names it.
 */
export function orderStatusOf(order: Pick<Order, "status" | "coupons">): { key: string; tone: string } {
  if (order.status === "received" && order.coupons.length > 0) {
    if (order.coupons.some((coupon) => coupon.status === "unused")) return { key: "coupon.status.unused", tone: "unused" };
    if (order.coupons.some((coupon) => coupon.status === "expired")) return { key: "coupon.status.expired", tone: "expired" };
  }
  return { key: `order.status.${order.status}`, tone: order.status };
}

/** The order's status, as `orderStatusOf` words it. */
export function OrderStatus({ order }: { order: Pick<Order, "status" | "coupons"> }) {
  const { t } = useTranslation();
  const { key, tone } = orderStatusOf(order);
  return (
    <span className={`order-status order-status--${tone}`} elementtiming="order-status">
      {t(key)}
    </span>
  );
}

/** What was paid: mCoin and cash, in one line. */
export function Paid({ order }: { order: Pick<Order, "mcoinUsed" | "cashCents"> }) {
  const { t } = useTranslation();
  const parts = [
    order.mcoinUsed > 0 ? t("catalog.mcoin", { value: formatPoints(order.mcoinUsed) }) : null,
    order.cashCents > 0 || order.mcoinUsed === 0 ? formatMoney(order.cashCents / 100) : null,
  ].filter(Boolean);
  return <span className="paid">{parts.join(" + ")}</span>;
}

function CardHead({ order, to, aside, firstScreen = false }: { order: Pick<Order, "image" | "title" | "orderKind">; to: `/${string}`; aside?: ReactNode; firstScreen?: boolean }) {
  return (
    <ListLink to={to} className="wallet-card__head">
      <Picture className="wallet-card__image" alt="" width={96} height={60} src={order.image} firstScreen={firstScreen} />
      <span className="wallet-card__title">
        <span elementtiming="wallet-card">{order.title}</span>
        <OrderKindBadge kind={order.orderKind} />
      </span>
      {aside}
    </ListLink>
  );
}

export function OrderCard({ order, firstScreen = false }: { order: Order; firstScreen?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <article className="wallet-card card" aria-label={order.title} data-order-id={order.id}>
      <CardHead order={order} to={orderPath(order)} firstScreen={firstScreen} aside={<OrderStatus order={order} />} />
      <p className="wallet-card__meta">
        <span>{t("order.pieces", { count: order.quantity })}</span>
        <Paid order={order} />
        <span>{formatDate(order.createdAt, locale)}</span>
      </p>
      <OrderActions order={order} compact />
    </article>
  );
}

function CouponLine({ coupon }: { coupon: Coupon }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const when =
    coupon.status === "used" && coupon.usedAt
      ? t("coupon.usedOn", { date: formatDateTime(coupon.usedAt, locale) })
      : coupon.status === "unused"
        ? t("offer.validUntil", { date: formatDate(coupon.useUntil, locale) })
        : t(`coupon.status.${coupon.status}`);
  return (
    <span className="coupon-line">
      <span className="coupon-line__number">{t("coupon.number", { number: coupon.couponNo })}</span>
      <span className="coupon-line__when">{when}</span>
    </span>
  );
}

export function CouponGroupCard({ group, firstScreen = false }: { group: CouponGroup; firstScreen?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const more = useId();
  const [first, ...rest] = group.coupons;
  return (
    <article className="wallet-card card" aria-label={group.order.title} data-order-id={group.order.id}>
      <CardHead order={group.order} to={orderPath(group.order)} firstScreen={firstScreen} />
      <CouponLine coupon={first} />
      {rest.length > 0 ? (
        <>
          <ul className="coupon-more" id={more} hidden={!open}>
            {rest.map((coupon) => (
              <li key={coupon.id}>
                <CouponLine coupon={coupon} />
              </li>
            ))}
          </ul>
          <button type="button" className="more-link" aria-expanded={open} aria-controls={more} onClick={() => setOpen(!open)}>
            {open ? t("coupon.fewer") : t("coupon.more", { count: rest.length })}
            <ChevronDownIcon className={`icon${open ? " icon--flipped" : ""}`} />
          </button>
        </>
      ) : null}
    </article>
  );
}

export function RefundCard({ refund, firstScreen = false }: { refund: Refund; firstScreen?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <article className="wallet-card card" aria-label={refund.title}>
      <CardHead
        order={{ ...refund, orderKind: "normal" }}
        to={`/refund_application/${refund.orderId}`}
        firstScreen={firstScreen}
        aside={<span className={`order-status order-status--${refund.status}`}>{t(`refund.status.${refund.status}`)}</span>}
      />
      <p className="wallet-card__meta">
        <span>{t("refund.orderNo", { number: refund.refundOrderNo })}</span>
        <Paid order={{ mcoinUsed: refund.mcoinRequested, cashCents: refund.cashRequestedCents }} />
        <span>{formatDate(refund.requestedAt, locale)}</span>
      </p>
    </article>
  );
}

export function McoinCouponCard({ coupon, action }: { coupon: McoinCoupon; action: ReactNode }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <article className="wallet-card card mcoin-coupon" aria-label={coupon.title}>
      <span className="mcoin-coupon__value">
        <CoinIcon /> {formatPoints(coupon.mcoin)}
      </span>
      <span className="mcoin-coupon__body">
        <span className="wallet-card__title">{coupon.title}</span>
        <span className="wallet-card__meta">{coupon.status === "unused" ? t("offer.validUntil", { date: formatDate(coupon.useUntil, locale) }) : t(`coupon.status.${coupon.status}`)}</span>
      </span>
      {action}
    </article>
  );
}

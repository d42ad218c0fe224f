/**
 * How the order reaches the member: where goods go (or that they are picked up), and how a coupon
 * is redeemed and until when.
 */
import { useTranslation } from "react-i18next";
import type { Order } from "#core/api/shop-endpoints";
import { ClockIcon } from "../../components/icons";
import { useLocale } from "../../hooks/use-locale";
import { formatDate } from "../../lib/time/format";

export function Delivery({ order }: { order: Order }) {
  const { t } = useTranslation();
  return (
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
  );
}

export function HowToRedeem({ order, usage }: { order: Order; usage: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
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
  );
}

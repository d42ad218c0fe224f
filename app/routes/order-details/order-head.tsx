/**
 * The order's heading band: the offer's picture and title, the order's status and kind, and a
 * gift's note.
 */
import { useTranslation } from "react-i18next";
import type { Order } from "#core/api/shop-endpoints";
import { Picture } from "../../components/picture";
import { ScreenHero } from "../../components/screen-hero";
import { OrderKindBadge, OrderStatus } from "../../components/wallet-cards";

export function OrderHead({ order }: { order: Order }) {
  const { t } = useTranslation();
  return (
    <ScreenHero
      tone="plain"
      titleId="order-title"
      title={order.title}
      titleTiming="order-title"
      art={<Picture className="order-head__image" alt="" width={96} height={60} src={order.image} firstScreen />}
      lead={
        <>
          <p className="order-head__badges">
            <OrderStatus order={order} />
            <OrderKindBadge kind={order.orderKind} />
          </p>
          {order.orderKind === "gift" ? <p className="order-head__gift">{t("order.giftedNote")}</p> : null}
        </>
      }
      className="order-hero"
    />
  );
}

/**
 * The order's head card: the offer's picture and title, the order's status and kind, and a gift's
 * note.
 */
import { useTranslation } from "react-i18next";
import type { Order } from "#core/api/shop-endpoints";
import { Picture } from "../../components/picture";
import { OrderKindBadge, OrderStatus } from "../../components/wallet-cards";

export function OrderHead({ order }: { order: Order }) {
  const { t } = useTranslation();
  return (
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
  );
}

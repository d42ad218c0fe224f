/**
 * What a member can do with one order, by its status: pay now (back into the cashier, with the same
 * safety as checkout), cancel it while unpaid, confirm receipt of goods, apply for a refund, delete a
 * finished order (after asking), buy it again. Each is an order intent (hooks/use-order-intent.ts)
 * with the idempotency key of its form; a refusal shows in place.
 */
import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useDoubleTapGuard } from "../hooks/use-double-tap-guard";
import { useNetworkCheck } from "../hooks/use-network-check";
import { useIdempotencyKey } from "../hooks/use-idempotency-key";
import { useOrderIntent } from "../hooks/use-order-intent";
import type { Order } from "#core/api/shop-endpoints";
import { ConfirmDialog } from "./dialog";
import { Overlay } from "./overlay";
import { PaymentResultOverlay } from "./payment-result";
import { usePayment } from "../hooks/use-payment";
import { useToastOn } from "./toast";
import "./order-actions.css";

const FINAL = new Set<Order["status"]>(["closed", "completed", "used", "refunded"]);

/** Whether a refund may be asked for (the gateway's rule): every coupon unused, or goods not shipped yet; never a gift. */
export function refundable(order: Order): boolean {
  if (order.orderKind === "gift" || order.refund !== null) return false;
  if (order.status === "awaiting_shipment") return true;
  return order.status === "received" && order.coupons.length > 0 && order.coupons.every((coupon) => coupon.status === "unused");
}

/** Whether the member may delete it: finished, or every coupon expired. */
export function deletable(order: Order): boolean {
  return FINAL.has(order.status) || (order.status === "received" && order.coupons.length > 0 && order.coupons.every((coupon) => coupon.status === "expired"));
}

/** One of the order's buttons: its intent, sent once per form (its key), guarded against a double tap. */
function useOrderButton(intent: "cancel" | "receive" | "delete", orderId: number) {
  const { t } = useTranslation();
  const order = useOrderIntent();
  const form = useIdempotencyKey();
  const guard = useDoubleTapGuard();
  useEffect(() => {
    if (order.state === "idle" && order.data?.ok) form.done();
  }, [order.state, order.data, form]);
  useToastOn(order.state === "idle" ? order.data : undefined, (reply) => (reply.ok && reply.intent === "cancel" ? t("toast.orderCancelled") : null));
  return {
    busy: order.busy,
    mark: guard.mark,
    refusal: order.data && !order.data.ok ? order.data.message : null,
    send: () => guard.run(() => order.send({ intent, orderId, idempotencyKey: form.key() })),
  };
}

export function OrderActions({ order, compact = false }: { order: Order; compact?: boolean }) {
  const { t } = useTranslation();
  const payment = usePayment();
  const cancel = useOrderButton("cancel", order.id);
  const receive = useOrderButton("receive", order.id);
  const remove = useOrderButton("delete", order.id);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const payGuard = useDoubleTapGuard();
  const network = useNetworkCheck();
  const refusal = cancel.refusal ?? receive.refusal ?? remove.refusal;
  const size = compact ? " button--small" : "";

  return (
    <>
      <div className="order-actions">
        {order.status === "awaiting_payment" ? (
          <>
            <button type="button" className={`button button--secondary${size}`} disabled={cancel.busy || payment.busy} onClick={cancel.send} {...cancel.mark}>
              {t("order.cancel")}
            </button>
            <button
              type="button"
              className={`button button--primary${size}`}
              disabled={payment.busy || cancel.busy}
              onClick={() => payGuard.run(() => network.whenOnline(() => void payment.pay(order)))}
              {...payGuard.mark}
            >
              {payment.busy ? t("offer.paying") : t("order.payNow")}
            </button>
          </>
        ) : null}
        {order.status === "awaiting_receipt" || order.status === "awaiting_pickup" ? (
          <button type="button" className={`button button--primary${size}`} disabled={receive.busy} onClick={receive.send} {...receive.mark}>
            {t("order.confirmReceipt")}
          </button>
        ) : null}
        {refundable(order) ? (
          <Link to={`/refund_application/${order.id}`} className={`button button--secondary${size}`}>
            {t("order.refund")}
          </Link>
        ) : null}
        {deletable(order) ? (
          <button type="button" className={`button button--secondary${size}`} disabled={remove.busy} onClick={() => setConfirmDelete(true)}>
            {t("order.delete")}
          </button>
        ) : null}
        {order.orderKind !== "gift" && (FINAL.has(order.status) || order.status === "received") ? (
          <Link to={`/coupon_details/${order.offerId}`} className={`button button--secondary${size}`}>
            {t("order.buyAgain")}
          </Link>
        ) : null}
      </div>
      {refusal ? (
        <p className="form-message" role="alert">
          {refusal}
        </p>
      ) : payment.cancelled ? (
        <p className="order-actions__note" role="status">
          {t("offer.paymentCancelled")}
        </p>
      ) : null}
      {network.notice}

      {confirmDelete ? (
        <Overlay>
          <ConfirmDialog title={t("order.deleteTitle")} confirmLabel={t("order.delete")} onCancel={() => setConfirmDelete(false)} onConfirm={remove.send} confirmMark={remove.mark}>
            <p>{t("order.deleteBody")}</p>
          </ConfirmDialog>
        </Overlay>
      ) : null}
      <PaymentResultOverlay payment={payment} />
    </>
  );
}

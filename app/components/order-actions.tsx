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
import { CheckCircleIcon } from "./icons";
import { Overlay } from "./overlay";
import { PaymentResultOverlay } from "./payment-result";
import { usePayment } from "../hooks/use-payment";
import { formatPoints } from "../lib/money/format";
import { useToastOn } from "./toast";
import "./order-actions.css";

const FINAL = new Set<Order["status"]>(["closed", "completed", "used", "refunded"]);

/** Whether a refund may be asked for (the gateway's rule): every coupon unused, or goods not shipped yet; never a gift. */
export function refundable(order: Order): boolean {
  if (order.orderKind === "gift" || order.refund !== null) return false;
  if (order.status === "awaiting_shipment") return true;
  return order.status === "received" && order.coupons.length > 0 && order.coupons.every((coupon) => coupon.status === "unused");
}

/** Why a refund may not be asked for (`refund.why.*`), for an order that is not `refundable`: the reason, not the status. */
export function notRefundableReason(order: Order): { key: string; count?: number; total?: number } {
  if (order.orderKind === "gift") return { key: "refund.why.gift" };
  if (order.status === "awaiting_payment") return { key: "refund.why.unpaid" };
  if (order.status === "closed") return { key: "refund.why.closed" };
  if (order.status === "awaiting_receipt" || order.status === "awaiting_pickup" || (order.status === "completed" && order.coupons.length === 0)) return { key: "refund.why.shipped" };
  const used = order.coupons.filter((coupon) => coupon.status === "used").length;
  const total = order.coupons.length;
  if (used > 0 && used < total) return { key: "refund.why.partlyUsed", count: used, total };
  if (used > 0) return { key: "refund.why.used" };
  if (order.coupons.some((coupon) => coupon.status === "expired")) return { key: "refund.why.expired" };
  return { key: "refund.why.other" };
}

/** Whether the member may delete it: finished, or every coupon expired. */
export function deletable(order: Order): boolean {
  return FINAL.has(order.status) || (order.status === "received" && order.coupons.length > 0 && order.coupons.every((coupon) => coupon.status === "expired"));
}

/** One of the order's buttons: its intent, sent once per form (its key), guarded against a double tap. */
function useOrderButton(intent: "cancel" | "receive" | "delete", order: Pick<Order, "id" | "mcoinUsed">) {
  const orderId = order.id;
  const { t } = useTranslation();
  const sent = useOrderIntent();
  const form = useIdempotencyKey();
  const guard = useDoubleTapGuard();
  useEffect(() => {
    if (sent.state === "idle" && sent.data?.ok) form.done();
  }, [sent.state, sent.data, form]);
  // A cancelled order's mCoin are back at once (the gateway releases what the order held): the toast says so.
  useToastOn(sent.state === "idle" ? sent.data : undefined, (reply) =>
    reply.ok && reply.intent === "cancel" ? (order.mcoinUsed > 0 ? t("toast.orderCancelledMcoin", { mcoin: formatPoints(order.mcoinUsed) }) : t("toast.orderCancelled")) : null,
  );
  return {
    busy: sent.busy,
    mark: guard.mark,
    refusal: sent.data && !sent.data.ok ? sent.data.message : null,
    send: () => guard.run(() => sent.send({ intent, orderId, idempotencyKey: form.key() })),
  };
}

export function OrderActions({ order, compact = false }: { order: Order; compact?: boolean }) {
  const { t } = useTranslation();
  const payment = usePayment();
  const cancel = useOrderButton("cancel", order);
  const receive = useOrderButton("receive", order);
  const remove = useOrderButton("delete", order);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const payGuard = useDoubleTapGuard();
  const network = useNetworkCheck();
  const refusal = cancel.refusal ?? receive.refusal ?? remove.refusal;
  const size = compact ? " button--small" : "";

  return (
    <>
      <div className="order-actions">
        {order.status === "awaiting_payment" ? (
          <>
            <button type="button" className={`button button--secondary${size}`} disabled={cancel.busy || payment.busy} onClick={() => setConfirmCancel(true)}>
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
          <CheckCircleIcon />
          {t("offer.paymentCancelled")}
        </p>
      ) : null}
      {network.notice}

      {confirmCancel ? (
        <Overlay>
          <ConfirmDialog
            title={t("order.cancelTitle")}
            confirmLabel={t("order.cancel")}
            cancelLabel={t("order.keep")}
            onCancel={() => setConfirmCancel(false)}
            onConfirm={cancel.send}
            confirmMark={cancel.mark}
          >
            <p>{order.mcoinUsed > 0 ? t("order.cancelBodyMcoin", { mcoin: formatPoints(order.mcoinUsed) }) : t("order.cancelBody")}</p>
          </ConfirmDialog>
        </Overlay>
      ) : null}
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

/**
 * The payment result pop-up (spec section 2): success with 'view coupons' (where, by the order's
 * payment type) and 'back to top', failure with its reason, or still processing with 'check again'.
 * The verdict is the gateway's (hooks/use-payment.ts), never the cashier's alone.
 */
import { useNavigate, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Order } from "#core/api/shop-endpoints";
import { PAYMENT_TYPES } from "#core/api/vocabulary";
import type { PaymentVerdict, usePayment } from "../hooks/use-payment";
import { formatPoints } from "../lib/money/format";
import type { loader as rootLoader } from "../root";
import { ResultDialog } from "./dialog";
import { CheckCircleIcon, ClockIcon, CrossCircleIcon, HomeIcon } from "./icons";
import { Overlay } from "./overlay";

/** The payment result pop-up of a payment from usePayment(), once there is a verdict. */
export function PaymentResultOverlay({ payment }: { payment: ReturnType<typeof usePayment> }) {
  return payment.verdict ? (
    <Overlay>
      <PaymentResult verdict={payment.verdict} onDismiss={payment.dismiss} onCheckAgain={payment.checkAgain} />
    </Overlay>
  ) : null;
}

/** What the result pop-up needs of what was paid: an order, or an Asia Miles redemption (payment type 5). */
export type ResultOrder = Pick<Order, "id" | "paymentType" | "couponUrl" | "mcoinEarned" | "cashCents">;

/**
 * Where 'view coupons' leads, by the order's payment type (spec section 2); with no payment id to my
 * coupons: an order paid in mCoin alone never goes through the wallet's cashier. (A miles order is
 * paid in mCoin, and is its own payment: the spec's "miles order detail with the payment id".)
 */
export function couponsPath(order: ResultOrder | null): { to: string; external: boolean } {
  if (!order || (order.cashCents === 0 && order.paymentType !== PAYMENT_TYPES.miles)) return { to: "/mycoupon", external: false };
  switch (order.paymentType) {
    case PAYMENT_TYPES.miles:
      return { to: `/asiaMiles_order/${order.id}`, external: false };
    case PAYMENT_TYPES.external:
      return order.couponUrl ? { to: order.couponUrl, external: true } : { to: `/order_details/${order.id}`, external: false };
    case PAYMENT_TYPES.thirdParty:
      return { to: `/other_order_details/${order.id}`, external: false };
    default:
      return { to: `/order_details/${order.id}`, external: false };
  }
}

/** The payment result pop-up: success, failure, or still processing. */
export function PaymentResult({ verdict, onDismiss, onCheckAgain }: { verdict: PaymentVerdict | { kind: "success"; order: ResultOrder }; onDismiss(): void; onCheckAgain(order: Order): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const root = useRouteLoaderData<typeof rootLoader>("root");

  const viewCoupons = () => {
    const target = couponsPath(verdict.order);
    if (target.external) window.location.assign(target.to);
    else navigate(target.to);
  };

  return (
    <ResultDialog
      kind={verdict.kind}
      art={
        verdict.kind === "success" ? (
          <CheckCircleIcon className="payment-result__art" />
        ) : verdict.kind === "failure" ? (
          <CrossCircleIcon className="payment-result__art" />
        ) : (
          <ClockIcon className="payment-result__art" />
        )
      }
      title={t(`payment.${verdict.kind}.title`)}
      body={
        verdict.kind === "success"
          ? verdict.order.mcoinEarned > 0
            ? t("payment.success.earned", { mcoin: formatPoints(verdict.order.mcoinEarned) })
            : t("payment.success.body")
          : verdict.kind === "failure"
            ? t(`payment.failure.${verdict.reason}`)
            : t("payment.processing.body")
      }
    >
      {verdict.kind === "success" ? (
        <>
          <button type="button" className="button button--primary button--block" onClick={viewCoupons}>
            {t("payment.viewCoupons")}
          </button>
          {root?.secretDoor ? null : (
            // The spec's words ('back to top'), with where they lead under them: the mall's home.
            <button type="button" className="button button--secondary button--block payment-result__home" onClick={() => navigate("/index", { replace: true })}>
              <HomeIcon className="icon icon--small" />
              {t("payment.backToTop")}
              <small className="payment-result__home-hint">{t("payment.backToTopHint")}</small>
            </button>
          )}
        </>
      ) : verdict.kind === "failure" ? (
        <>
          <button type="button" className="button button--primary button--block" onClick={onDismiss}>
            {t("common.confirm")}
          </button>
          {verdict.reason === "PAYMENT_FAILED" ? (
            // The order stays unpaid: where to pay it later, rather than leaving the member to find it.
            <button type="button" className="button button--secondary button--block" onClick={() => navigate(`/order_details/${verdict.order.id}`)}>
              {t("payment.payLater")}
            </button>
          ) : null}
        </>
      ) : (
        <>
          <button type="button" className="button button--primary button--block" onClick={() => onCheckAgain(verdict.order)}>
            {t("payment.checkAgain")}
          </button>
          <button type="button" className="button button--secondary button--block" onClick={onDismiss}>
            {t("common.close")}
          </button>
        </>
      )}
    </ResultDialog>
  );
}

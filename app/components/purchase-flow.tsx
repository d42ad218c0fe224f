/**
 * Buying, from the checkout button to the payment result pop-up (spec section 2, "payment
 * confirmation" and "payment result pop-up"; docs/architecture.md, "Payment is settled server to server"):
 *
 * 1. Checkout opens the confirmation: the payment method and the order (item, pieces, mCoin, cash).
 * 2. Pay submits the checkout with an idempotency key minted when this confirmation was rendered: a
 *    double tap, a retry or a resubmission sends the same key, and the gateway places one order.
 * 3. An order with cash to pay goes to the wallet's cashier (the host bridge's choose-payment). Leaving
 *    the cashier cancels the order, and its mCoin and stock go back.
 * 4. Whatever the cashier says, the result comes from the gateway: the page asks for the order's
 *    status (a few times, then 'still processing' with a way to check again).
 */
import { Link, useFetcher, useNavigate, useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useDoubleTapGuard } from "../hooks/use-double-tap-guard";
import { useNetworkCheck } from "../hooks/use-network-check";
import { useOrderIntent } from "../hooks/use-order-intent";
import type { Address } from "#core/api/endpoints";
import type { OfferDetail, Order } from "#core/api/shop-endpoints";
import { PAYMENT_TYPES } from "#core/api/vocabulary";
import { FIRST_COUPON_TAB, setCouponTab } from "../lib/coupon-tab";
import { getHostBridge } from "../lib/host-bridge";
import { isUnconfirmed, newIdempotencyKey } from "../lib/idempotency-key";
import { formatMoney, formatPoints } from "../lib/money/format";
import type { loader as rootLoader } from "../root";
import type { OfferActionResult } from "../routes/coupon-details.server";
import { ResultDialog } from "./dialog";
import { CheckCircleIcon, ClockIcon, CrossCircleIcon } from "./icons";
import { Overlay } from "./overlay";
import "./purchase-flow.css";

/** Times the page asks for the order's status after the cashier, one second apart. */
const STATUS_CHECKS = 6;
const STATUS_INTERVAL_MS = 1_000;

const SETTLED = new Set<Order["status"]>(["received", "awaiting_shipment", "awaiting_receipt", "awaiting_pickup", "completed", "used"]);

export type PaymentVerdict = { kind: "success"; order: Order } | { kind: "failure"; order: Order; reason: "PAID_AFTER_CLOSE" | "PAYMENT_FAILED" | "CLOSED" } | { kind: "processing"; order: Order };

type StatusReply = { ok: true; order: Order } | { ok: false; code: string };

async function fetchOrder(orderId: number): Promise<Order | null> {
  try {
    const response = await fetch(`/resources/order-status?orderId=${orderId}&isRefresh=1`, { headers: { accept: "application/json" } });
    const reply = (await response.json()) as StatusReply;
    return reply.ok ? reply.order : null;
  } catch {
    return null;
  }
}

function verdictOf(order: Order, cashier: "paid" | "failed"): PaymentVerdict | null {
  if (SETTLED.has(order.status)) return { kind: "success", order };
  if (order.status === "closed") return { kind: "failure", order, reason: order.failure?.code ?? "CLOSED" };
  if (cashier === "failed") return { kind: "failure", order, reason: "PAYMENT_FAILED" };
  return null;
}

/**
 * Pays for an order awaiting payment: the cashier, then the gateway's word on it. Also used by an
 * unpaid order's 'pay now'. Leaving the cashier cancels the order (an order intent, whatever screen
 * this is on).
 */
export function usePayment() {
  const [verdict, setVerdict] = useState<PaymentVerdict | null>(null);
  /** The pop-up; success also sets the coupon tab back to 1 (spec section 4). */
  const show = useCallback((next: PaymentVerdict) => {
    if (next.kind === "success") setCouponTab(FIRST_COUPON_TAB);
    setVerdict(next);
  }, []);
  const [busy, setBusy] = useState(false);
  const cancel = useOrderIntent();
  const sendCancel = cancel.send;
  const revalidator = useRevalidator();
  const live = useRef(true);
  useEffect(() => () => void (live.current = false), []);

  /** Asks the gateway until the order is settled or closed, or the checks run out. */
  const settle = useCallback(
    async (order: Order, cashier: "paid" | "failed", checks = STATUS_CHECKS) => {
      setBusy(true);
      let latest = order;
      for (let check = 0; check < checks && live.current; check++) {
        if (check > 0) await new Promise((resolve) => setTimeout(resolve, STATUS_INTERVAL_MS));
        latest = (await fetchOrder(order.id)) ?? latest;
        const decided = verdictOf(latest, cashier);
        if (decided) {
          setBusy(false);
          show(decided);
          // "Refreshes basic information" (spec section 4): the balance, and every kept screen with it.
          revalidator.revalidate();
          return;
        }
      }
      setBusy(false);
      show({ kind: "processing", order: latest });
    },
    [revalidator, show],
  );

  const pay = useCallback(
    async (order: Order) => {
      if (order.status !== "awaiting_payment") {
        show(verdictOf(order, "paid") ?? { kind: "processing", order });
        revalidator.revalidate();
        return;
      }
      setBusy(true);
      const outcome = await getHostBridge()
        .choosePayment({ paymentId: order.orderNo, amount: order.cashCents / 100 })
        .catch(() => ({ status: "failed" as const }));
      // The host's analytics hear how the cashier went (page tags come from the frame).
      void getHostBridge().trackEvent({
        name: "payment",
        page: document.querySelector<HTMLElement>("[data-analytics-page]")?.dataset.analyticsPage,
        params: { outcome: outcome.status, orderKind: order.orderKind },
      });
      if (outcome.status === "cancelled") {
        setBusy(false);
        sendCancel({ intent: "cancel", orderId: order.id, idempotencyKey: newIdempotencyKey() });
        return;
      }
      await settle(order, outcome.status, outcome.status === "failed" ? 1 : STATUS_CHECKS);
    },
    [sendCancel, revalidator, settle, show],
  );

  return {
    pay,
    busy: busy || cancel.busy,
    verdict,
    cancelled: cancel.state === "idle" && cancel.data?.ok === true && cancel.data.intent === "cancel",
    checkAgain: (order: Order) => void settle(order, "paid", 1),
    dismiss: () => setVerdict(null),
  };
}

interface PurchaseFlowProps {
  offer: OfferDetail;
  quantity: number;
  mcoinUsed: number;
  cashCents: number;
  adult: boolean;
  /** Delivery goods: where they go (the member's default address), or null when they have none. */
  address: Address | null;
  disabled: boolean;
}

export function PurchaseFlow({ offer, quantity, mcoinUsed, cashCents, adult, address, disabled }: PurchaseFlowProps) {
  const { t } = useTranslation();
  // One guard per control: "a double tap" is two taps on the same one.
  const guardCheckout = useDoubleTapGuard();
  const guardPay = useDoubleTapGuard();
  const checkout = useFetcher<OfferActionResult>();
  const payment = usePayment();
  const network = useNetworkCheck();
  /** The confirmation being shown, with the idempotency key minted for it. */
  const [confirming, setConfirming] = useState<{ key: string } | null>(null);
  const submitting = checkout.state !== "idle";
  const placed = checkout.data?.ok && checkout.data.intent === "checkout" ? checkout.data.order : null;
  const refusal = checkout.data && !checkout.data.ok ? checkout.data.message : null;
  /**
   * A checkout whose outcome is unknown (a timeout, a dropped connection: the order may exist) keeps
   * its key: confirming the same purchase again, also after closing the confirmation, resends it, so
   * the gateway places one order whatever happened to the first reply.
   */
  const asked = `${quantity}|${mcoinUsed}|${adult ? 1 : 0}|${address?.id ?? ""}`;
  const sent = useRef<{ key: string; asked: string } | null>(null);
  const unconfirmed = useRef<{ key: string; asked: string } | null>(null);
  useEffect(() => {
    if (checkout.state !== "idle" || !checkout.data) return;
    unconfirmed.current = isUnconfirmed(checkout.data) ? sent.current : null;
  }, [checkout.state, checkout.data]);

  // The order was placed: on to the cashier, once.
  const handled = useRef<number | null>(null);
  useEffect(() => {
    if (!placed || checkout.state !== "idle" || handled.current === placed.id) return;
    handled.current = placed.id;
    setConfirming(null);
    void payment.pay(placed);
  }, [placed, checkout.state, payment]);

  const method = mcoinUsed > 0 && cashCents > 0 ? "mixed" : cashCents > 0 ? "cash" : "mcoin";

  return (
    <>
      <button
        type="button"
        className="button button--primary offer-bar__buy"
        elementtiming="offer-checkout"
        disabled={disabled || submitting || payment.busy}
        onClick={() => guardCheckout(() => setConfirming({ key: unconfirmed.current?.asked === asked ? unconfirmed.current.key : newIdempotencyKey() }))}
      >
        {payment.busy ? t("offer.paying") : t("offer.checkout")}
      </button>
      {payment.cancelled ? (
        <p className="offer-bar__note" role="status">
          {t("offer.paymentCancelled")}
        </p>
      ) : null}

      {confirming ? (
        <Overlay>
          {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- a tap beside the sheet is a pointer's shortcut; the keyboard has the sheet's Cancel button */}
          <div className="sheet-scrim" onClick={(event) => event.target === event.currentTarget && !submitting && setConfirming(null)}>
            <checkout.Form
              method="post"
              className="sheet"
              role="dialog"
              aria-modal="true"
              aria-labelledby="confirm-title"
              onSubmit={(event) => {
                // The page blocks a second tap within 300 ms; the key makes any repeat harmless anyway.
                if (submitting) event.preventDefault();
                else sent.current = { key: confirming.key, asked };
              }}
            >
              <h2 id="confirm-title" className="sheet__title">
                {t("confirm.title")}
              </h2>
              <input type="hidden" name="intent" value="checkout" />
              <input type="hidden" name="quantity" value={quantity} />
              <input type="hidden" name="mcoinUsed" value={mcoinUsed} />
              <input type="hidden" name="adult" value={adult ? "1" : "0"} />
              <input type="hidden" name="idempotencyKey" value={confirming.key} />
              {address ? <input type="hidden" name="addressId" value={String(address.id)} /> : null}
              <dl className="sheet__rows">
                <div>
                  <dt>{t("confirm.method")}</dt>
                  <dd>{t(`confirm.methods.${method}`)}</dd>
                </div>
                <div>
                  <dt>{t("confirm.item")}</dt>
                  <dd>{offer.title}</dd>
                </div>
                <div>
                  <dt>{t("confirm.quantity")}</dt>
                  <dd>{quantity}</dd>
                </div>
                <div>
                  <dt>{t("confirm.mcoin")}</dt>
                  <dd>{formatPoints(mcoinUsed)}</dd>
                </div>
                {offer.fulfilment === "delivery" ? (
                  <div className="sheet__address">
                    <dt>{t("order.deliverTo")}</dt>
                    <dd data-testid="checkout-address">
                      {address ? `${address.name} ${address.areaCode} ${address.mobile}, ${address.area} ${address.address}` : <Link to="/editAddress">{t("shop.refusal.ADDRESS_REQUIRED")}</Link>}
                    </dd>
                  </div>
                ) : offer.fulfilment === "pickup" ? (
                  <div>
                    <dt>{t("order.pickup")}</dt>
                    <dd>{t("order.pickupNote")}</dd>
                  </div>
                ) : null}
                <div className="sheet__total">
                  <dt>{t("confirm.cash")}</dt>
                  <dd>{formatMoney(cashCents / 100)}</dd>
                </div>
              </dl>
              {refusal ? (
                <p className="form-message" role="alert">
                  {refusal}
                </p>
              ) : null}
              {network.notice}
              <div className="sheet__actions">
                <button type="button" className="button button--secondary" disabled={submitting} onClick={() => setConfirming(null)}>
                  {t("common.cancel")}
                </button>
                <button type="submit" className="button button--primary" disabled={submitting || (offer.fulfilment === "delivery" && !address)} onClick={(event) => network.guard(event, guardPay)}>
                  {submitting ? t("confirm.placing") : cashCents > 0 ? t("confirm.pay", { amount: formatMoney(cashCents / 100) }) : t("confirm.payMcoin")}
                </button>
              </div>
            </checkout.Form>
          </div>
        </Overlay>
      ) : null}

      <PaymentResultOverlay payment={payment} />
    </>
  );
}

/** The payment result pop-up of a payment from usePayment(), once there is a verdict. */
export function PaymentResultOverlay({ payment }: { payment: ReturnType<typeof usePayment> }) {
  return payment.verdict ? (
    <Overlay>
      <PaymentResult verdict={payment.verdict} onDismiss={payment.dismiss} onCheckAgain={payment.checkAgain} />
    </Overlay>
  ) : null;
}

/** What the result pop-up needs of what was paid: an order, or an Asia Miles redemption (payment type 5). */
export type ResultOrder = Pick<Order, "id" | "paymentType" | "couponUrl" | "mcoinEarned">;

/** Where 'view coupons' leads, by the order's payment type (spec section 2). */
export function couponsPath(order: ResultOrder | null): { to: string; external: boolean } {
  if (!order) return { to: "/mycoupon", external: false };
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
            <button type="button" className="button button--secondary button--block" onClick={() => navigate("/index", { replace: true })}>
              {t("payment.backToTop")}
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

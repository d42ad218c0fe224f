/**
 * Buying, from the checkout button to the payment result pop-up (spec section 2, "payment
 * confirmation" and "payment result pop-up"; docs/architecture.md, "Payment is settled server to server"):
 *
 * 1. Checkout opens the confirmation: the payment method and the order (item, pieces, mCoin, cash).
 * 2. Pay submits the checkout with an idempotency key minted when this confirmation was rendered: a
 *    double tap, a retry or a resubmission sends the same key, and the gateway places one order.
 * 3. An order with cash to pay goes to the wallet's cashier (the host bridge's choose-payment). Leaving
 *    the cashier cancels the order, and its mCoin and stock go back (hooks/use-payment.ts).
 * 4. Whatever the cashier says, the result comes from the gateway: the page asks for the order's
 *    status (a few times, then 'still processing' with a way to check again), and the pop-up says it
 *    (components/payment-result.tsx).
 */
import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useDoubleTapGuard } from "../hooks/use-double-tap-guard";
import { useNetworkCheck } from "../hooks/use-network-check";
import { usePayment } from "../hooks/use-payment";
import type { Address } from "#core/api/endpoints";
import type { OfferDetail } from "#core/api/shop-endpoints";
import { isUnconfirmed, newIdempotencyKey } from "../lib/idempotency-key";
import { formatMoney, formatPoints } from "../lib/money/format";
import type { OfferActionResult } from "../routes/coupon-details.server";
import { Overlay } from "./overlay";
import { PaymentResultOverlay } from "./payment-result";
import "./purchase-flow.css";

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
        {...guardCheckout.mark}
        onClick={() => guardCheckout.run(() => setConfirming({ key: unconfirmed.current?.asked === asked ? unconfirmed.current.key : newIdempotencyKey() }))}
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
                <button
                  type="submit"
                  className="button button--primary"
                  disabled={submitting || (offer.fulfilment === "delivery" && !address)}
                  onClick={(event) => network.guard(event, guardPay)}
                  {...guardPay.mark}
                >
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

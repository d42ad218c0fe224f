/**
 * The simulated host's cashier (when the mall runs without the wallet app): the sheet the wallet
 * would show for a payment, offering to pay, to pay with the confirmation delayed, to fail, or to
 * leave. Paying is done by the sandbox's stand-in for the wallet, which settles with the gateway
 * server to server as the wallet's back end would; the page then asks the gateway, as it would
 * inside the wallet.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { serveCashier, type CashierTicket } from "../lib/host-bridge";
import { formatMoney } from "../lib/money/format";
import { Overlay } from "./overlay";
import "./simulated-cashier.css";

/** How long "paid, confirmation delayed" keeps the wallet's notice back. */
const DELAYED_CONFIRMATION_MS = 12_000;

type Choice = "paid" | "delayed" | "failed" | "cancelled";

export function SimulatedCashier({ walletUrl }: { walletUrl: string | null }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<CashierTicket | null>(null);
  const [working, setWorking] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => serveCashier(setPending), []);
  useEffect(() => {
    if (pending) ref.current?.focus();
  }, [pending]);

  if (!pending) return null;
  const { request, answer } = pending;

  const choose = async (choice: Choice) => {
    if (choice === "cancelled" || !walletUrl) {
      setPending(null);
      answer(choice === "cancelled" ? { status: "cancelled" } : { status: "failed", message: "no wallet to pay with" });
      return;
    }
    setWorking(true);
    try {
      const response = await fetch(`${walletUrl}/__wallet/pay`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          orderNo: request.paymentId,
          amountCents: Math.round(request.amount * 100),
          outcome: choice === "failed" ? "failed" : "paid",
          delayMs: choice === "delayed" ? DELAYED_CONFIRMATION_MS : 0,
        }),
      });
      answer(response.ok && choice !== "failed" ? { status: "paid" } : { status: "failed" });
    } catch {
      answer({ status: "failed" });
    } finally {
      setWorking(false);
      setPending(null);
    }
  };

  return (
    <Overlay>
      <div className="sheet-scrim sheet-scrim--cashier">
        <div className="sheet cashier" role="dialog" aria-modal="true" aria-labelledby="cashier-title" tabIndex={-1} ref={ref}>
          <p className="cashier__brand">{t("cashier.brand")}</p>
          <h2 id="cashier-title" className="sheet__title">
            {t("cashier.title")}
          </h2>
          <p className="cashier__amount">{formatMoney(request.amount)}</p>
          <p className="cashier__order">{t("cashier.order", { orderNo: request.paymentId })}</p>
          <div className="cashier__choices">
            <button type="button" className="button button--primary button--block" disabled={working} onClick={() => void choose("paid")}>
              {t("cashier.pay")}
            </button>
            <button type="button" className="button button--secondary button--block" disabled={working} onClick={() => void choose("delayed")}>
              {t("cashier.payDelayed")}
            </button>
            <button type="button" className="button button--secondary button--block" disabled={working} onClick={() => void choose("failed")}>
              {t("cashier.fail")}
            </button>
            <button type="button" className="button button--text button--block" disabled={working} onClick={() => void choose("cancelled")}>
              {t("cashier.leave")}
            </button>
          </div>
          <p className="cashier__note">{t("cashier.note")}</p>
        </div>
      </div>
    </Overlay>
  );
}

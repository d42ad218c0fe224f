/**
 * The refund's form: what comes back (only what was paid, the cash and the mCoin apart, less the
 * earning taken back; while the balance cannot cover it, how many mCoin are missing, and the form does
 * not submit), one of the spec's reasons, remarks (needed for "other"), and the member's word that the
 * coupons become invalid for good: asked in the mall's one confirmation sheet, as cancelling an order
 * and deleting are. It works without JavaScript: the key comes from the loader, and the word is a
 * checkbox that only a page without scripts shows.
 */
import { Form } from "@remix-run/react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { REFUND_REASONS, REFUND_REMARKS_MAX } from "#core/api/vocabulary";
import type { RefundTerms } from "#core/money/refund";
import { ConfirmDialog } from "../../components/dialog";
import { useHydrated } from "../../hooks/use-hydrated";
import { formatMoney, formatPoints } from "../../lib/money/format";
import type { OrderActionResult } from "../../server/order-actions.server";
import { reversalParts } from "./earning-rows";
import { RefundPhotos } from "./refund-photos";

interface RefundFormProps {
  idempotencyKey: string;
  terms: RefundTerms;
  /** The member's mCoin balance, which the terms were reckoned on. */
  balance: number;
  /** The mCoin the order earned, which go back in full. */
  mcoinEarned: number;
  /** The last request's refusal, kept with what was typed. */
  refusal: Extract<OrderActionResult, { ok: false }> | null;
  busy: boolean;
}

export function RefundForm({ idempotencyKey, terms, balance, mcoinEarned, refusal, busy }: RefundFormProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<string>("");
  const [remarks, setRemarks] = useState("");
  const fieldErrors = refusal?.fieldErrors ?? {};
  const [fromRefund, fromBalance] = reversalParts(terms.reversal, t);
  // "Other" needs remarks: said as soon as it is chosen, and a submit without them stays here with the
  // message at the field (the server refuses it the same way when scripts have not run).
  const remarksField = useRef<HTMLTextAreaElement>(null);
  const [triedWithout, setTriedWithout] = useState(false);
  const remarksMissing = reason === "other" && remarks.trim() === "";
  const remarksError = fieldErrors.remarks ?? (triedWithout && remarksMissing ? t("refund.remarksRequired") : null);
  // The sheet asks before the form goes; its "submit" sends the form once more, confirmed.
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const [asking, setAsking] = useState(false);
  // A photo still on its way holds the form: its id is not known yet.
  const [photosPending, setPhotosPending] = useState(false);
  const confirmed = useRef(false);
  return (
    <Form
      ref={form}
      method="post"
      className="refund-form"
      noValidate
      aria-describedby={refusal ? "refund-refusal" : undefined}
      onSubmit={(event) => {
        if (remarksMissing) {
          event.preventDefault();
          setTriedWithout(true);
          remarksField.current?.focus();
          return;
        }
        if (confirmed.current) {
          confirmed.current = false;
          return;
        }
        event.preventDefault();
        setAsking(true);
      }}
    >
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {hydrated ? <input type="hidden" name="confirmed" value="1" /> : null}
      <input type="hidden" name="intent" value="refund" />

      <section className="card offer-section refund-form__amounts" aria-labelledby="refund-amounts">
        <h2 id="refund-amounts" className="offer-section__title">
          {t("refund.amountsTitle")}
        </h2>
        {/* The mCoin as a worked sum: what was paid, the earning kept from it, and what comes back, so
            the amount back is never read as one more part to add. What the balance gives up is apart. */}
        <dl className="order-rows refund-form__sum">
          <div>
            <dt>{t("refund.cashBack")}</dt>
            <dd data-testid="refund-cash">{formatMoney(terms.cashBackCents / 100)}</dd>
          </div>
          {fromRefund ? (
            <div>
              <dt>{t("refund.mcoinPaid")}</dt>
              <dd data-testid="refund-mcoin-paid">{formatPoints(terms.mcoinBack + terms.reversal.fromMcoinRefund)}</dd>
            </div>
          ) : null}
          {fromRefund ? <ReversalRow part={fromRefund} /> : null}
          <div className={fromRefund ? "refund-form__total" : undefined}>
            <dt>{t("refund.mcoinBack")}</dt>
            <dd data-testid="refund-mcoin">{formatPoints(terms.mcoinBack)}</dd>
          </div>
          {fromBalance ? <ReversalRow part={fromBalance} /> : null}
        </dl>
        <p className="field__hint">{t("refund.onlyPaid")}</p>
        {mcoinEarned > 0 ? <p className="field__hint">{t("refund.earningBack", { count: mcoinEarned })}</p> : null}
        {terms.shortfall > 0 ? (
          <p className="form-message" role="note" id="refund-shortfall" data-testid="refund-shortfall">
            {t("refund.shortfall", { count: terms.shortfall, balance: formatPoints(balance) })}
          </p>
        ) : null}
      </section>

      <fieldset className="card offer-section refund-form__reasons" aria-invalid={fieldErrors.reason ? true : undefined} aria-describedby={fieldErrors.reason ? "refund-reason-error" : undefined}>
        <legend className="offer-section__title">{t("refund.reasonLabel")}</legend>
        {REFUND_REASONS.map((value) => (
          <label key={value} className="refund-form__reason">
            <input type="radio" name="reason" value={value} required checked={reason === value} onChange={() => setReason(value)} />
            <span>{t(`refund.reason.${value}`)}</span>
          </label>
        ))}
        {fieldErrors.reason ? (
          <p id="refund-reason-error" className="field__error">
            {fieldErrors.reason}
          </p>
        ) : null}
      </fieldset>

      <div className="card offer-section field">
        <label htmlFor="refund-remarks" className="offer-section__title">
          {t("refund.remarksLabel")}
          <span className="field__need">{t(reason === "other" ? "refund.remarksNeeded" : "refund.remarksOptional")}</span>
        </label>
        <textarea
          className="field__input"
          id="refund-remarks"
          ref={remarksField}
          name="remarks"
          rows={3}
          maxLength={REFUND_REMARKS_MAX}
          value={remarks}
          onChange={(event) => setRemarks(event.target.value)}
          required={reason === "other"}
          aria-invalid={remarksError ? true : undefined}
          aria-describedby="refund-remarks-hint refund-remarks-error"
        />
        <p id="refund-remarks-hint" className="field__hint">
          {t("refund.remarksHint", { max: REFUND_REMARKS_MAX })} · {remarks.length}/{REFUND_REMARKS_MAX}
        </p>
        {remarksError ? (
          <p id="refund-remarks-error" className="field__error">
            {remarksError}
          </p>
        ) : null}
      </div>

      <RefundPhotos onPendingChange={setPhotosPending} />

      <div className="card offer-section refund-form__confirm">
        <p className="refund-form__warning" role="note">
          {t("refund.irreversible")}
        </p>
        <noscript>
          <label className="refund-form__check">
            <input type="checkbox" name="confirmed" value="1" required aria-invalid={fieldErrors.confirmed ? true : undefined} />
            <span>{t("refund.confirmLabel")}</span>
          </label>
        </noscript>
        {fieldErrors.confirmed ? <p className="field__error">{fieldErrors.confirmed}</p> : null}
      </div>

      {refusal ? (
        <p id="refund-refusal" className="form-message" role="alert">
          {refusal.message}
        </p>
      ) : null}
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={busy || photosPending || terms.shortfall > 0}
        aria-describedby={terms.shortfall > 0 ? "refund-shortfall" : undefined}
      >
        {t("refund.submit")}
      </button>
      {asking ? (
        <ConfirmDialog
          title={t("refund.confirmTitle")}
          confirmLabel={t("refund.submit")}
          cancelLabel={t("refund.keepCoupons")}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            confirmed.current = true;
            form.current?.requestSubmit();
          }}
        >
          <p>{t("refund.irreversible")}</p>
          <p data-testid="refund-confirm-back">
            {t(terms.cashBackCents === 0 ? "refund.confirmBackMcoin" : terms.mcoinBack === 0 ? "refund.confirmBackCash" : "refund.confirmBack", {
              cash: formatMoney(terms.cashBackCents / 100),
              mcoin: formatPoints(terms.mcoinBack),
            })}
          </p>
        </ConfirmDialog>
      ) : null}
    </Form>
  );
}

/** A part of the earning taken back: where from, and the amount (earning-rows.ts `reversalParts`). */
function ReversalRow({ part: [term, amount] }: { part: [string, string] }) {
  return (
    <div data-testid="refund-reversal">
      <dt>{term}</dt>
      <dd>{amount}</dd>
    </div>
  );
}

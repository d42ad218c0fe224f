/**
 * The redemption form: the member's name as on the airline membership, the membership number twice,
 * the member name they make, an amount from the offered steps, and the terms to tick; each field
 * with its error, then the gateway's refusal when it belongs to none of them.
 */
import type { FetcherWithComponents } from "@remix-run/react";
import { useId, useState, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import type { MilesProduct } from "#core/api/promotion-endpoints";
import { formatPoints } from "../../lib/money/format";
import type { TapGuardMark } from "../../hooks/use-double-tap-guard";

interface RedeemFormProps {
  /** The redemption fetcher's form. */
  Form: FetcherWithComponents<unknown>["Form"];
  product: MilesProduct;
  idempotencyKey: string;
  /** Errors by field. */
  errors: Record<string, string>;
  /** The gateway's refusal of the membership number. */
  accountError?: string;
  /** A refusal that belongs to no field and is not shown otherwise (a dialog, a toast). */
  message: string | null;
  busy: boolean;
  onSubmit(event: MouseEvent<HTMLButtonElement>): void;
  /** The double-tap guard's mark for the submit button (hooks/use-double-tap-guard.ts). */
  tapGuard: TapGuardMark;
}

export function RedeemForm({ Form, product, idempotencyKey, errors, accountError, message, busy, onSubmit, tapGuard }: RedeemFormProps) {
  const { t } = useTranslation();
  const formId = useId();
  const [names, setNames] = useState({ lastName: "", firstName: "" });
  const memberName = [names.lastName, names.firstName]
    .map((part) => part.trim().toUpperCase())
    .filter(Boolean)
    .join(" ");

  const field = (name: string, label: string, props: JSX.IntrinsicElements["input"], error?: string) => (
    <div className="field">
      <label className="field__label" htmlFor={`${formId}-${name}`}>
        {label}
      </label>
      <input
        id={`${formId}-${name}`}
        name={name}
        className="field__input"
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${formId}-${name}-error` : undefined}
        {...props}
      />
      {error ? (
        <p className="field__error" id={`${formId}-${name}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );

  return (
    <Form method="post" className="card miles__form" noValidate aria-labelledby="miles-form-title">
      <h2 id="miles-form-title" className="offer-section__title">
        {t("miles.formTitle", { programme: product.programme })}
      </h2>
      <input type="hidden" name="intent" value="redeem" />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <div className="miles__names">
        {field(
          "lastName",
          t("miles.lastName"),
          { autoComplete: "family-name", autoCapitalize: "characters", maxLength: 40, onChange: (event) => setNames((previous) => ({ ...previous, lastName: event.target.value })) },
          errors.lastName,
        )}
        {field(
          "firstName",
          t("miles.firstName"),
          { autoComplete: "given-name", autoCapitalize: "characters", maxLength: 40, onChange: (event) => setNames((previous) => ({ ...previous, firstName: event.target.value })) },
          errors.firstName,
        )}
      </div>
      {field("memberNo", t("miles.memberNo"), { inputMode: "numeric", autoComplete: "off", maxLength: 10, pattern: "\\d{10}" }, errors.memberNo ?? accountError)}
      {field("memberNoAgain", t("miles.memberNoAgain"), { inputMode: "numeric", autoComplete: "off", maxLength: 10, pattern: "\\d{10}" }, errors.memberNoAgain)}
      <div className="field">
        <span className="field__label" id={`${formId}-member-name`}>
          {t("miles.memberName")}
        </span>
        <output className={`miles__member-name${memberName ? "" : " miles__member-name--empty"}`} aria-labelledby={`${formId}-member-name`} data-testid="miles-member-name">
          {memberName || t("miles.memberNameHint")}
        </output>
      </div>

      <fieldset className="miles__steps" aria-describedby={errors.mcoin ? `${formId}-mcoin-error` : undefined}>
        <legend className="field__label">{t("miles.amount")}</legend>
        {product.steps.map((step, index) => (
          <label key={step.mcoin} className="miles__step">
            <input type="radio" name="mcoin" value={step.mcoin} defaultChecked={index === 0} />
            <span className="miles__step-miles">{t("miles.milesValue", { value: formatPoints(step.miles) })}</span>
            <span className="miles__step-mcoin">{t("miles.step", { mcoin: formatPoints(step.mcoin), miles: formatPoints(step.miles) })}</span>
          </label>
        ))}
        {errors.mcoin ? (
          <p className="field__error" id={`${formId}-mcoin-error`}>
            {errors.mcoin}
          </p>
        ) : null}
      </fieldset>

      <details className="miles__terms">
        <summary>{t("miles.termsTitle")}</summary>
        <p>{product.terms}</p>
      </details>
      <label className="miles__agree">
        <input type="checkbox" name="terms" aria-invalid={errors.terms ? true : undefined} aria-describedby={errors.terms ? `${formId}-terms-error` : undefined} />
        <span>{t("miles.agree")}</span>
      </label>
      {errors.terms ? (
        <p className="field__error" id={`${formId}-terms-error`}>
          {errors.terms}
        </p>
      ) : null}

      {message !== null ? (
        <p className="form-message" role="alert">
          {message}
        </p>
      ) : null}
      <button type="submit" className="button button--primary button--block" disabled={busy} onClick={onSubmit} {...tapGuard}>
        {busy ? t("miles.redeeming") : t("miles.submit")}
      </button>
    </Form>
  );
}

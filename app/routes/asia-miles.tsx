/**
 * Asia Miles redemption (/asiaMiles_details/{id}): the member's name as on the airline membership
 * (last and first name, in English letters), the membership number entered twice (they must match),
 * the member name it makes, an amount from the offered 'X mCoin for Y miles' steps, and the terms to
 * tick. The gateway checks that the airline has this member account under this name, the day's and
 * the month's limits (in miles, days and months of Macau) and the balance; refusals change nothing:
 * too few mCoin is a dialog, a limit is a toast with the spec's words, a wrong account is shown at
 * the membership number. A valid redemption spends the mCoin at once and shows 'redeeming' until the
 * airline answers, then the result pop-up, whose payment type 5 opens the miles order detail.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useFetcher, useLoaderData, useNavigate, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { Dialog, ResultDialog } from "../components/dialog";
import { Overlay } from "../components/overlay";
import { CheckCircleIcon } from "../components/icons";
import { couponsPath } from "../components/payment-result";
import { NotFoundOrErrorScreen } from "../components/status-screen";
import { showToast } from "../components/toast";
import { guardSubmit, useDoubleTapGuard } from "../hooks/use-double-tap-guard";
import { MILES_MEMBER_NO, MILES_NAME, milesProduct, milesRedeem, type MilesOrder } from "#core/api/promotion-endpoints";
import { IDEMPOTENCY_HEADER, IdempotencyKeySchema, type ShopRefusal } from "#core/api/shop-endpoints";
import { newIdempotencyKey } from "../lib/idempotency-key";
import { formatPoints } from "../lib/money/format";
import { parseForm } from "../server/forms.server";
import { orNotFound } from "../server/gateway.server";
import { requireMember } from "../server/member.server";
import { idParam } from "../server/params.server";
import { fixedT } from "../server/i18n.server";
import { refusable, refused } from "../server/order-actions.server";
import type { loader as orderLoader } from "./asia-miles-order";
import type { loader as rootLoader } from "../root";
import { Picture } from "../components/picture";
import type { ScreenHandle } from "../screen-handle";
import stylesheet from "./asia-miles.css?url";

export const handle: ScreenHandle = { analytics: "asiaMilesDetails", skeleton: "detail", member: true, calls: { loader: ["milesProduct"], action: { redeem: ["milesRedeem"] } } };

export async function loader({ params, context }: LoaderFunctionArgs) {
  const id = idParam(params.id);
  await requireMember(context);
  const product = await orNotFound(context.api.call(milesProduct, { id }));
  return data({ product });
}

/** Messages are locale keys (miles.error.*), translated in the action. */
const MilesFormSchema = z
  .object({
    intent: z.literal("redeem"),
    lastName: z.string().trim().regex(MILES_NAME, "miles.error.name"),
    firstName: z.string().trim().regex(MILES_NAME, "miles.error.name"),
    memberNo: z.string().trim().regex(MILES_MEMBER_NO, "miles.error.memberNo"),
    memberNoAgain: z.string().trim().max(40),
    mcoin: z.coerce.number({ error: "miles.error.amount" }).int("miles.error.amount").positive("miles.error.amount").max(100_000_000, "miles.error.amount"),
    terms: z.literal("on", { error: "miles.error.terms" }),
    idempotencyKey: IdempotencyKeySchema,
  })
  .refine((form) => form.memberNo === form.memberNoAgain, { message: "miles.error.mismatch", path: ["memberNoAgain"] });

export type MilesActionResult =
  { ok: true; intent: "redeem"; order: MilesOrder } | { ok: false; intent: string | null; reason: ShopRefusal | null; message: string; fieldErrors?: Record<string, string> };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const productId = idParam(params.id);
  await requireMember(context);
  const t = await fixedT(context.locale);
  const form = await parseForm(request, MilesFormSchema);
  if (!form.success) {
    const fieldErrors = Object.fromEntries(Object.entries(form.fieldErrors).map(([field, key]) => [field, key.startsWith("miles.error.") ? t(key) : t("offer.invalidForm")]));
    return refused("redeem", null, t("miles.error.form"), 400, fieldErrors);
  }
  const { lastName, firstName, memberNo, mcoin, idempotencyKey } = form.data;
  const result = await refusable(t, "redeem", () => context.api.call(milesRedeem, { productId, lastName, firstName, memberNo, mcoin }, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }));
  if (!result.ok) return result.response;
  return data({ ok: true as const, intent: "redeem" as const, order: result.value });
}

const LIMIT_TOASTS = new Set<ShopRefusal>(["MILES_DAILY_LIMIT", "MILES_MONTHLY_LIMIT", "MILES_BELOW_STANDARD"]);
/** How often, and how many times, the page asks whether the airline has answered. */
const CHECK_MS = 1_000;
const CHECKS = 15;

export const links = () => [{ rel: "stylesheet", href: stylesheet }];

export default function AsiaMilesDetails() {
  const { t } = useTranslation();
  const { product } = useLoaderData<typeof loader>();
  const redeem = useFetcher<MilesActionResult>();
  const status = useFetcher<typeof orderLoader>();
  const navigate = useNavigate();
  const guard = useDoubleTapGuard();
  const formId = useId();
  const [key, setKey] = useState(() => newIdempotencyKey());
  const [names, setNames] = useState({ lastName: "", firstName: "" });
  const [poor, setPoor] = useState(false);
  const [redeeming, setRedeeming] = useState<MilesOrder | null>(null);
  const [credited, setCredited] = useState<MilesOrder | null>(null);
  const checks = useRef(0);

  const reply = redeem.state === "idle" ? redeem.data : undefined;
  const errors = reply && !reply.ok ? (reply.fieldErrors ?? {}) : {};
  const accountError = reply && !reply.ok && reply.reason === "MILES_ACCOUNT_NOT_FOUND" ? reply.message : undefined;

  // The gateway's answer: a redemption to follow, or a refusal in the spec's form (dialog, toast).
  const seen = useRef<unknown>(null);
  useEffect(() => {
    if (!reply || seen.current === reply) return;
    seen.current = reply;
    if (reply.ok) {
      setRedeeming(reply.order);
      setKey(newIdempotencyKey());
      checks.current = 0;
      return;
    }
    if (reply.reason === "INSUFFICIENT_MCOIN") setPoor(true);
    else if (reply.reason && LIMIT_TOASTS.has(reply.reason)) showToast(reply.message);
  }, [reply]);

  // 'Redeeming': ask until the airline has answered, then the result (or the order as it stands).
  useEffect(() => {
    if (!redeeming) return;
    const latest = status.data?.order.id === redeeming.id ? status.data.order : redeeming;
    if (latest.status === "credited") {
      setRedeeming(null);
      setCredited(latest);
      return;
    }
    if (latest.status === "refunded" || checks.current >= CHECKS) {
      navigate(`/asiaMiles_order/${latest.id}`);
      return;
    }
    if (status.state !== "idle") return;
    const timer = setTimeout(() => {
      checks.current += 1;
      status.load(`/asiaMiles_order/${redeeming.id}`);
    }, CHECK_MS);
    return () => clearTimeout(timer);
  }, [redeeming, status, navigate]);

  const memberName = [names.lastName, names.firstName]
    .map((part) => part.trim().toUpperCase())
    .filter(Boolean)
    .join(" ");
  const busy = redeem.state !== "idle" || redeeming !== null;
  const monthLeft = Math.max(0, product.monthlyMaxMiles - product.milesThisMonth);
  const dayLeft = Math.max(0, Math.min(product.dailyMaxMiles - product.milesToday, monthLeft));

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
    <div className="miles">
      <section className="miles__hero card" aria-labelledby="miles-title">
        {/* The programme's name is text over the picture, in the member's language; the picture has no words. */}
        <div className="miles__picture">
          <Picture className="miles__image" alt="" width={343} height={214} src={product.image} firstScreen />
          <p className="miles__caption" aria-hidden="true">
            <span className="miles__programme">{product.programme}</span>
            <span className="miles__tagline">{t("miles.heroTagline")}</span>
          </p>
        </div>
        <div className="miles__intro">
          <h1 id="miles-title" className="miles__title">
            {product.title}
          </h1>
          <p className="miles__subtitle">{product.subtitle}</p>
          <dl className="miles__facts">
            <div>
              <dt>{t("miles.balance")}</dt>
              <dd data-testid="miles-balance">{formatPoints(product.balance)}</dd>
            </div>
            <div>
              <dt>{t("miles.leftToday")}</dt>
              <dd>{t("miles.milesValue", { value: formatPoints(dayLeft) })}</dd>
            </div>
            <div>
              <dt>{t("miles.leftThisMonth")}</dt>
              <dd>{t("miles.milesValue", { value: formatPoints(monthLeft) })}</dd>
            </div>
          </dl>
        </div>
      </section>

      <redeem.Form method="post" className="card miles__form" noValidate aria-labelledby="miles-form-title">
        <h2 id="miles-form-title" className="offer-section__title">
          {t("miles.formTitle", { programme: product.programme })}
        </h2>
        <input type="hidden" name="intent" value="redeem" />
        <input type="hidden" name="idempotencyKey" value={key} />
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

        {reply && !reply.ok && !reply.fieldErrors && !accountError && reply.reason !== "INSUFFICIENT_MCOIN" && !(reply.reason && LIMIT_TOASTS.has(reply.reason)) ? (
          <p className="form-message" role="alert">
            {reply.message}
          </p>
        ) : null}
        <button type="submit" className="button button--primary button--block" disabled={busy} onClick={(event) => guardSubmit(event, guard)}>
          {busy ? t("miles.redeeming") : t("miles.submit")}
        </button>
      </redeem.Form>

      {poor ? (
        <Overlay>
          <Dialog
            role="alertdialog"
            title={t("shop.refusal.INSUFFICIENT_MCOIN")}
            onDismiss={() => setPoor(false)}
            actions={
              <button type="button" className="button button--primary" onClick={() => setPoor(false)}>
                {t("common.confirm")}
              </button>
            }
          >
            <p className="dialog__message">{t("miles.poorBody", { balance: formatPoints(product.balance) })}</p>
          </Dialog>
        </Overlay>
      ) : null}

      {redeeming ? (
        <Overlay>
          <div className="dialog-scrim">
            <div className="dialog dialog--compact miles__redeeming" role="alertdialog" aria-modal="true" aria-labelledby="miles-redeeming-title" aria-busy="true">
              <span className="spinner" aria-hidden="true" />
              <h2 className="dialog__title" id="miles-redeeming-title">
                {t("miles.redeeming")}
              </h2>
              <p className="dialog__message">{t("miles.redeemingBody", { miles: formatPoints(redeeming.miles) })}</p>
            </div>
          </div>
        </Overlay>
      ) : null}

      {credited ? (
        <Overlay>
          <MilesResult order={credited} />
        </Overlay>
      ) : null}
    </div>
  );
}

/**
 * The result pop-up of a redemption the airline has credited. It is the payment result pop-up's
 * (spec section 2) in the words of miles: what reached which membership and what it cost, then the
 * order detail of payment type 5 and 'back to top' (hidden in secret-door mode, as the payment's).
 */
function MilesResult({ order }: { order: MilesOrder }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <ResultDialog
      kind="success"
      art={<CheckCircleIcon className="payment-result__art" />}
      title={t("miles.result.title")}
      body={t("miles.result.body", {
        miles: formatPoints(order.miles),
        programme: order.programme,
        memberNo: order.memberNo,
        // The member's name as on the card is one fact: it never breaks across lines.
        name: `${order.lastName} ${order.firstName}`.replace(/ /g, "\u00a0"),
        mcoin: formatPoints(order.mcoin),
      })}
    >
      <button
        type="button"
        className="button button--primary button--block"
        onClick={() => navigate(couponsPath({ id: order.id, paymentType: order.paymentType, couponUrl: null, mcoinEarned: 0 }).to)}
      >
        {t("miles.result.view")}
      </button>
      {root?.secretDoor ? null : (
        <button type="button" className="button button--secondary button--block" onClick={() => navigate("/index", { replace: true })}>
          {t("payment.backToTop")}
        </button>
      )}
    </ResultDialog>
  );
}

export const ErrorBoundary = NotFoundOrErrorScreen;

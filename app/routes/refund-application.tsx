/**
 * The refund of an order (/refund_application/{id}, titled). Before one is asked for: what comes
 * back (only what was paid, the cash and the mCoin apart, less the mCoin the order earned, which go
 * back in full: core/money/refund.ts, reckoned on the member's balance now; while the balance cannot
 * cover them, it says how many are missing and the form does not submit), one of the spec's 8 reasons, remarks
 * (needed for "other", up to 200 characters), and the member's word that they understand the
 * coupons become invalid for good. The form works without JavaScript: its idempotency key is minted
 * by the loader, and a refusal keeps what was typed. Once asked for, the same address shows the
 * refund order: its number, amounts requested and refunded, the earning taken back, dates, reason,
 * remarks, refund number.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, type ShouldRevalidateFunction } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { refundable } from "../components/order-actions";
import { CheckCircleIcon, ClockIcon } from "../components/icons";
import { NotFoundOrErrorScreen, StatusScreen } from "../components/status-screen";
import { showToast } from "../components/toast";
import { orderPath, orderStatusOf } from "../components/wallet-cards";
import { useLocale } from "../hooks/use-locale";
import { basicInformation } from "#core/api/endpoints";
import type { Refund } from "#core/api/shop-endpoints";
import { refundTerms, type EarningReversal } from "#core/money/refund";
import { REFUND_REASONS, REFUND_REMARKS_MAX } from "#core/api/vocabulary";
import { isUnconfirmed, newIdempotencyKey } from "../lib/idempotency-key";
import { formatMoney, formatPoints } from "../lib/money/format";
import { formatDateTime } from "../lib/time/format";
import { requireMember } from "../server/member.server";
import { idParam } from "../server/params.server";
import { memberOrder, refundAction, type OrderActionResult } from "../server/order-actions.server";
import { Picture } from "../components/picture";
import type { ScreenHandle } from "../screen-handle";
import stylesheet from "./refund-application.css?url";

export const handle: ScreenHandle = {
  analytics: "refundApplication",
  skeleton: "detail",
  title: "title.refundApplication",
  // Once the refund is asked for, the same address is the refund's own page: its result and progress.
  titleFor: (data) => ((data as { order?: { refund?: unknown } } | undefined)?.order?.refund ? "title.refundDetails" : undefined),
  member: true,
  calls: { loader: ["orderStatus", "basicInformation"], action: { refund: ["applyRefund"] } },
};

export async function loader({ params, context }: LoaderFunctionArgs) {
  const orderId = idParam(params.id);
  await requireMember(context);
  // The balance reckons the refund's terms before it is asked for (the root asks for it too: one read).
  const [order, info] = await Promise.all([memberOrder(context, orderId), context.api.shared(basicInformation)]);
  return data({ order, balance: info.point, idempotencyKey: newIdempotencyKey() });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return refundAction(request, context, idParam(params.id));
}

/** A refund request whose outcome is unknown keeps its form's key for the retry: the loader that mints keys does not run again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) => !isUnconfirmed(actionResult) && defaultShouldRevalidate;

/** A deduction: the minus sign joined to its amount, so a narrow row never breaks between them. */
const minus = (amount: string) => `\u2212\u2060${amount}`;

/** Where the order's earning goes back from, one row a part that takes anything (none when it earned nothing). */
function reversalRows(reversal: EarningReversal, t: (key: string, options?: Record<string, unknown>) => string): [string, string][] {
  const rows: [string, string][] = [];
  if (reversal.fromMcoinRefund > 0) rows.push([t("refund.reversal.fromMcoinRefund"), minus(formatPoints(reversal.fromMcoinRefund))]);
  if (reversal.fromBalance > 0) rows.push([t("refund.reversal.fromBalance"), minus(formatPoints(reversal.fromBalance))]);
  return rows;
}

/** What goes back (or went back) where, in one phrase: the cash part and the mCoin part, each only when there is one. */
function backPhrase(refund: Refund, t: (key: string, options?: Record<string, unknown>) => string): string {
  const done = refund.status === "refunded";
  const cashCents = done ? refund.cashRefundedCents : refund.cashRequestedCents;
  const mcoin = done ? refund.mcoinRefunded : refund.mcoinRequested - refund.earningReversal.fromMcoinRefund;
  const parts = [
    cashCents > 0 ? t(done ? "refund.next.cashBackDone" : "refund.next.cashBack", { amount: formatMoney(cashCents / 100) }) : null,
    mcoin > 0 ? t(done ? "refund.next.mcoinBackDone" : "refund.next.mcoinBack", { amount: formatPoints(mcoin) }) : null,
  ].filter((part): part is string => part !== null);
  return parts.join(t("refund.next.and"));
}

/**
 * The refund once asked for: a confirmation with the refund's one number (the refund order's, which
 * exists from the request on) and what happens next, then the refund's details. The wallet's own
 * transaction number of a cash refund is that cash's reference, not a second refund number.
 */
function RefundOrder({ refund }: { refund: Refund }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const done = refund.status === "refunded";
  const back = backPhrase(refund, t);
  const next = done
    ? t("refund.next.refunded", { date: formatDateTime(refund.refundedAt ?? refund.requestedAt, locale), back })
    : back
      ? t("refund.next.refunding", { back })
      : t("refund.irreversible");
  const rows: [string, string][] = [
    [t("order.number"), refund.orderNo],
    [`${t("refund.requested")} · ${t("refund.cashAmount")}`, formatMoney(refund.cashRequestedCents / 100)],
    [`${t("refund.requested")} · ${t("refund.mcoinAmount")}`, formatPoints(refund.mcoinRequested)],
    [`${t("refund.refunded")} · ${t("refund.cashAmount")}`, formatMoney(refund.cashRefundedCents / 100)],
    [`${t("refund.refunded")} · ${t("refund.mcoinAmount")}`, formatPoints(refund.mcoinRefunded)],
    ...reversalRows(refund.earningReversal, t),
    [t("refund.requestedAt"), formatDateTime(refund.requestedAt, locale)],
    [t("refund.refundedAt"), refund.refundedAt === null ? "—" : formatDateTime(refund.refundedAt, locale)],
    [t("refund.reasonLabel"), t(`refund.reason.${refund.reason}`)],
    [t("refund.remarks"), refund.remarks || "—"],
    ...(refund.refundNo ? [[t("refund.walletReference"), refund.refundNo] as [string, string]] : []),
  ];
  return (
    <section className="card offer-section refund-order" aria-labelledby="refund-result-title" data-testid="refund-order">
      <div className={`refund-result refund-result--${refund.status}`} role="status">
        {done ? <CheckCircleIcon className="refund-result__art" /> : <ClockIcon className="refund-result__art" />}
        <h2 id="refund-result-title" className="refund-result__title">
          {done ? t("refund.done") : t("refund.submitted")}
        </h2>
        <p className="refund-result__number" data-testid="refund-number">
          {t("refund.orderNo", { number: refund.refundOrderNo })}
        </p>
        <p className="refund-result__next">{next}</p>
      </div>
      <h3 className="offer-section__title refund-order__title">
        {t("refund.orderTitle")}
        <span className={`order-status order-status--${refund.status}`}>{t(`refund.status.${refund.status}`)}</span>
      </h3>
      <dl className="order-rows">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export const links = () => [{ rel: "stylesheet", href: stylesheet }];

export default function RefundApplication() {
  const { t } = useTranslation();
  const { order, balance, idempotencyKey } = useLoaderData<typeof loader>();
  const terms = refundTerms(order, balance);
  const answer = useActionData<OrderActionResult>();
  const navigation = useNavigation();
  const [reason, setReason] = useState<string>("");
  const [remarks, setRemarks] = useState("");
  const refusal = answer && !answer.ok ? answer : null;
  // The request redirects back here: the refund appearing on this visit is the request gone through.
  const hadRefund = useRef(order.refund !== null);
  useEffect(() => {
    if (order.refund && !hadRefund.current) showToast(t("toast.refundRequested"));
    hadRefund.current = order.refund !== null;
  }, [order.refund, t]);
  const fieldErrors = refusal?.fieldErrors ?? {};
  const busy = navigation.state === "submitting";

  return (
    <div className="refund">
      <Link to={orderPath(order)} className="card order-head refund__order">
        <Picture className="order-head__image" alt="" width={96} height={60} src={order.image} firstScreen />
        <div>
          <h1 className="order-head__title">{order.title}</h1>
          <p className="refund__meta">
            {order.orderNo} · {t("order.pieces", { count: order.quantity })}
          </p>
        </div>
      </Link>

      {order.refund ? (
        <RefundOrder refund={order.refund} />
      ) : !refundable(order) ? (
        <StatusScreen title={t("refund.notRefundable")} body={t(orderStatusOf(order).key)}>
          <Link className="button button--secondary" to={orderPath(order)}>
            {t("order.summary")}
          </Link>
        </StatusScreen>
      ) : (
        <Form method="post" className="refund-form" noValidate aria-describedby={refusal ? "refund-refusal" : undefined}>
          <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
          <input type="hidden" name="intent" value="refund" />

          <section className="card offer-section refund-form__amounts" aria-labelledby="refund-amounts">
            <h2 id="refund-amounts" className="offer-section__title">
              {t("refund.amountsTitle")}
            </h2>
            <dl className="order-rows">
              <div>
                <dt>{t("refund.cashAmount")}</dt>
                <dd data-testid="refund-cash">{formatMoney(terms.cashBackCents / 100)}</dd>
              </div>
              <div>
                <dt>{t("refund.mcoinAmount")}</dt>
                <dd data-testid="refund-mcoin">{formatPoints(terms.mcoinBack)}</dd>
              </div>
              {reversalRows(terms.reversal, t).map(([term, value]) => (
                <div key={term} data-testid="refund-reversal">
                  <dt>{term}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
            <p className="field__hint">{t("refund.onlyPaid")}</p>
            {order.mcoinEarned > 0 ? <p className="field__hint">{t("refund.earningBack", { count: order.mcoinEarned })}</p> : null}
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
            </label>
            <textarea
              className="field__input"
              id="refund-remarks"
              name="remarks"
              rows={3}
              maxLength={REFUND_REMARKS_MAX}
              value={remarks}
              onChange={(event) => setRemarks(event.target.value)}
              required={reason === "other"}
              aria-invalid={fieldErrors.remarks ? true : undefined}
              aria-describedby="refund-remarks-hint refund-remarks-error"
            />
            <p id="refund-remarks-hint" className="field__hint">
              {t("refund.remarksHint", { max: REFUND_REMARKS_MAX })} · {remarks.length}/{REFUND_REMARKS_MAX}
            </p>
            {fieldErrors.remarks ? (
              <p id="refund-remarks-error" className="field__error">
                {fieldErrors.remarks}
              </p>
            ) : null}
          </div>

          <div className="card offer-section refund-form__confirm">
            <p className="refund-form__warning" role="note">
              {t("refund.irreversible")}
            </p>
            <label className="refund-form__check">
              <input type="checkbox" name="confirmed" value="1" required aria-invalid={fieldErrors.confirmed ? true : undefined} />
              <span>{t("refund.confirmLabel")}</span>
            </label>
            {fieldErrors.confirmed ? <p className="field__error">{fieldErrors.confirmed}</p> : null}
          </div>

          {refusal ? (
            <p id="refund-refusal" className="form-message" role="alert">
              {refusal.message}
            </p>
          ) : null}
          <button type="submit" className="button button--primary button--block" disabled={busy || terms.shortfall > 0} aria-describedby={terms.shortfall > 0 ? "refund-shortfall" : undefined}>
            {t("refund.submit")}
          </button>
        </Form>
      )}
    </div>
  );
}

export const ErrorBoundary = NotFoundOrErrorScreen;

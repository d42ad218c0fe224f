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
import { Link, useActionData, useLoaderData, useNavigation, type ShouldRevalidateFunction } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { notRefundableReason, refundable } from "../components/order-actions";
import { NotFoundOrErrorScreen, StatusScreen } from "../components/status-screen";
import { showToast } from "../components/toast";
import { orderPath } from "../components/wallet-cards";
import { basicInformation } from "#core/api/endpoints";
import { refundTerms } from "#core/money/refund";
import { isUnconfirmed, newIdempotencyKey } from "../lib/idempotency-key";
import { requireMember } from "../server/member.server";
import { idParam } from "../server/params.server";
import { memberOrder, refundAction, type OrderActionResult } from "../server/order-actions.server";
import { Picture } from "../components/picture";
import type { ScreenHandle } from "../screen-handle";
import { mallContext } from "../server/context.server";
import stylesheet from "./refund-application.css?url";
import { RefundForm } from "./refund-application/refund-form";
import { RefundOrder } from "./refund-application/refund-order";

export const handle: ScreenHandle = {
  analytics: "refundApplication",
  // Once the refund is asked for, the same address is the refund's own page: its result and progress.
  titleFor: (data) => ((data as { order?: { refund?: unknown } } | undefined)?.order?.refund ? "title.refundDetails" : undefined),
  member: true,
};

export async function loader(args: LoaderFunctionArgs) {
  const { params } = args;
  const mall = await mallContext(args);
  const orderId = idParam(params.id);
  await requireMember(mall);
  // The balance reckons the refund's terms before it is asked for (the root asks for it too: one read).
  const [order, info] = await Promise.all([memberOrder(mall, orderId), mall.api.shared(basicInformation)]);
  return data({ order, balance: info.point, idempotencyKey: newIdempotencyKey() });
}

export async function action(args: ActionFunctionArgs) {
  const { request, params } = args;
  const mall = await mallContext(args);
  return refundAction(request, mall, idParam(params.id));
}

/** A refund request whose outcome is unknown keeps its form's key for the retry: the loader that mints keys does not run again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) => !isUnconfirmed(actionResult) && defaultShouldRevalidate;

export const links = () => [{ rel: "stylesheet", href: stylesheet }];

export default function RefundApplication() {
  const { t } = useTranslation();
  const { order, balance, idempotencyKey } = useLoaderData<typeof loader>();
  const terms = refundTerms(order, balance);
  const answer = useActionData<OrderActionResult>();
  const navigation = useNavigation();
  const refusal = answer && !answer.ok ? answer : null;
  // The request redirects back here: the refund appearing on this visit is the request gone through.
  const hadRefund = useRef(order.refund !== null);
  useEffect(() => {
    if (order.refund && !hadRefund.current) showToast(t("toast.refundRequested"));
    hadRefund.current = order.refund !== null;
  }, [order.refund, t]);
  const busy = navigation.state === "submitting";
  const why = notRefundableReason(order);

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
        <StatusScreen title={t("refund.notRefundable")} body={t(why.key, why)}>
          <Link className="button button--secondary" to={orderPath(order)}>
            {t("order.summary")}
          </Link>
        </StatusScreen>
      ) : (
        <RefundForm idempotencyKey={idempotencyKey} terms={terms} balance={balance} mcoinEarned={order.mcoinEarned} refusal={refusal} busy={busy} />
      )}
    </div>
  );
}

export const ErrorBoundary = NotFoundOrErrorScreen;

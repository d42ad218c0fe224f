/**
 * An Asia Miles order (/asiaMiles_order/{id}), where the result pop-up's payment type 5 leads: its
 * state (redeeming, credited, refunded), the miles and the mCoin, the order number, the redemption
 * date, the payment arrival time (when the miles reached the airline account), the member, and when
 * the airline refused them, the refund number, the refund method and the reason. Another member's
 * order is as absent as one that does not exist. While redeeming, it is read again every few seconds.
 */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { NotFoundOrErrorScreen } from "../components/status-screen";
import { ScreenHero } from "../components/screen-hero";
import { useLocale } from "../hooks/use-locale";
import { milesOrder } from "#core/api/promotion-endpoints";
import { isApiError } from "#core/api/errors";
import { shopRefusal } from "#core/api/shop-endpoints";
import { formatPoints } from "../lib/money/format";
import { formatDateTime } from "../lib/time/format";
import { requireMember } from "../server/member.server";
import { idParam } from "../server/params.server";
import type { ScreenHandle } from "../screen-handle";
import { mallContext } from "../server/context.server";
import stylesheet from "./asia-miles.css?url";

export const handle: ScreenHandle = { analytics: "asiaMilesOrderDetails", member: true };

export async function loader(args: LoaderFunctionArgs) {
  const { params } = args;
  const mall = await mallContext(args);
  const id = idParam(params.id);
  await requireMember(mall);
  try {
    const order = await mall.api.call(milesOrder, { id });
    return data({ order });
  } catch (error) {
    if (isApiError(error) && (error.code === "NOT_FOUND" || shopRefusal(error.body) === "ORDER_NOT_FOUND")) throw new Response("Not Found", { status: 404 });
    throw error;
  }
}

const REFRESH_MS = 3_000;

export const links = () => [{ rel: "stylesheet", href: stylesheet }];

export default function AsiaMilesOrder() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { order } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  useEffect(() => {
    if (order.status !== "redeeming" || revalidator.state !== "idle") return;
    const timer = setTimeout(() => revalidator.revalidate(), REFRESH_MS);
    return () => clearTimeout(timer);
  }, [order.status, revalidator]);

  const rows: [string, string, string?][] = [
    [t("miles.order.orderNo"), order.orderNo, "miles-order-no"],
    [t("miles.order.redeemedAt"), formatDateTime(order.createdAt, locale)],
    [t("miles.order.arrivedAt"), order.creditedAt === null ? t(`miles.order.arrivalPending.${order.status}`) : formatDateTime(order.creditedAt, locale), "miles-arrived-at"],
    [t("miles.order.programme"), order.programme],
    [t("miles.memberName"), `${order.lastName} ${order.firstName}`],
    [t("miles.memberNo"), maskedNumber(t, order.memberNo), "miles-member-no"],
    [t("miles.order.mcoinSpent"), formatPoints(order.mcoin)],
  ];
  return (
    <div className="miles-order">
      <ScreenHero tone="brand" titleId="miles-order-title" title={t("screen.asiaMilesOrderDetails")} className={`miles-order__head miles-order__head--${order.status}`}>
        <p className="miles-order__status" data-testid="miles-order-status">
          {t(`miles.order.status.${order.status}`)}
        </p>
        <p className="miles-order__miles">{t("miles.milesValue", { value: formatPoints(order.miles) })}</p>
      </ScreenHero>
      <section className="card offer-section" aria-labelledby="miles-order-info">
        <h2 id="miles-order-info" className="offer-section__title">
          {t("miles.order.info")}
        </h2>
        <dl className="order-rows">
          {rows.map(([label, value, testId]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd data-testid={testId}>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      {order.refund ? (
        <section className="card offer-section" aria-labelledby="miles-order-refund">
          <h2 id="miles-order-refund" className="offer-section__title">
            {t("miles.order.refund")}
          </h2>
          <dl className="order-rows">
            <div>
              <dt>{t("miles.order.refundNo")}</dt>
              <dd>{order.refund.refundNo}</dd>
            </div>
            <div>
              <dt>{t("miles.order.refundMethod")}</dt>
              <dd>{t(`miles.order.refundMethods.${order.refund.method}`, { mcoin: formatPoints(order.mcoin) })}</dd>
            </div>
            <div>
              <dt>{t("miles.order.refundedAt")}</dt>
              <dd>{formatDateTime(order.refund.refundedAt, locale)}</dd>
            </div>
            <div>
              <dt>{t("miles.order.refundReason")}</dt>
              <dd>{order.refund.reason}</dd>
            </div>
          </dl>
        </section>
      ) : null}
      <Link to={`/asiaMiles_details/${order.productId}`} className="button button--secondary button--block miles-order__again">
        {t("miles.order.again")}
      </Link>
    </div>
  );
}

export const ErrorBoundary = NotFoundOrErrorScreen;

/**
 * A number the gateway shows back masked ("••••••0001"): a run of mask characters reads as spaced-out
 * dots, so only its last digits are shown, as a card's are ("Ending in 0001"). Anything else as sent.
 */
function maskedNumber(t: TFunction, value: string): string {
  const masked = /^[•*·●xX]+(\d{2,6})$/.exec(value);
  return masked ? t("miles.order.memberNoEnding", { last: masked[1] }) : value;
}

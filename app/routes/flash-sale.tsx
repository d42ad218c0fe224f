/**
 * Flash sale (/flashSale, titled, with the member's points in the header): this period's session and
 * the upcoming ones as tabs, each with its start or end countdown, its offers with sold and remaining
 * counts, and each offer's state (buy now, sold out, coming soon, ended). Everything runs on the
 * gateway's clock (useServerNow), so states switch on the exact second without a reload, whatever the
 * phone's clock says; when a session starts or ends the list is read again for fresh counts. Buying
 * is the offer screen's checkout; the order is a flash-sale one. With no session left: 'Flash Sale
 * has ended.'
 */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Countdown } from "../components/countdown";
import { FlashIcon } from "../components/icons";
import { PromoItem, saleState } from "../components/promo-item";
import { BackToHomeLink, NotFoundOrErrorScreen, StatusScreen } from "../components/status-screen";
import { useServerNow } from "../hooks/use-server-now";
import { systemTime } from "../lib/api/endpoints";
import { flashSales, type FlashSession } from "../lib/api/promotion-endpoints";
import { formatMoney, formatPoints } from "../lib/money/format";
import { formatTime, macauDayOf } from "../lib/time/format";
import { requireMember } from "../server/gateway.server";

export async function loader({ request, context: loadContext }: LoaderFunctionArgs) {
  const context = await requireMember(request, loadContext);
  const [sale, time] = await Promise.all([context.call(flashSales, {}), context.call(systemTime)]);
  return data({ sessions: sale.sessions, now: time.sysTime }, { headers: await context.headers() });
}

type Phase = "upcoming" | "running" | "ended";
const phaseOf = (session: { startAt: number; endAt: number }, now: number): Phase => (now < session.startAt ? "upcoming" : now < session.endAt ? "running" : "ended");

/** Reads the list again when a session it shows starts or ends (fresh sold and remaining counts). */
export function useRefreshOnPhaseChange(sessions: readonly { id: number; startAt: number; endAt: number }[], now: number) {
  const revalidator = useRevalidator();
  const phases = new Map(sessions.map((session) => [session.id, phaseOf(session, now)]));
  const previous = useRef(phases);
  useEffect(() => {
    const changed = [...phases].some(([id, phase]) => previous.current.has(id) && previous.current.get(id) !== phase);
    previous.current = phases;
    if (changed && revalidator.state === "idle") revalidator.revalidate();
  });
}

/** "15:00", "Tomorrow 15:00", or the date for a day further away (Macau days). */
export function useSessionTime() {
  const { t } = useTranslation();
  return (at: number, now: number) => {
    const days = macauDayOf(at) - macauDayOf(now);
    if (days === 0) return formatTime(at);
    if (days === 1) return t("promo.tomorrowAt", { time: formatTime(at) });
    return t("promo.dayAt", { days, time: formatTime(at) });
  };
}

export default function FlashSale() {
  const { t } = useTranslation();
  const { sessions, now: loadedAt } = useLoaderData<typeof loader>();
  const now = useServerNow(true, loadedAt) ?? loadedAt;
  const [chosen, setChosen] = useState<number | null>(null);
  const sessionTime = useSessionTime();
  useRefreshOnPhaseChange(sessions, now);

  const open = sessions.filter((session) => session.endAt > now);
  const current = open.find((session) => session.id === chosen) ?? open.find((session) => session.startAt <= now) ?? open[0];

  if (!current) {
    return (
      <StatusScreen className="flash-sale__ended" art={<FlashIcon className="status-screen__art" />} title={t("promo.flashEnded")} body={t("promo.flashEndedBody")}>
        <BackToHomeLink />
      </StatusScreen>
    );
  }

  return (
    <div className="promo-screen flash-sale">
      <div className="promo-sessions" role="tablist" aria-label={t("promo.sessions")}>
        {open.map((session) => {
          const phase = phaseOf(session, now);
          return (
            <button
              key={session.id}
              type="button"
              role="tab"
              id={`flash-session-${session.id}`}
              aria-controls="flash-session-panel"
              aria-selected={session.id === current.id}
              className="promo-sessions__tab"
              onClick={() => setChosen(session.id)}
            >
              <span className="promo-sessions__time">{sessionTime(session.startAt, now)}</span>
              <span className="promo-sessions__phase">{t(`promo.phase.${phase}`)}</span>
            </button>
          );
        })}
      </div>
      <section id="flash-session-panel" role="tabpanel" aria-labelledby={`flash-session-${current.id}`} className="promo-panel">
        <SessionHead session={current} now={now} />
        <ul className="promo-list">
          {current.items.map((item) => {
            const state = saleState(item, now);
            return (
              <PromoItem
                key={item.id}
                id={String(item.id)}
                image={item.image}
                title={item.title}
                subtitle={`${item.merchantName} · ${t("promo.limit", { count: item.limitPerMember })}`}
                price={t("catalog.mcoin", { value: formatPoints(item.mcoinPrice) })}
                original={formatMoney(item.originalPrice)}
                sold={item.sold}
                total={item.sold + item.stock}
                state={state}
                action={
                  <Link to={`/coupon_details/${item.id}`} className="button button--primary promo-item__buy" aria-describedby={`promo-item-${item.id}`}>
                    {t("promo.buyNow")}
                  </Link>
                }
              />
            );
          })}
        </ul>
      </section>
    </div>
  );
}

function SessionHead({ session, now }: { session: FlashSession; now: number }) {
  const { t } = useTranslation();
  const upcoming = now < session.startAt;
  return (
    <div className={`promo-panel__head promo-panel__head--${upcoming ? "upcoming" : "running"}`}>
      <span className="promo-panel__label">{upcoming ? t("promo.comingSoon") : t("promo.onNow")}</span>
      <Countdown to={upcoming ? session.startAt : session.endAt} now={now} label={upcoming ? t("promo.startsIn") : t("promo.endsIn")} />
    </div>
  );
}

export const ErrorBoundary = NotFoundOrErrorScreen;

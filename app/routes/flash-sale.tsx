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
import { Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FlashIcon } from "../components/icons";
import { FIRST_SCREEN_ITEMS, PromoItem, saleState } from "../components/promo-item";
import { SessionHead, SessionTabs, useRefreshOnPhaseChange } from "../components/sale-sessions";
import { BackToHomeLink, NotFoundOrErrorScreen, StatusScreen } from "../components/status-screen";
import { useServerNow } from "../hooks/use-server-now";
import { cardPrice, payTexts } from "../lib/catalog/pay-price";
import { formatMoney } from "../lib/money/format";
import type { ScreenHandle } from "../screen-handle";
import { intentClientLoader, useFreshData } from "../lib/intent-data";
import { flashSaleData } from "./flash-sale.server";

export const handle: ScreenHandle = { analytics: "flashSale", member: true, pointsInHeader: true };

/** Its data can be asked for on a tap's first touch, and the way back shows what was seen (lib/intent-data.ts). */
export const clientLoader = intentClientLoader;

export async function loader(args: LoaderFunctionArgs) {
  return data(await flashSaleData(args));
}

export default function FlashSale() {
  const { t } = useTranslation();
  // Back from an offer: the sale as the member saw it, asked again in the background (lib/intent-data.ts).
  const { sessions, now: loadedAt } = useFreshData(useLoaderData<typeof loader>()).data;
  const now = useServerNow(true, loadedAt) ?? loadedAt;
  const [chosen, setChosen] = useState<number | null>(null);
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
      <SessionTabs sessions={open} selected={current.id} now={now} panelId="flash-session" onSelect={setChosen} />
      <section id="flash-session" role="tabpanel" aria-labelledby={`flash-session-tab-${current.id}`} className="promo-panel">
        <SessionHead session={current} now={now} />
        <ul className="promo-list">
          {current.items.map((item, index) => {
            const state = saleState(item, now);
            return (
              <PromoItem
                key={item.id}
                firstScreen={index < FIRST_SCREEN_ITEMS}
                id={String(item.id)}
                image={item.image}
                title={item.title}
                subtitle={item.merchantName}
                limit={t("promo.limit", { count: item.limitPerMember })}
                price={payTexts(t, cardPrice(item))}
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

export const ErrorBoundary = NotFoundOrErrorScreen;

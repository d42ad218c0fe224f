/**
 * An mCoin zone (/mCoin_zone/{id}, and the shared /share_zone/{id}): its banner, rules and offers;
 * 'Special event has ended!' once it is over. The way back to it (from one of its offers) shows it as
 * the member saw it while it is asked again (lib/intent-data.ts).
 */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { OfferCards } from "../components/offer-list";
import { BackToHomeLink, StatusScreen } from "../components/status-screen";
import { catalogNear } from "../server/catalog.server";
import { orNotFound } from "../server/gateway.server";
import { idParam } from "../server/params.server";
import { zoneDetail } from "#core/api/catalog-endpoints";
import { FlashIcon } from "../components/icons";
import { formatDate } from "../lib/time/format";
import { useLocale } from "../hooks/use-locale";
import { Picture } from "../components/picture";
import type { ScreenHandle } from "../screen-handle";
import { mallContext } from "../server/context.server";
import stylesheet from "./mcoin-zone.css?url";
import { intentClientLoader, useFreshData } from "../lib/intent-data";

export const handle: ScreenHandle = { analytics: "mCoinZone" };

/** For the way back only: a zone is not asked ahead on a touch (it is not in INTENT_ROUTES). */
export const clientLoader = intentClientLoader;

export async function loader(args: LoaderFunctionArgs) {
  const { request, params } = args;
  const mall = await mallContext(args);
  const id = idParam(params.id);
  const { near } = await catalogNear(request);
  const [detail, time] = await Promise.all([orNotFound(mall.api.call(zoneDetail, { id, ...near })), mall.api.gatewayTime()]);
  return data({ ...detail, now: time });
}

export const links = () => [{ rel: "stylesheet", href: stylesheet }];

export default function Zone() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { zone, offers, now } = useFreshData(useLoaderData<typeof loader>()).data;
  if (zone.ended) {
    return (
      <StatusScreen art={<FlashIcon className="status-screen__art" style={{ color: "var(--color-muted)" }} />} title={t("zone.ended")} body={t("zone.endedHint")}>
        <BackToHomeLink />
      </StatusScreen>
    );
  }
  const until = formatDate(zone.endAt, locale);
  return (
    <div className="zone">
      <Picture className="zone__banner" alt="" width={750} height={300} src={zone.banner} firstScreen box="screen" />
      <section className="zone__intro card">
        <h1 className="zone__title">{zone.title}</h1>
        <p className="zone__subtitle">{zone.subtitle}</p>
        <p className="zone__until">{t("zone.until", { date: until })}</p>
      </section>
      <details className="zone__rules card" open>
        <summary>{t("zone.rules")}</summary>
        <ol>
          {zone.rules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ol>
      </details>
      <section aria-labelledby="zone-offers">
        <h2 id="zone-offers" className="section-title">
          {t("zone.offers")}
        </h2>
        <OfferCards offers={offers} now={now} />
      </section>
    </div>
  );
}

/**
 * A store (/store_details/{id}, and the shared entry /store_details_link/{id}): the merchant and its
 * facilities, every offer of the store, and its other branches.
 */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ClockIcon, OilIcon, ParkingIcon, PhoneIcon, PinIcon, StoreIcon, WifiIcon } from "../components/icons";
import { FavouriteStar } from "../components/favourite-star";
import { ScreenHero } from "../components/screen-hero";
import { OfferCards } from "../components/offer-list";
import { showToast } from "../components/toast";
import { BackToHomeLink, EmptyState, NotFoundScreen, StatusScreen } from "../components/status-screen";
import { favouriteAction } from "../server/favourites.server";
import { formatDistance } from "#core/geo/distance";
import { getHostBridge } from "../lib/host-bridge";
import { Picture } from "../components/picture";
import type { ScreenHandle } from "../screen-handle";
import stylesheet from "./store-details.css?url";
import { intentClientLoader, useFreshData } from "../lib/intent-data";
import { storeData } from "./store-details.server";

export const handle: ScreenHandle = {
  analytics: "storeDetails",
  keepToken: true,
};

/** Its data can be asked for on a tap's first touch, and the way back shows what was seen (lib/intent-data.ts). */
export const clientLoader = intentClientLoader;

export async function loader(args: LoaderFunctionArgs) {
  return data(await storeData(args));
}

/** The star on each of the store's offers. */
export const action = favouriteAction;

const FACILITIES = [
  { key: "wifi", icon: WifiIcon },
  { key: "parking", icon: ParkingIcon },
  { key: "convenienceStore", icon: StoreIcon },
  { key: "oilChange", icon: OilIcon },
] as const;

export const links = () => [{ rel: "stylesheet", href: stylesheet }];

export default function StoreDetails() {
  const { t } = useTranslation();
  // Back to the store: as the member saw it, asked again in the background (lib/intent-data.ts).
  const { store, offers, branches, now, collected } = useFreshData(useLoaderData<typeof loader>()).data;
  const facilities = FACILITIES.filter((facility) => store.facilities[facility.key]);
  const allBranches = branches.length + 1;

  return (
    <div className="store">
      <ScreenHero
        tone="plain"
        titleId="store-name"
        title={store.name}
        titleTiming="store-name"
        art={<Picture className="store-hero__logo" alt="" width={64} height={64} src={store.logo} box={56} firstScreen />}
        lead={
          <>
            <p className="store-hero__branch">{store.branch}</p>
            <p className="store-hero__category">{store.categoryName}</p>
          </>
        }
        className="store-hero"
      />

      <section className="info-list card" aria-label={t("store.address")}>
        <div className="info-row">
          <PinIcon />
          <div>
            <p className="info-row__label">{t("store.address")}</p>
            <p>
              {store.address}
              {store.distance !== null ? <span className="info-row__aside"> · {t("catalog.away", { distance: formatDistance(store.distance) })}</span> : null}
            </p>
          </div>
        </div>
        <div className="info-row">
          <ClockIcon />
          <div>
            <p className="info-row__label">{t("store.hours")}</p>
            <p>{store.hours}</p>
          </div>
        </div>
        <button type="button" className="info-row info-row--action" onClick={() => void getHostBridge().phoneCall(store.phone)}>
          <PhoneIcon />
          <span>{t("store.call", { phone: store.phone })}</span>
        </button>
      </section>

      {facilities.length > 0 ? (
        <section className="card store-section" aria-labelledby="store-facilities">
          <h2 id="store-facilities" className="store-section__title">
            {t("store.facilities")}
          </h2>
          <ul className="facilities">
            {facilities.map(({ key, icon: Icon }) => (
              <li key={key} className="facility">
                <Icon />
                {t(`store.facility.${key}`)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="card store-section" aria-labelledby="store-about">
        <h2 id="store-about" className="store-section__title">
          {t("store.about")}
        </h2>
        <p className="store-section__text">{store.intro}</p>
      </section>

      <section aria-labelledby="store-offers">
        <h2 id="store-offers" className="section-title">
          {t("store.offers")}
        </h2>
        {offers.length > 0 ? (
          <OfferCards
            offers={offers}
            now={now}
            action={collected ? (offer) => <FavouriteStar offerId={offer.id} title={offer.title} collected={collected.includes(offer.id)} onRefused={showToast} /> : undefined}
          />
        ) : (
          <EmptyState art="offers" title={t("store.noOffers")} action={{ to: "/index", label: t("wallet.browse") }} />
        )}
      </section>

      {branches.length > 0 ? (
        <section aria-labelledby="store-branches">
          <h2 id="store-branches" className="section-title">
            {t("store.otherBranches")}
          </h2>
          <ul className="branch-list card">
            {branches.slice(0, 3).map((branch) => (
              <li key={branch.id}>
                <Link to={`/store_details/${branch.id}`} className="branch-row">
                  <span>
                    <span className="branch-row__name">{branch.branch}</span>
                    <span className="branch-row__meta">{branch.address}</span>
                  </span>
                  {branch.distance !== null ? <span className="branch-row__distance">{formatDistance(branch.distance)}</span> : null}
                </Link>
              </li>
            ))}
          </ul>
          <Link to={`/other_stores/${store.id}-0-${allBranches}-1`} className="more-link">
            {t("store.viewAllBranches", { count: allBranches })}
          </Link>
        </section>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <StatusScreen title={t("store.notFound")} body={t("notFound.body")}>
        <BackToHomeLink />
      </StatusScreen>
    );
  }
  return <NotFoundScreen />;
}

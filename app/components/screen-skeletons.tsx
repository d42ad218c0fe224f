/**
 * Skeletons of screens, shown by the frame from the moment the member leaves for one of them until
 * its data arrives (components/app-frame.tsx): every screen that waits on the gateway names one in
 * its handle. Home, the offer, the timed sales, favourites and search have their own layout; the others
 * are a list (tabs and cards) or a detail (a picture and cards), so little moves when the content
 * takes their place.
 */
import { useTranslation } from "react-i18next";
import { PromoListSkeleton } from "./promo-item";
import { OfferCardSkeleton } from "./offer-card";
// A skeleton is drawn before its screen's module and sheet arrive: the sheets of the components whose
// boxes it draws come with the frame, and screen-skeletons.css holds the screens' outer boxes.
import "./ad-banner.css";
import "./category-grid.css";
import "./infinite-list.css";
import "./sale-sessions.css";
import "./tab-bar.css";
import "./screen-skeletons.css";

function OfferSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="offer offer--skeleton" aria-busy="true" aria-label={t("common.loading")}>
      <div className="gallery skeleton" />
      <div className="offer-head card">
        <span className="skeleton" style={{ height: "0.24rem", width: "45%" }} />
        <span className="skeleton" style={{ height: "0.2rem", width: "85%" }} />
        <span className="skeleton" style={{ height: "0.14rem", width: "60%" }} />
        <span className="skeleton" style={{ height: "0.36rem", width: "100%" }} />
      </div>
      <div className="offer-buy card">
        <span className="skeleton" style={{ height: "0.3rem", width: "100%" }} />
        <span className="skeleton" style={{ height: "0.44rem", width: "100%" }} />
        <span className="skeleton" style={{ height: "0.3rem", width: "100%" }} />
      </div>
      <div className="card offer-section">
        <span className="skeleton" style={{ height: "0.16rem", width: "30%" }} />
        <span className="skeleton" style={{ height: "0.5rem", width: "100%" }} />
      </div>
      <div className="offer-bar">
        <span className="skeleton" style={{ height: "0.36rem", width: "0.9rem" }} />
        <span className="skeleton offer-bar__buy" style={{ height: "var(--tap)", borderRadius: "var(--radius-pill)" }} />
      </div>
    </div>
  );
}

/** The flash sale's and the seckill's: session tabs, a countdown, a list of items. */
function PromoSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="promo-screen" aria-busy="true" aria-label={t("common.loading")}>
      <div className="promo-sessions" aria-hidden="true">
        {[0, 1, 2].map((index) => (
          <span key={index} className="promo-sessions__tab">
            <span className="skeleton" style={{ height: "0.18rem", width: "0.5rem" }} />
            <span className="skeleton" style={{ height: "0.12rem", width: "0.6rem" }} />
          </span>
        ))}
      </div>
      <div className="promo-panel">
        <div className="promo-panel__head">
          <span className="skeleton" style={{ height: "0.16rem", width: "40%" }} />
        </div>
        <PromoListSkeleton />
      </div>
    </div>
  );
}

/** Favourites: the two tabs and a few offer cards. */
function FavouritesSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="favourites" aria-busy="true" aria-label={t("common.loading")}>
      <div className="list-tabs tab-bar" aria-hidden="true">
        <span className="list-tabs__tab">
          <span className="skeleton" style={{ height: "0.16rem", width: "0.7rem" }} />
        </span>
        <span className="list-tabs__tab">
          <span className="skeleton" style={{ height: "0.16rem", width: "0.7rem" }} />
        </span>
      </div>
      <ul className="infinite-list__items" aria-hidden="true">
        {[0, 1, 2].map((index) => (
          <li key={index}>
            <OfferCardSkeleton />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A line of a skeleton: its height and width. */
const Line = ({ height, width }: { height: string; width: string }) => <span className="skeleton" style={{ height, width }} />;

/** A list screen (coupons, orders, redemptions, points, addresses, branches, listings): a row of tabs and cards. */
function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="screen-skeleton" aria-busy="true" aria-label={t("common.loading")} data-testid="screen-skeleton">
      <div className="list-tabs tab-bar" aria-hidden="true">
        {[0, 1, 2, 3].map((index) => (
          <span key={index} className="list-tabs__tab">
            <Line height="0.16rem" width="0.56rem" />
          </span>
        ))}
      </div>
      <ul className="infinite-list__items screen-skeleton__list" aria-hidden="true">
        {[0, 1, 2, 3].map((index) => (
          <li key={index}>
            <OfferCardSkeleton />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A detail screen (a store, an order, a zone, Asia Miles, check-in, a form): a picture and two cards of lines. */
function DetailSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="screen-skeleton screen-skeleton--detail" aria-busy="true" aria-label={t("common.loading")} data-testid="screen-skeleton">
      <span className="skeleton screen-skeleton__hero" />
      <div className="card screen-skeleton__card" aria-hidden="true">
        <Line height="0.2rem" width="70%" />
        <Line height="0.14rem" width="90%" />
        <Line height="0.14rem" width="55%" />
      </div>
      <div className="card screen-skeleton__card" aria-hidden="true">
        <Line height="0.16rem" width="35%" />
        <Line height="0.44rem" width="100%" />
        <Line height="0.44rem" width="100%" />
      </div>
    </div>
  );
}

/** Search: its bar, and the recent and popular keywords as chips. */
function KeywordsSkeleton() {
  const { t } = useTranslation();
  const chips = (widths: string[]) => (
    <div className="chips" aria-hidden="true">
      {widths.map((width, index) => (
        <span key={index} className="skeleton screen-skeleton__chip" style={{ width }} />
      ))}
    </div>
  );
  return (
    <div className="search-page" aria-busy="true" aria-label={t("common.loading")} data-testid="screen-skeleton">
      <div className="search-bar" aria-hidden="true">
        <span className="skeleton screen-skeleton__bar" />
      </div>
      <div className="keyword-section">
        <Line height="0.16rem" width="0.8rem" />
        {chips(["0.7rem", "0.9rem", "0.6rem"])}
      </div>
      <div className="keyword-section">
        <Line height="0.16rem" width="0.8rem" />
        {chips(["0.8rem", "0.6rem", "1rem", "0.7rem", "0.9rem"])}
      </div>
    </div>
  );
}

/** Home, when it is not kept alive: the search bar on the brand band, the member's card, a banner and the categories. */
function HomeSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="home" aria-busy="true" aria-label={t("common.loading")} data-testid="screen-skeleton">
      <div className="home-top" aria-hidden="true">
        <span className="search-box" />
      </div>
      <div className="member-card card" aria-hidden="true">
        <span className="skeleton screen-skeleton__avatar" />
        <span className="screen-skeleton__lines">
          <Line height="0.18rem" width="50%" />
          <Line height="0.12rem" width="85%" />
        </span>
        <span className="screen-skeleton__stats">
          <Line height="0.3rem" width="40%" />
          <Line height="0.3rem" width="40%" />
        </span>
      </div>
      <div className="ad-banner" aria-hidden="true">
        <span className="skeleton screen-skeleton__banner" />
      </div>
      <div className="category-grid card" aria-hidden="true">
        <ul>
          {[0, 1, 2, 3, 4, 5, 6, 7].map((index) => (
            <li key={index} className="category-grid__item">
              <span className="skeleton category-grid__icon" />
              <Line height="0.12rem" width="0.5rem" />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** The skeletons, by the kind a screen's handle names (screen-handle.ts `skeleton`). */
export const SCREEN_SKELETONS = {
  offer: OfferSkeleton,
  promo: PromoSkeleton,
  favourites: FavouritesSkeleton,
  list: ListSkeleton,
  detail: DetailSkeleton,
  keywords: KeywordsSkeleton,
  home: HomeSkeleton,
} satisfies Record<string, () => JSX.Element>;

export type SkeletonKind = keyof typeof SCREEN_SKELETONS;

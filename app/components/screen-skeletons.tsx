/**
 * Skeletons of screens, shown by the frame from the moment the member leaves for one of them until
 * its data arrives (components/app-frame.tsx). Each has the screen's own layout, so nothing moves
 * when the content takes its place. Screens with a skeleton do not use the loading overlay.
 */
import { useTranslation } from "react-i18next";
import { PromoListSkeleton } from "./promo-item";
import { OfferCardSkeleton } from "./offer-card";

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

/** The skeletons, by the kind a screen's handle names (screen-handle.ts `skeleton`). */
export const SCREEN_SKELETONS = {
  offer: OfferSkeleton,
  promo: PromoSkeleton,
  favourites: FavouritesSkeleton,
} satisfies Record<string, () => JSX.Element>;

export type SkeletonKind = keyof typeof SCREEN_SKELETONS;

/** The stores where an offer can be used, nearest first: three, then 'view more' or 'view fewer'. */
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { StoreSummary } from "#core/api/catalog-endpoints";
import { formatDistance } from "#core/geo/distance";
import { ListLink } from "./list-link";
import { Picture } from "./picture";
import { ChevronDownIcon, PinIcon } from "./icons";
import "./offer-stores.css";

/** Stores shown before 'view more'. */
const STORES_SHOWN = 3;

export function OfferStores({ stores }: { stores: StoreSummary[] }) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const shown = useMemo(() => (all ? stores : stores.slice(0, STORES_SHOWN)), [all, stores]);
  return (
    <section className="card offer-section" aria-labelledby="offer-stores">
      <h2 id="offer-stores" className="offer-section__title">
        {t("offer.stores", { count: stores.length })}
      </h2>
      <ul className="offer-stores">
        {shown.map((store) => (
          <li key={store.id}>
            <ListLink to={`/store_details/${store.id}`} className="branch-row">
              <Picture className="branch-row__logo" alt="" width={32} height={32} src={store.logo} />
              <span>
                <span className="branch-row__name">
                  {store.name} · {store.branch}
                </span>
                <span className="branch-row__meta">
                  <PinIcon /> {store.address}
                </span>
              </span>
              {store.distance !== null ? <span className="branch-row__distance">{formatDistance(store.distance)}</span> : null}
            </ListLink>
          </li>
        ))}
      </ul>
      {stores.length > STORES_SHOWN ? (
        <button type="button" className="more-link" aria-expanded={all} onClick={() => setAll(!all)}>
          {all ? t("offer.viewFewer") : t("offer.viewMore", { count: stores.length - STORES_SHOWN })}
          <ChevronDownIcon className={`icon${all ? " icon--flipped" : ""}`} />
        </button>
      ) : null}
    </section>
  );
}

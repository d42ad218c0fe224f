/**
 * The listing screen of /classify/{title} (a search: the title is the keyword) and
 * /classifys/{id}-{title} (a category): filters by area (business district) and category, sorting
 * by popularity, sales, distance or price, matching stores for a search, and the offers.
 */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { BackButton } from "../components/screen-header";
import { useLatestSearch } from "../hooks/use-latest-search";
import { SearchIcon } from "../components/icons";
import { OfferList, useBackToFirstResult } from "../components/offer-list";
import { EmptyState } from "../components/status-screen";
import { withLocation } from "../components/location-sync";
import { SEARCH_SORTS, type SearchSort } from "#core/api/vocabulary";
import { formatDistance } from "#core/geo/distance";
import { Picture } from "../components/picture";
import { FIRST_SCREEN_CARDS } from "../lib/images/picture";
import type { ScreenHandle } from "../screen-handle";
import { intentClientLoader, useFreshData } from "../lib/intent-data";
import stylesheet from "./classify.css?url";
import { listingData } from "./classify.server";

export const handle: ScreenHandle = { analytics: "classify" };

/** The results the search screen asked for while the word was typed are the navigation's (lib/intent-data.ts). */
export const clientLoader = intentClientLoader;

export async function loader(args: LoaderFunctionArgs) {
  return data(await listingData(args));
}

export const links = () => [{ rel: "stylesheet", href: stylesheet }];

export default function Listing() {
  const { t } = useTranslation();
  const { data: listing, generation } = useFreshData(useLoaderData<typeof loader>());
  const navigate = useNavigate();
  const search = useLatestSearch();

  const setFilter = (name: "district" | "category" | "sort", value: string | null) => {
    const params = new URLSearchParams(search);
    if (value) params.set(name, value);
    else params.delete(name);
    navigate({ search: params.toString() ? `?${params}` : "" }, { replace: true, preventScrollReset: true });
  };

  const pageUrl = (page: number) => {
    const params = new URLSearchParams({ list: "search", sort: listing.sort, page: String(page) });
    if (listing.keyword) params.set("keyword", listing.keyword);
    if (listing.categoryId) params.set("categoryId", String(listing.categoryId));
    if (listing.district) params.set("districtId", listing.district);
    return `/resources/offers?${withLocation(params)}`;
  };

  const listKey = `${listing.keyword ?? ""}|${listing.categoryId ?? ""}|${listing.district ?? ""}|${listing.sort}`;
  const listStart = useRef<HTMLDivElement>(null);
  useBackToFirstResult(listKey, listStart);

  return (
    <div className="listing" ref={listStart}>
      <header className="app-header listing__header">
        <BackButton />
        {listing.keyword ? (
          <Link to={`/search?keyword=${encodeURIComponent(listing.keyword)}`} className="listing__title listing__title--search" aria-label={t("listing.editSearch", { keyword: listing.title })}>
            <SearchIcon className="icon icon--small" />
            <h1 className="app-header__title">{listing.title}</h1>
          </Link>
        ) : (
          <h1 className="app-header__title">{listing.title}</h1>
        )}
        <div />
      </header>

      <div className="list-bar">
        <div className="listing__filters">
          <FilterSelect
            label={t("listing.area")}
            allLabel={t("listing.allAreas")}
            value={listing.district ?? ""}
            options={listing.districts.map((district) => ({ value: district.id, label: district.name }))}
            onChange={(value) => setFilter("district", value)}
          />
          <FilterSelect
            label={t("listing.category")}
            allLabel={t("listing.allCategories")}
            value={listing.categoryId ? String(listing.categoryId) : ""}
            options={listing.categories.map((category) => ({ value: String(category.id), label: category.name }))}
            onChange={(value) => setFilter("category", value)}
          />
        </div>
        <div className="list-bar__row">
          <div className="list-tabs" role="tablist" aria-label={t("listing.sortLabel")}>
            {SEARCH_SORTS.map((sort: SearchSort) => (
              <button key={sort} type="button" role="tab" aria-selected={listing.sort === sort} className="list-tabs__tab" onClick={() => setFilter("sort", sort === "popularity" ? null : sort)}>
                {t(`listing.sort.${sort}`)}
              </button>
            ))}
          </div>
        </div>
      </div>

      {listing.sort === "distance" && listing.location === "denied" ? <p className="note">{t("home.locationOff")}</p> : null}

      {listing.stores.length > 0 ? (
        <section className="rail" aria-label={t("listing.stores")}>
          <h2 className="section-title">{t("listing.stores")}</h2>
          <ul className="rail__track">
            {listing.stores.map((store) => (
              <li key={store.id}>
                <Link to={`/store_details/${store.id}`} className="store-chip">
                  <Picture alt="" width={40} height={40} src={store.logo} />
                  <span className="store-chip__text">
                    <span className="store-chip__name">{store.name}</span>
                    <span className="store-chip__meta">
                      <span className="store-chip__branch">{store.branch}</span>
                      {store.distance !== null ? (
                        <span className="store-chip__distance" data-key-fact="distance">
                          {formatDistance(store.distance)}
                        </span>
                      ) : null}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {listing.offers.total === 0 ? (
        <EmptyState art="search" title={t("listing.noResults")} hint={t("listing.noResultsHint")} action={{ to: "/search", label: t("emptyState.searchAgain") }} />
      ) : (
        <>
          <h2 className="section-title">{t("listing.offers")}</h2>
          <OfferList
            // A refresh after the way back (lib/intent-data.ts) starts the list afresh from its answer.
            key={`${listKey}@${generation}`}
            initial={{ items: listing.offers.list, page: listing.offers.page, hasMore: listing.offers.hasMore, now: listing.now }}
            pageUrl={pageUrl}
            label={listing.title}
            firstScreenCards={FIRST_SCREEN_CARDS}
          />
        </>
      )}
    </div>
  );
}

/** A filter of the listing: "all", or one of its options. */
function FilterSelect({
  label,
  allLabel,
  value,
  options,
  onChange,
}: {
  label: string;
  allLabel: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string | null) => void;
}) {
  return (
    <label className="select">
      <span className="visually-hidden">{label}</span>
      <select value={value} onChange={(event) => onChange(event.currentTarget.value || null)}>
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

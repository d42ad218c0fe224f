/**
 * 'Choose region' (/map, titled): where a shipping address is. An honest list rather than a map
 * (no map tiles are reachable from the wallet's webview, and a drawn map would be a guess): a tab
 * each for Macau, Hong Kong and the mainland, each region once under the heading of where it lies
 * (regionSections in core/address/regions.ts), the chosen one ticked, and a search over all of them
 * in both languages.
 *
 * Opened from the address form (`?return=/editAddress/{id?}`, `&selected=` the region it has), a
 * choice goes back to that form: through the tab's history with the choice in session storage
 * (lib/address/draft.ts), or, without script or history, as a link to the form with `?region=`.
 */
import { useNavigate, useSearchParams } from "@remix-run/react";
import { useState, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { CheckCircleIcon, SearchIcon } from "../components/icons";
import { TabBar } from "../components/tab-bar";
import { useLocale } from "../hooks/use-locale";
import { ADDRESS_FORM_PATH, pickRegion } from "../lib/address/draft";
import { REGION_GROUPS, regionById, regionPath, regionSections, searchRegions, type Region, type RegionGroup } from "#core/address/regions";
import type { ScreenHandle } from "../screen-handle";
import stylesheet from "./address-book.css?url";

export const handle: ScreenHandle = { analytics: "map" };

type GroupId = RegionGroup["id"];

export const links = () => [{ rel: "stylesheet", href: stylesheet }];

export default function ChooseRegion() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const requested = params.get("return") ?? "";
  const returnTo = ADDRESS_FORM_PATH.test(requested) ? requested : "/editAddress";
  const selected = params.get("selected") ?? "";
  const [query, setQuery] = useState("");
  const [group, setGroup] = useState<GroupId>(() => regionById(selected)?.group.id ?? "mo");

  const hrefOf = (region: Region) => `${returnTo}?${new URLSearchParams({ region: region.id })}`;
  const choose = (event: MouseEvent, region: Region) => {
    event.preventDefault();
    pickRegion(returnTo, region.id);
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(hrefOf(region), { replace: true });
  };
  const link = (region: Region, label: string) => {
    const chosen = region.id === selected;
    return (
      <a
        href={hrefOf(region)}
        className={`region-list__item${chosen ? " region-list__item--chosen" : ""}`}
        aria-current={chosen ? "true" : undefined}
        onClick={(event) => choose(event, region)}
        data-region={region.id}
      >
        <span>{label}</span>
        {chosen ? <CheckCircleIcon className="region-list__check" aria-hidden="true" /> : null}
      </a>
    );
  };

  const results = searchRegions(query);
  const current = REGION_GROUPS.find((item) => item.id === group)!;

  return (
    <div className="region-picker">
      <div className="region-picker__search">
        <label className="search-box region-picker__box">
          <SearchIcon />
          <span className="visually-hidden">{t("region.searchPlaceholder")}</span>
          <input type="search" value={query} onChange={(event) => setQuery(event.target.value)} placeholder={t("region.searchPlaceholder")} maxLength={40} enterKeyHint="search" />
        </label>
      </div>

      {query.trim() !== "" ? (
        <section className="card region-picker__results" aria-label={t("region.search")}>
          {results.length === 0 ? (
            <p className="region-picker__none" role="status">
              {t("region.noResults", { query: query.trim() })}
            </p>
          ) : (
            // eslint-disable-next-line jsx-a11y/no-redundant-roles -- Safari's VoiceOver drops a list's role when its bullets are styled away
            <ul className="region-list" role="list">
              {results.map((region) => (
                <li key={region.id}>{link(region, regionPath(region.id, locale)!)}</li>
              ))}
            </ul>
          )}
        </section>
      ) : (
        <>
          <TabBar label={t("region.groups")} tabs={REGION_GROUPS.map((item) => ({ id: item.id, label: item.name[locale] }))} selected={group} onSelect={(next: GroupId) => setGroup(next)} />
          <div className="region-picker__group" data-testid={`region-group-${current.id}`}>
            {regionSections(current).map((section) => {
              const heading = section.heading?.[locale] ?? current.name[locale];
              return (
                <section key={heading} className="card region-section" aria-label={heading}>
                  {section.heading ? <h2 className="region-section__name">{heading}</h2> : null}
                  {/* eslint-disable-next-line jsx-a11y/no-redundant-roles -- as above */}
                  <ul className="region-list region-list--grid" role="list">
                    {section.regions.map((region) => (
                      <li key={region.id}>{link(region, region.name[locale])}</li>
                    ))}
                  </ul>
                </section>
              );
            })}
          </div>
        </>
      )}
    </div>
  );
}

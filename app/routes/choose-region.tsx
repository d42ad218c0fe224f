/**
 * 'Choose region' (/map, titled): where a shipping address is. Macau's four districts and Hong Kong's
 * eighteen on tap-to-choose maps drawn as SVG (schematic: no map tiles are reachable from the
 * wallet's webview), the mainland's provinces with their main cities as a list, and a search over
 * all of them in both languages. Every place is also a named link in a list, so the maps are a
 * shortcut for the eye and the lists serve keyboards and screen readers (the maps are hidden from
 * them).
 *
 * Opened from the address form (`?return=/editAddress/{id?}`, `&selected=` the region it has), a
 * choice goes back to that form: through the tab's history with the choice in session storage
 * (lib/address/draft.ts), or, without script or history, as a link to the form with `?region=`.
 */
import { useNavigate, useSearchParams } from "@remix-run/react";
import { useState, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { SearchIcon } from "../components/icons";
import { TabBar } from "../components/tab-bar";
import { useLocale } from "../hooks/use-locale";
import { ADDRESS_FORM_PATH, pickRegion } from "../lib/address/draft";
import { REGION_GROUPS, regionById, regionPath, searchRegions, type Region, type RegionGroup } from "#core/address/regions";
import type { ScreenHandle } from "../screen-handle";

export const handle: ScreenHandle = { analytics: "map", title: "title.chooseRegion" };

type GroupId = RegionGroup["id"];

/** Macau's districts, north to south; the shapes are schematic. */
const MACAU_SHAPES: { id: string; d: string; label: [number, number] }[] = [
  { id: "mo-peninsula", d: "M98 24 L178 12 L206 46 L202 96 L174 126 L122 128 L92 100 L90 52 Z", label: [148, 70] },
  { id: "mo-taipa", d: "M108 166 L196 154 L232 176 L222 204 L112 206 L96 188 Z", label: [164, 184] },
  { id: "mo-cotai", d: "M114 212 L220 210 L216 252 L118 256 Z", label: [166, 236] },
  { id: "mo-coloane", d: "M108 262 L214 258 L240 292 L214 338 L136 346 L98 306 Z", label: [168, 302] },
];

/** Hong Kong's districts as a tile map (column, row), roughly where each lies. */
const HONG_KONG_TILES: [string, number, number][] = [
  ["hk-tuen-mun", 0, 0],
  ["hk-yuen-long", 1, 0],
  ["hk-north", 2, 0],
  ["hk-tai-po", 3, 0],
  ["hk-tsuen-wan", 0, 1],
  ["hk-kwai-tsing", 1, 1],
  ["hk-sha-tin", 2, 1],
  ["hk-sai-kung", 3, 1],
  ["hk-sham-shui-po", 1, 2],
  ["hk-kowloon-city", 2, 2],
  ["hk-wong-tai-sin", 3, 2],
  ["hk-kwun-tong", 4, 2],
  ["hk-yau-tsim-mong", 1.5, 3],
  ["hk-islands", 0, 4],
  ["hk-central-western", 1, 4],
  ["hk-wan-chai", 2, 4],
  ["hk-eastern", 3, 4],
  ["hk-southern", 2, 5],
];
const TILE = { width: 76, height: 46, gap: 6 };

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
  const name = (region: Region) => region.name[locale];
  const link = (region: Region, label: string, className: string) => (
    <a key={region.id} href={hrefOf(region)} className={className} aria-current={region.id === selected ? "true" : undefined} onClick={(event) => choose(event, region)} data-region={region.id}>
      {label}
    </a>
  );

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
                <li key={region.id}>{link(region, regionPath(region.id, locale)!, "region-list__item")}</li>
              ))}
            </ul>
          )}
        </section>
      ) : (
        <>
          <TabBar label={t("region.groups")} tabs={REGION_GROUPS.map((item) => ({ id: item.id, label: item.name[locale] }))} selected={group} onSelect={(next: GroupId) => setGroup(next)} />
          <section className="card region-picker__group" aria-label={current.name[locale]}>
            {group === "mo" ? <MacauMap selected={selected} name={name} onChoose={choose} hrefOf={hrefOf} title={t("region.mapOf", { place: current.name[locale] })} /> : null}
            {group === "hk" ? <HongKongMap selected={selected} name={name} onChoose={choose} hrefOf={hrefOf} title={t("region.mapOf", { place: current.name[locale] })} /> : null}
            {group === "cn" ? (
              <div className="region-provinces">
                {provinces(current).map(([province, regions]) => (
                  <div key={province} className="region-province">
                    <h2 className="region-province__name">{province}</h2>
                    <div className="chips">{regions.map((region) => link(region, name(region), "chip region-chip"))}</div>
                  </div>
                ))}
              </div>
            ) : (
              <>
                <p className="field__hint region-picker__note">{t("region.schematic")}</p>
                <div className="chips region-picker__chips">{current.regions.map((region) => link(region, name(region), "chip region-chip"))}</div>
              </>
            )}
          </section>
        </>
      )}
    </div>
  );

  function provinces(cn: RegionGroup): [string, Region[]][] {
    const byProvince = new Map<string, Region[]>();
    for (const region of cn.regions) {
      const province = region.parent![locale];
      byProvince.set(province, [...(byProvince.get(province) ?? []), region]);
    }
    return [...byProvince];
  }
}

interface MapProps {
  selected: string;
  title: string;
  name(region: Region): string;
  hrefOf(region: Region): string;
  onChoose(event: MouseEvent, region: Region): void;
}

/** A shape of a map that is a link to its district; out of the tab order (the list below is the named one). */
function MapArea({ region, selected, onChoose, hrefOf, children }: Omit<MapProps, "title" | "name"> & { region: Region; children: React.ReactNode }) {
  return (
    <a
      href={hrefOf(region)}
      tabIndex={-1}
      className={`region-map__area${region.id === selected ? " region-map__area--selected" : ""}`}
      onClick={(event) => onChoose(event, region)}
      data-map-region={region.id}
    >
      {children}
    </a>
  );
}

function MacauMap(props: MapProps) {
  return (
    <svg className="region-map region-map--macau" viewBox="60 0 220 360" aria-hidden="true" focusable="false" data-testid="region-map-mo">
      <title>{props.title}</title>
      {/* the bridges between the peninsula and Taipa */}
      <path className="region-map__bridge" d="M140 124 L132 160 M160 124 L160 156 M178 112 L200 156" />
      {MACAU_SHAPES.map((shape) => {
        const region = regionById(shape.id)!.region;
        return (
          <MapArea key={shape.id} region={region} {...props}>
            <path d={shape.d} />
            <text x={shape.label[0]} y={shape.label[1]} textAnchor="middle" dominantBaseline="middle">
              {splitLabel(props.name(region)).map((line, index, lines) => (
                <tspan key={line} x={shape.label[0]} dy={index === 0 ? `${-(lines.length - 1) * 0.55}em` : "1.1em"}>
                  {line}
                </tspan>
              ))}
            </text>
          </MapArea>
        );
      })}
    </svg>
  );
}

function HongKongMap(props: MapProps) {
  const columns = 5;
  const rows = 6;
  const width = columns * (TILE.width + TILE.gap);
  const height = rows * (TILE.height + TILE.gap);
  return (
    <svg className="region-map region-map--hong-kong" viewBox={`-4 -4 ${width + 8} ${height + 8}`} aria-hidden="true" focusable="false" data-testid="region-map-hk">
      <title>{props.title}</title>
      {HONG_KONG_TILES.map(([id, column, row]) => {
        const region = regionById(id)!.region;
        const x = column * (TILE.width + TILE.gap);
        const y = row * (TILE.height + TILE.gap);
        const words = splitLabel(props.name(region));
        return (
          <MapArea key={id} region={region} {...props}>
            <rect x={x} y={y} width={TILE.width} height={TILE.height} rx={8} />
            <text x={x + TILE.width / 2} y={y + TILE.height / 2} textAnchor="middle" dominantBaseline="middle">
              {words.map((line, index) => (
                <tspan key={line} x={x + TILE.width / 2} dy={index === 0 ? `${-(words.length - 1) * 0.55}em` : "1.1em"}>
                  {line}
                </tspan>
              ))}
            </text>
          </MapArea>
        );
      })}
    </svg>
  );
}

/** A tile's label on at most two lines: "Central and / Western", "Yau Tsim / Mong"; Chinese names fit on one. */
function splitLabel(label: string): string[] {
  const words = label.split(" ");
  if (label.length <= 10 || words.length === 1) return [label];
  const middle = Math.ceil(words.length / 2);
  return [words.slice(0, middle).join(" "), words.slice(middle).join(" ")];
}

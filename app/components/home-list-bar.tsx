/**
 * Home's list controls: the tabs (nearby, price, sales volume, recommended, latest; price toggles
 * low-to-high and high-to-low) and the dropdown filter by mCoin range and price range, with reset
 * and confirm. Its styles (home-list-bar.css) come with home's own (routes/index.css imports them).
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { HOME_TABS, type HomeTab } from "#core/api/vocabulary";
import { MCOIN_RANGES, PRICE_RANGES, type Range } from "../lib/catalog/filters";
import { formatPoints } from "../lib/money/format";
import { ChevronDownIcon, SortIcon } from "./icons";

export interface HomeQuery {
  tab: HomeTab;
  order: "asc" | "desc";
  mcoin?: string;
  price?: string;
}

interface HomeListBarProps {
  query: HomeQuery;
  onChange: (query: HomeQuery) => void;
}

export function HomeListBar({ query, onChange }: HomeListBarProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const active = [query.mcoin, query.price].filter(Boolean).length;

  const choose = (tab: HomeTab) => {
    if (tab === "price" && query.tab === "price") onChange({ ...query, order: query.order === "asc" ? "desc" : "asc" });
    else onChange({ ...query, tab, order: "asc" });
  };

  return (
    <div className="list-bar">
      <div className="list-bar__row">
        <div className="list-tabs" role="tablist" aria-label={t("home.tabsLabel")}>
          {HOME_TABS.map((tab) => {
            const selected = query.tab === tab;
            const label = tab === "price" && selected ? t(query.order === "asc" ? "home.priceLowToHigh" : "home.priceHighToLow") : t(`home.tabs.${tab}`);
            return (
              <button key={tab} type="button" role="tab" aria-selected={selected} aria-label={label} className="list-tabs__tab" data-key-fact="tab" onClick={() => choose(tab)}>
                {t(`home.tabs.${tab}`)}
                {tab === "price" ? <SortIcon className="icon icon--small" direction={selected ? query.order : undefined} /> : null}
              </button>
            );
          })}
        </div>
        <button type="button" className={`list-bar__filter${active ? " list-bar__filter--active" : ""}`} aria-expanded={open} aria-controls="home-filter" onClick={() => setOpen(!open)}>
          {active ? t("home.filter.openActive", { count: active }) : t("home.filter.open")}
          <ChevronDownIcon className="icon icon--small" />
        </button>
      </div>
      {open ? (
        <FilterPanel
          query={query}
          onConfirm={(next) => {
            setOpen(false);
            onChange(next);
          }}
        />
      ) : null}
    </div>
  );
}

function FilterPanel({ query, onConfirm }: { query: HomeQuery; onConfirm: (query: HomeQuery) => void }) {
  const { t } = useTranslation();
  const [mcoin, setMcoin] = useState(query.mcoin);
  const [price, setPrice] = useState(query.price);
  return (
    <div className="filter-panel" id="home-filter" role="group" aria-label={t("home.filter.title")}>
      <RangeGroup label={t("home.filter.mcoin")} ranges={MCOIN_RANGES} value={mcoin} onChange={setMcoin} format={formatPoints} />
      <RangeGroup label={t("home.filter.price")} ranges={PRICE_RANGES} value={price} onChange={setPrice} format={(value) => `$${value}`} />
      <div className="filter-panel__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setMcoin(undefined);
            setPrice(undefined);
          }}
        >
          {t("home.filter.reset")}
        </button>
        <button type="button" className="button button--primary" onClick={() => onConfirm({ ...query, mcoin, price })}>
          {t("home.filter.confirm")}
        </button>
      </div>
    </div>
  );
}

function RangeGroup({
  label,
  ranges,
  value,
  onChange,
  format,
}: {
  label: string;
  ranges: Range[];
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  format: (value: number) => string;
}) {
  const { t } = useTranslation();
  const text = (range: Range) =>
    range.max === undefined
      ? t("home.range.over", { min: format(range.min ?? 0) })
      : range.min === 0 || range.min === undefined
        ? t("home.range.under", { max: format(range.max) })
        : t("home.range.between", { min: format(range.min), max: format(range.max) });
  return (
    <fieldset className="filter-panel__group">
      <legend>{label}</legend>
      <div className="chips">
        {ranges.map((range) => (
          <button key={range.id} type="button" className="chip" aria-pressed={value === range.id} onClick={() => onChange(value === range.id ? undefined : range.id)}>
            {text(range)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

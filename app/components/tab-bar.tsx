/** A row of tabs (role="tablist"), each with an optional count: my coupons' tabs, the order tabs. */
import { useTranslation } from "react-i18next";

export interface TabItem<T extends string> {
  id: T;
  label: string;
  count?: number;
}

interface TabBarProps<T extends string> {
  tabs: readonly TabItem<T>[];
  selected: T;
  onSelect(tab: T): void;
  /** The accessible name of the tab list. */
  label: string;
}

export function TabBar<T extends string>({ tabs, selected, onSelect, label }: TabBarProps<T>) {
  const { t } = useTranslation();
  return (
    <div className="list-tabs tab-bar" role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          aria-selected={tab.id === selected}
          aria-label={tab.count === undefined ? tab.label : t("common.tabWithCount", { label: tab.label, count: tab.count })}
          className="list-tabs__tab"
          onClick={() => onSelect(tab.id)}
        >
          {tab.label}
          {tab.count ? <span className="tab-bar__count">{tab.count}</span> : null}
        </button>
      ))}
    </div>
  );
}

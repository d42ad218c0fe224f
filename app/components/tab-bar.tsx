/** A row of tabs (role="tablist"), each with an optional count: my coupons' tabs, the order tabs. */
import { useTranslation } from "react-i18next";
import "./tab-bar.css";

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

/**
 * The white space the locale puts between a tab's words and its count ("Unused (4)": one space;
 * "未使用（4）": none), written between the label and the count's badge. The tab's name is the
 * locale's words with the count, and it must contain the text shown word for word (voice control
 * users say what they see; axe's label-content-name-mismatch), which ignores ASCII brackets only:
 * so the Chinese format brackets the count with "()", not the full-width "（）".
 */
export function gapBeforeCount(named: string, label: string, count: number): string {
  const from = named.indexOf(label);
  const to = named.indexOf(String(count), from + label.length);
  return from === -1 || to === -1 ? " " : named.slice(from + label.length, to).replace(/\S/gu, "");
}

export function TabBar<T extends string>({ tabs, selected, onSelect, label }: TabBarProps<T>) {
  const { t } = useTranslation();
  const withCount = (words: string, count: number) => t("common.tabWithCount", { label: words, count });
  return (
    <div className="list-tabs tab-bar" role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          aria-selected={tab.id === selected}
          aria-label={tab.count === undefined ? tab.label : withCount(tab.label, tab.count)}
          className="list-tabs__tab"
          data-key-fact="tab"
          onClick={() => onSelect(tab.id)}
        >
          {tab.label}
          {tab.count ? (
            <>
              {gapBeforeCount(withCount(tab.label, tab.count), tab.label, tab.count)}
              <span className="tab-bar__count">{tab.count}</span>
            </>
          ) : null}
        </button>
      ))}
    </div>
  );
}

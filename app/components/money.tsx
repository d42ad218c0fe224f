/**
 * Money as the mall writes it, everywhere it is shown: what the member pays (mCoin, mCoin and cash,
 * or cash: lib/catalog/pay-price.ts), the price in cash beside it, labelled as such, and the original
 * price struck through and named so for a screen reader. A card, the offer's head and the timed sales
 * show a price the same way, so a member reads at a glance which amount is paid.
 */
import type { i18n as I18n, TFunction } from "i18next";
import { useContext } from "react";
import { I18nContext } from "react-i18next";
import type { payTexts } from "../lib/catalog/pay-price";
import "./money.css";

/**
 * Each i18next instance's own `t`, bound once. It translates in the instance's language at the time
 * of the call and in its default namespace, as `getFixedT(null, "translation")` does, without the
 * fixed function's options object made for every text (home draws some fifty cards of four texts).
 */
const translators = new WeakMap<I18n, TFunction>();

export function translatorOf(i18n: I18n): TFunction {
  let t = translators.get(i18n);
  if (!t) translators.set(i18n, (t = i18n.t.bind(i18n) as TFunction));
  return t;
}

/**
 * The page's translator, read from context rather than through useTranslation, whose per-component
 * bookkeeping (namespace checks, a subscription to language changes) was a tenth of a card's server
 * render. A language change re-renders the page, and with it every price.
 */
export function usePageT(): TFunction {
  return translatorOf(useContext(I18nContext).i18n);
}

/**
 * What the member pays: the mCoin part, then the cash part (see payTexts). `elementTiming` marks both
 * parts for the Element Timing API (bench/member-timing.bench.ts reads when a screen's price is painted).
 */
export function PayLine({ pay, className, elementTiming }: { pay: ReturnType<typeof payTexts>; className: string; elementTiming?: string }) {
  return (
    <span className={className}>
      {pay.mcoin ? (
        <span className="pay__mcoin" elementtiming={elementTiming}>
          {pay.mcoin}
        </span>
      ) : null}
      {pay.mcoin && pay.cash ? " " : null}
      {pay.cash ? (
        <span className={pay.mcoin ? "pay__cash" : "pay__mcoin"} elementtiming={elementTiming}>
          {pay.cash}
        </span>
      ) : null}
    </span>
  );
}

/** The price in MOP beside an mCoin price, with its label ("Cash value"); `amountClassName` is the amount's alone. */
export function CashValue({ price, className, amountClassName }: { price: string; className?: string; amountClassName?: string }) {
  const t = usePageT();
  return (
    <span className={className ? `money-value ${className}` : "money-value"}>
      <span className="money-value__label">{t("money.cashValue")}</span> <span className={amountClassName}>{price}</span>
    </span>
  );
}

/** The original price, struck through, and named "Original price" for a screen reader. */
export function OriginalPrice({ price, className }: { price: string; className: string }) {
  const t = usePageT();
  return (
    <s className={className} aria-label={t("catalog.originalPrice", { price })}>
      {price}
    </s>
  );
}

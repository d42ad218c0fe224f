/**
 * The discount label (spec sections 5 and 9): shown only when the price is between 10 and 95 percent
 * of the original price; Chinese shows tenths ("8.5折"), English the percent off ("15% OFF").
 */
import type { Locale } from "../i18n/locale";

/** The price as a percentage of the original, to one decimal; null when it cannot be computed. */
export function priceRatioPercent(price: number, originalPrice: number): number | null {
  if (!Number.isFinite(price) || !Number.isFinite(originalPrice) || originalPrice <= 0 || price < 0) return null;
  return Math.round((price / originalPrice) * 1000) / 10;
}

export function discountLabel(price: number, originalPrice: number, locale: Locale): string | null {
  const percent = priceRatioPercent(price, originalPrice);
  if (percent === null || percent < 10 || percent > 95) return null;
  if (locale === "zh") {
    // 85% → 8.5折, 80% → 8折
    const tenths = Math.round(percent) / 10;
    return `${Number.isInteger(tenths) ? tenths.toFixed(0) : tenths.toFixed(1)}折`;
  }
  return `${Math.round(100 - percent)}% OFF`;
}

/** Money and points formatting (spec section 9: 2 decimals, `$` prefix, comma thousands). */

export interface MoneyFormat {
  decimals?: number;
  prefix?: string;
  separator?: string;
}

/** 1234.5 → "$1,234.50". Non-finite values format as zero rather than "NaN". */
export function formatMoney(value: number, { decimals = 2, prefix = "$", separator = "," }: MoneyFormat = {}): string {
  const safe = Number.isFinite(value) ? value : 0;
  const negative = safe < 0;
  const [whole, fraction] = Math.abs(safe).toFixed(decimals).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
  return `${negative ? "-" : ""}${prefix}${grouped}${fraction ? `.${fraction}` : ""}`;
}

/** mCoin are whole numbers: 12580 → "12,580". */
export function formatPoints(value: number): string {
  return formatMoney(Math.trunc(value), { decimals: 0, prefix: "" });
}

/** Money and points formatting (spec section 9: 2 decimals, `$` prefix, comma thousands). */

export interface MoneyFormat {
  decimals?: number;
  prefix?: string;
  separator?: string;
}

/**
 * 1234.5 → "$1,234.50". Non-finite values format as zero rather than "NaN". Home formats some 120
 * amounts a page on the server, so the thousands are grouped by a loop rather than a regular
 * expression (a fifth of the time).
 */
export function formatMoney(value: number, { decimals = 2, prefix = "$", separator = "," }: MoneyFormat = {}): string {
  const safe = Number.isFinite(value) ? value : 0;
  const fixed = Math.abs(safe).toFixed(decimals);
  const sign = safe < 0 ? "-" : "";
  // 1e21 and above print in exponent notation, which has no thousands to group.
  if (fixed.includes("e")) return `${sign}${prefix}${fixed}`;
  const point = fixed.indexOf(".");
  const end = point < 0 ? fixed.length : point;
  const first = end % 3 || 3;
  let grouped = fixed.slice(0, first);
  for (let at = first; at < end; at += 3) grouped += separator + fixed.slice(at, at + 3);
  return `${sign}${prefix}${grouped}${fixed.slice(end)}`;
}

/** mCoin are whole numbers: 12580 → "12,580". */
export function formatPoints(value: number): string {
  return formatMoney(Math.trunc(value), { decimals: 0, prefix: "" });
}

/**
 * Dates and times as the member reads them: in their language, on Macau's clock (UTC+8) whatever
 * the device's or the server's zone, so the server's render and the page's hydration agree.
 *
 * Written here rather than by `Intl.DateTimeFormat`: the first formatter a page builds with a time
 * zone loads the zone's and the locale's data, 50-70 ms of a slow phone's CPU in the middle of
 * hydrating a screen of coupon cards, and the server's ICU and an older webview's may spell a month
 * differently ("Sep", "Sept"), which React would see as a mismatch. Macau keeps UTC+8 all year (no
 * daylight saving since 1979), so the fields are UTC's fields of the time moved by eight hours. The
 * texts are those of `Intl` for en-GB and zh-HK (format.test.ts checks them against it).
 */
import type { Locale } from "../i18n/locale";

const MACAU_OFFSET_MS = 8 * 3_600_000;
const MONTHS_EN = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"];

/** The time's fields on Macau's clock; a time that is not a number is refused as `Intl` refuses it. */
function macauFields(at: number) {
  if (!Number.isFinite(at)) throw new RangeError("Invalid time value");
  const moved = new Date(at + MACAU_OFFSET_MS);
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth(), day: moved.getUTCDate(), hour: moved.getUTCHours(), minute: moved.getUTCMinutes() };
}

const twoDigits = (value: number) => String(value).padStart(2, "0");

/** 21 Dec 2026 / 2026年12月21日 */
export function formatDate(at: number, locale: Locale): string {
  const { year, month, day } = macauFields(at);
  return locale === "zh" ? `${year}年${month + 1}月${day}日` : `${day} ${MONTHS_EN[month]} ${year}`;
}

/** 20:05, on Macau's clock, the same in both languages. */
export function formatTime(at: number): string {
  const { hour, minute } = macauFields(at);
  return `${twoDigits(hour)}:${twoDigits(minute)}`;
}

/** 21 Dec 2026 20:05 / 2026年12月21日 20:05 (zh-HK would write the date in numbers beside a time). */
export function formatDateTime(at: number, locale: Locale): string {
  return `${formatDate(at, locale)} ${formatTime(at)}`;
}

/** The day of Macau `at` falls on, as a day number since 1970 (two times are on the same day when equal). */
export function macauDayOf(at: number): number {
  return Math.floor((at + MACAU_OFFSET_MS) / 86_400_000);
}

/**
 * Dates and times as the member reads them: in their language, on Macau's clock (UTC+8) whatever
 * the device's or the server's zone, so the server's render and the page's hydration agree.
 */
import type { Locale } from "../i18n/locale";

const INTL_LOCALE: Record<Locale, string> = { zh: "zh-HK", en: "en-GB" };
export const MACAU_TIME_ZONE = "Asia/Macau";

/*
 * Building an Intl formatter loads locale and time-zone data (about a millisecond each on a phone,
 * more than formatting itself); a screen of coupon cards formats dozens of dates while it hydrates.
 * Formatters are immutable, so one per locale is built when first needed and kept.
 */
const dateFormats = new Map<Locale, Intl.DateTimeFormat>();
let timeFormat: Intl.DateTimeFormat | null = null;

/** 21 Dec 2026 / 2026年12月21日 */
export function formatDate(at: number, locale: Locale): string {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: "medium", timeZone: MACAU_TIME_ZONE });
    dateFormats.set(locale, format);
  }
  return format.format(at);
}

/** 20:05, on Macau's clock, the same in both languages. */
export function formatTime(at: number): string {
  timeFormat ??= new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: MACAU_TIME_ZONE });
  return timeFormat.format(at);
}

/** 21 Dec 2026 20:05 / 2026年12月21日 20:05 (zh-HK would write the date in numbers beside a time). */
export function formatDateTime(at: number, locale: Locale): string {
  return `${formatDate(at, locale)} ${formatTime(at)}`;
}

/** The day of Macau `at` falls on, as a day number since 1970 (two times are on the same day when equal). */
export function macauDayOf(at: number): number {
  return Math.floor((at + 8 * 3_600_000) / 86_400_000);
}

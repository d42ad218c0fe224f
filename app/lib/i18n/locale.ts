/** The mall's two locales (spec section 1): Traditional Chinese by default, and English. */
export const SUPPORTED_LOCALES = ["zh", "en"] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "zh";

/** zh, zh-TW, zh-HK, zh-MO (any zh) give zh; en and en-* give en; anything else null. */
export function normalizeLocale(code: string | null | undefined): Locale | null {
  if (!code) return null;
  const primary = code.trim().toLowerCase().split(/[-_]/)[0];
  return (SUPPORTED_LOCALES as readonly string[]).includes(primary) ? (primary as Locale) : null;
}

/** The BCP 47 tag for the page's lang attribute (Traditional script for zh). */
export function htmlLang(locale: Locale): string {
  return locale === "zh" ? "zh-Hant" : "en";
}

/** The page's locale (zh or en), as i18next has it. */
import { useTranslation } from "react-i18next";
import { DEFAULT_LOCALE, normalizeLocale, type Locale } from "../lib/i18n/locale";

export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return normalizeLocale(i18n.language) ?? DEFAULT_LOCALE;
}

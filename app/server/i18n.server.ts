/**
 * The locale of a request: an explicit ?lng=, else the `language` part of the host app's user
 * agent, else the locale cookie, else zh (spec section 1).
 */
import { RemixI18Next } from "remix-i18next/server";
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, normalizeLocale, type Locale } from "../lib/i18n/locale";
import { parseHostUserAgent } from "../lib/host-bridge/user-agent";
import { RESOURCES } from "../locales";
import { cookieOptionsFor, localeCookie } from "./cookies.server";

export const i18n = new RemixI18Next({
  detection: {
    supportedLanguages: [...SUPPORTED_LOCALES],
    fallbackLanguage: DEFAULT_LOCALE,
    cookie: localeCookie,
    searchParamKey: "lng",
    order: ["searchParams", "custom", "cookie"],
    async findLocale(request) {
      return parseHostUserAgent(request.headers.get("user-agent")).language;
    },
  },
  i18next: {
    resources: RESOURCES,
    fallbackLng: DEFAULT_LOCALE,
    interpolation: { escapeValue: false },
  },
});

export async function getLocale(request: Request): Promise<Locale> {
  return normalizeLocale(await i18n.getLocale(request)) ?? DEFAULT_LOCALE;
}

/** The Set-Cookie value that stores the locale, or null when the cookie already says so. */
export async function localeCookieHeader(request: Request, locale: Locale): Promise<string | null> {
  const stored = await localeCookie.parse(request.headers.get("cookie"));
  return stored === locale ? null : localeCookie.serialize(locale, cookieOptionsFor(request));
}

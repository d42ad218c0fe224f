/**
 * The locale of a request: an explicit ?lng=, else the `language` part of the host app's user
 * agent, else the locale cookie, else zh (spec section 1).
 */
import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";
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

const instances = new Map<Locale, Promise<I18n>>();

/**
 * The server's i18next for a locale: made once and shared by every request in that locale (its
 * language never changes on the server, and translating only reads it). Making one per request, as
 * `RemixI18Next.getFixedT` does, copied every translation for every page served.
 */
export function serverI18n(locale: Locale): Promise<I18n> {
  let instance = instances.get(locale);
  if (!instance) {
    const created = createInstance();
    instance = created
      .use(initReactI18next)
      .init({ lng: locale, fallbackLng: DEFAULT_LOCALE, resources: RESOURCES, interpolation: { escapeValue: false } })
      .then(() => created);
    instances.set(locale, instance);
  }
  return instance;
}

/** The translate function of a locale, for loaders and actions. */
export async function fixedT(locale: Locale): Promise<TFunction> {
  return (await serverI18n(locale)).getFixedT(locale);
}

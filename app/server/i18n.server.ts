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
      .then(() => rememberTranslations(created));
    instances.set(locale, instance);
  }
  return instance;
}

/** How many texts an instance remembers before it starts afresh. */
export const REMEMBERED_TEXTS = 20_000;

/**
 * The memo's key for a call, or null for a call it must not remember: a key (or fallback keys) and
 * options whose values are all plain (interpolation values, count, context, lng, ns, lngs). An
 * object or a function among the options (returnObjects' nested values, postProcess hooks) is never
 * remembered. Home asks some 250 texts a page, each through `getFixedT`'s options, so the key is
 * written out by hand rather than by JSON.stringify (a third of the memo's time): each option as its
 * name and value, a string's length before it, so that no two different calls share a key.
 */
export function translationKey(args: readonly unknown[]): string | null {
  if (args.length > 2) return null;
  const key = args[0];
  const options = args[1];
  let text: string;
  if (typeof key === "string") text = `${key.length}:${key}`;
  else if (isStrings(key)) text = `a${JSON.stringify(key)}`;
  else return null;
  if (options === undefined) return text;
  if (typeof options !== "object" || options === null || Array.isArray(options)) return null;
  for (const name in options) {
    const value = (options as Record<string, unknown>)[name];
    if (value === undefined) continue;
    if (name === "returnObjects" && value) return null;
    if (typeof value === "string") text += `\u0000${name.length}:${name}s${value.length}:${value}`;
    else if (value === null || typeof value === "number" || typeof value === "boolean") text += `\u0000${name.length}:${name}=${String(value)}`;
    else if (isStrings(value)) text += `\u0000${name.length}:${name}a${JSON.stringify(value)}`;
    else return null;
  }
  return text;
}

const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === "string");

/**
 * The server's translations never change, so the same key with the same plain options always gives
 * the same text. i18next resolves every call afresh (some 10 µs: namespaces, fallbacks, plurals,
 * interpolation) and home alone asks about 200 per page, which was a tenth of the server's work on
 * it. The instance's `t`, which `getFixedT` and `useTranslation` call, now answers a call it has seen
 * from memory. Only string answers are remembered; the memo empties when it reaches its bound.
 */
export function rememberTranslations(instance: I18n): I18n {
  const translate = instance.t.bind(instance) as unknown as (...args: unknown[]) => unknown;
  const memo = new Map<string, string>();
  const remembering = (...args: unknown[]) => {
    const key = translationKey(args);
    if (key === null) return translate(...args);
    const known = memo.get(key);
    if (known !== undefined) return known;
    const text = translate(...args);
    if (typeof text === "string") {
      if (memo.size >= REMEMBERED_TEXTS) memo.clear();
      memo.set(key, text);
    }
    return text;
  };
  instance.t = remembering as unknown as I18n["t"];
  return instance;
}

/** The translate function of a locale, for loaders and actions. */
export async function fixedT(locale: Locale): Promise<TFunction> {
  return (await serverI18n(locale)).getFixedT(locale);
}

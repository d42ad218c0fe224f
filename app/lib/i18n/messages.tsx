/**
 * The browser's texts: only the page's locale, fetched as a JSON file the build emits with a hashed
 * name (served as an immutable asset), never both locales inside the scripts. The document's head
 * starts that fetch early (`MessagesPreload`, in app/root.tsx), next to Remix's own module preloads,
 * so it runs while the scripts download and hydration does not wait one more round trip for it.
 * The server renders with both locales bundled (app/locales/index.ts).
 */
import type { BackendModule, ResourceKey } from "i18next";
import enUrl from "../../locales/en.json?url&no-inline";
import zhUrl from "../../locales/zh.json?url&no-inline";
import { normalizeLocale, type Locale } from "./locale";

/** Each locale's texts as the browser fetches them (`no-inline`: a small file is still a file, never a data: URL in the page). */
export const MESSAGES_URL: Record<Locale, string> = { en: enUrl, zh: zhUrl };

/**
 * The preload and the fetch must agree on the request's mode, or the browser fetches twice: a
 * same-origin `fetch()` is a CORS-mode request with same-origin credentials, which is what
 * `crossorigin="anonymous"` on the preload asks for.
 */
export function MessagesPreload({ locale }: { locale: Locale }) {
  return <link rel="preload" href={MESSAGES_URL[locale]} as="fetch" crossOrigin="anonymous" />;
}

/** A locale's texts, fetched (from the preload's response when the head started it). */
export async function loadMessages(locale: Locale): Promise<ResourceKey> {
  const response = await fetch(MESSAGES_URL[locale], { credentials: "same-origin" });
  if (!response.ok) throw new Error(`the ${locale} texts could not be loaded (${response.status})`);
  return (await response.json()) as ResourceKey;
}

/**
 * i18next's way to the other locale's texts, when the page's language changes without a new
 * document (remix-i18next's useChangeLanguage in app/root.tsx): i18next waits for them before it
 * switches, so no text is ever shown as its key.
 */
export const messagesBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language, _namespace, callback) {
    const locale = normalizeLocale(language);
    if (!locale) return callback(new Error(`no texts for the language ${language}`), false);
    loadMessages(locale).then(
      (messages) => callback(null, messages),
      (error: Error) => callback(error, false),
    );
  },
};

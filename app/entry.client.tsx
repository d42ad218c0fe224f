/** Hydration: i18next in the locale the server rendered (the document's lang), then React. */
import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { installErrorReporting } from "./lib/errors/reporter";
import { DEFAULT_LOCALE, normalizeLocale } from "./lib/i18n/locale";
import { RESOURCES } from "./locales";

/**
 * A page the server answered with the error route in its place (a rate limit's 429 keeps the
 * address, so 'Refresh' can go back) takes the error route's address before the router starts:
 * otherwise the router would see the other page's address without its data and load it.
 */
function adoptRenderedAddress() {
  const rendered = document.documentElement.dataset.errorUrl;
  if (rendered && window.location.pathname !== "/error") window.history.replaceState(window.history.state, "", rendered);
}

async function hydrate() {
  installErrorReporting();
  adoptRenderedAddress();
  await i18next.use(initReactI18next).init({
    lng: normalizeLocale(document.documentElement.lang) ?? DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    resources: RESOURCES,
    interpolation: { escapeValue: false },
  });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();

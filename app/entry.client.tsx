/** Hydration: i18next in the locale the server rendered (the document's lang), then React. */
import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { DEFAULT_LOCALE, normalizeLocale } from "./lib/i18n/locale";
import { RESOURCES } from "./locales";

async function hydrate() {
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

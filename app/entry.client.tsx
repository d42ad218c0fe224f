/**
 * Hydration: i18next in the locale the server rendered (the document's lang) with that locale's texts
 * only (app/lib/i18n/messages.tsx), then React.
 */
// The mall's base sheet. Remix links the client entry's styles first among the root route's (before
// the frame's components' sheets, which build on it), so it is imported here rather than in root.tsx.
import "./styles/base.css";
import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { installErrorReporting, reportError } from "./lib/errors/reporter";
import { DEFAULT_LOCALE, normalizeLocale } from "./lib/i18n/locale";
import { loadMessages, messagesBackend } from "./lib/i18n/messages";

async function hydrate() {
  installErrorReporting();
  const locale = normalizeLocale(document.documentElement.lang) ?? DEFAULT_LOCALE;
  let messages;
  try {
    messages = await loadMessages(locale);
  } catch (error) {
    // Without its texts React would draw every text as its key over the server's page. The page stays
    // as the server rendered it instead: readable, its links and forms working without script.
    reportError("page", error);
    return;
  }
  await i18next
    .use(initReactI18next)
    .use(messagesBackend)
    .init({
      lng: locale,
      // Both locales carry every key (app/locales/locales.test.ts), so no text falls back; a fallback
      // language would have i18next fetch its texts too, before hydration.
      fallbackLng: false,
      resources: { [locale]: { translation: messages } },
      // The other locale comes through messagesBackend, if the page ever switches to it.
      partialBundledLanguages: true,
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

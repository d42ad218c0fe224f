/** The two locale files, for the server's rendering; the browser fetches its locale's only (app/lib/i18n/messages.tsx). */
import en from "./en.json";
import zh from "./zh.json";

export const RESOURCES = {
  zh: { translation: zh },
  en: { translation: en },
} as const;

export type Messages = typeof zh;

/** The two locale files, bundled: each is small, and bundling saves a request before hydration. */
import en from "./en.json";
import zh from "./zh.json";

export const RESOURCES = {
  zh: { translation: zh },
  en: { translation: en },
} as const;

export type Messages = typeof zh;

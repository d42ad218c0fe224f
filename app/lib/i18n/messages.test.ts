/** The browser's texts: its locale's file only, and the other one when the language changes. */
import { createInstance } from "i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import en from "../../locales/en.json";
import zh from "../../locales/zh.json";
import { MESSAGES_URL, loadMessages, messagesBackend } from "./messages";

const FILES: Record<string, unknown> = { [MESSAGES_URL.en]: en, [MESSAGES_URL.zh]: zh };
const served = (url: string) => (url in FILES ? Response.json(FILES[url]) : new Response("not found", { status: 404 }));

afterEach(() => vi.unstubAllGlobals());

describe("the locale files", () => {
  it("are two files of their own, one per locale", () => {
    // In the build /assets/en-<hash>.json; under Vite's dev server the source file itself.
    expect(MESSAGES_URL.en).toMatch(/\/en[.-][^/]*json/);
    expect(MESSAGES_URL.zh).toMatch(/\/zh[.-][^/]*json/);
  });

  it("fail loudly when the server does not have them", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("gone", { status: 404 })),
    );
    await expect(loadMessages("en")).rejects.toThrow("the en texts could not be loaded (404)");
  });
});

describe("i18next in the browser", () => {
  it("starts with the page's texts without fetching them again, and fetches the other locale's before it switches", async () => {
    const fetch = vi.fn(async (url: string) => served(url));
    vi.stubGlobal("fetch", fetch);
    const i18n = createInstance();
    await i18n.use(messagesBackend).init({ lng: "en", fallbackLng: false, resources: { en: { translation: await loadMessages("en") } }, partialBundledLanguages: true });
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([MESSAGES_URL.en]);
    expect(i18n.t("app.name")).toBe(en.app.name);

    await i18n.changeLanguage("zh");
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([MESSAGES_URL.en, MESSAGES_URL.zh]);
    expect(i18n.language).toBe("zh");
    expect(i18n.t("app.name")).toBe(zh.app.name);
  });
});

/** The sandbox's sign-in page speaks its own words, in both languages. */
import { describe, expect, it } from "vitest";
import { LOGIN_PAGE_TEXTS } from "./login-page";
import { inProcess } from "./testing";

const current = inProcess({ history: false });
const page = async (query: string) => (await current.request(`/oauth/authorize?${query}`)).body as string;
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
const RETURN = `redirect_uri=${encodeURIComponent("http://localhost:3000/index")}`;

describe("the sign-in page's texts", () => {
  it("fill the same placeholders in both languages, and zh is Traditional Chinese", () => {
    for (const [key, en] of Object.entries(LOGIN_PAGE_TEXTS.en)) {
      const zh = LOGIN_PAGE_TEXTS.zh[key as keyof typeof LOGIN_PAGE_TEXTS.zh];
      expect(placeholders(zh), key).toEqual(placeholders(en));
      expect(zh, key).not.toMatch(/[们这说应该请页见开关选购买优订单积资历钱网络设]/);
    }
  });

  it("are the page's, in the language asked for (zh unless English is)", async () => {
    for (const [locale, query] of [
      ["en", "lang=en&"],
      ["zh", ""],
    ] as const) {
      const texts = LOGIN_PAGE_TEXTS[locale];
      const html = await page(`${query}${RETURN}`);
      for (const text of [texts.title, texts.subtitle, texts.footer]) expect(html).toContain(text);
      expect(html).toContain(texts.choose.split("{{name}}")[0]);
      expect(html).toContain(texts.points.replace("{{points}}", "12,580"));
      expect(await page(query)).toContain(texts.invalidRedirect);
    }
  });
});

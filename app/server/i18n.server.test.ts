import { createInstance } from "i18next";
import { describe, expect, it, vi } from "vitest";
import { REMEMBERED_TEXTS, rememberTranslations, serverI18n, translationKey } from "./i18n.server";

async function instanceWith(resources: Record<string, string | object>) {
  const instance = createInstance();
  await instance.init({ lng: "en", resources: { en: { translation: resources } }, interpolation: { escapeValue: false } });
  return instance;
}

describe("the server's translation memo", () => {
  it("answers a call it has seen from memory, and the same as i18next", async () => {
    const instance = await instanceWith({ sold: "{{count}} sold", sold_one: "{{count}} sold (one)" });
    const translate = vi.spyOn((instance as unknown as { translator: { translate(...args: unknown[]): unknown } }).translator, "translate");
    rememberTranslations(instance);
    const t = instance.getFixedT("en");
    expect(t("sold", { count: 1 })).toBe("1 sold (one)");
    expect(t("sold", { count: 2 })).toBe("2 sold");
    expect(t("sold", { count: 2 })).toBe("2 sold");
    expect(t("sold", { count: 1 })).toBe("1 sold (one)");
    expect(translate).toHaveBeenCalledTimes(2);
  });

  it("tells interpolation values, languages and fallback keys apart", async () => {
    const instance = rememberTranslations(await instanceWith({ mcoin: "{{value}} mCoin", a: "A" }));
    const t = instance.getFixedT("en");
    expect(t("mcoin", { value: "10" })).toBe("10 mCoin");
    expect(t("mcoin", { value: "20" })).toBe("20 mCoin");
    expect(t(["missing", "a"])).toBe("A");
    expect(t("a")).toBe("A");
  });

  it("never remembers objects, functions or returnObjects", async () => {
    expect(translationKey(["a", { value: { nested: 1 } }])).toBeNull();
    expect(translationKey(["a", { postProcess: () => "x" }])).toBeNull();
    expect(translationKey(["a", { returnObjects: true }])).toBeNull();
    expect(translationKey(["a", "default", {}])).toBeNull();
    expect(translationKey([{ key: "a" }])).toBeNull();
    expect(translationKey(["a", { lngs: ["en", "zh"], count: 2, ns: "translation" }])).not.toBeNull();
    const instance = rememberTranslations(await instanceWith({ group: { one: "1", two: "2" } }));
    expect(instance.t("group", { returnObjects: true })).toEqual({ one: "1", two: "2" });
  });

  it("gives two calls one key only when they ask the same", () => {
    const calls: unknown[][] = [
      ["a"],
      [["a"]],
      [["a", "b"]],
      ["a", { value: "1" }],
      ["a", { value: 1 }],
      ["a", { value: "1", count: 2 }],
      ["a", { value: "1\u00005:count=2" }],
      ["a", { valu: "e1" }],
      ["a\u00005:value", { s: "1" }],
      ["a", { lngs: ["en", "zh"] }],
      ["a", { lngs: ["en,zh"] }],
      ["a", { ns: null }],
    ];
    const keys = calls.map((call) => translationKey(call));
    expect(new Set(keys).size).toBe(calls.length);
    expect(translationKey(["a", { value: "1", lng: undefined }])).toBe(translationKey(["a", { value: "1" }]));
  });

  it("starts afresh at its bound", async () => {
    const instance = await instanceWith({ n: "{{n}}" });
    const translate = vi.spyOn((instance as unknown as { translator: { translate(...args: unknown[]): unknown } }).translator, "translate");
    rememberTranslations(instance);
    for (let n = 0; n <= REMEMBERED_TEXTS; n++) instance.t("n", { n });
    expect(instance.t("n", { n: 0 })).toBe("0");
    expect(translate).toHaveBeenCalledTimes(REMEMBERED_TEXTS + 2);
  });

  it("serves the mall's own texts in both languages", async () => {
    const en = (await serverI18n("en")).getFixedT("en");
    const zh = (await serverI18n("zh")).getFixedT("zh");
    expect(en("catalog.mcoin", { value: "1,280" })).toBe("1,280 mCoin");
    expect(en("catalog.mcoin", { value: "1,280" })).toBe("1,280 mCoin");
    expect(en("catalog.orPrice", { price: "MOP 5" })).toBe("or MOP 5");
    expect(zh("catalog.orPrice", { price: "MOP 5" })).toBe("或 MOP 5");
    expect(en("catalog.orPrice", { price: "MOP 5" })).toBe("or MOP 5");
  });
});

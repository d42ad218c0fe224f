import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import zh from "../../locales/zh.json";
import { cardPrice, payText, timesPieces } from "./pay-price";

const i18n = i18next.createInstance();
beforeAll(() => i18n.init({ lng: "en", resources: { en: { translation: en }, zh: { translation: zh } }, interpolation: { escapeValue: false } }));

describe("what a member pays, as one text", () => {
  it("writes mCoin first, then the cash part; cash alone when mCoin cannot pay", () => {
    const t = i18n.getFixedT("en");
    expect(payText(t, { mcoin: 2380, cents: 0 })).toBe("2,380 mCoin");
    expect(payText(t, { mcoin: 3000, cents: 29_800 })).toBe("3,000 mCoin + $298.00");
    expect(payText(t, { mcoin: 0, cents: 48_500 })).toBe("$485.00");
    expect(payText(t, { mcoin: 0, cents: 0 })).toBe("$0.00");
    expect(payText(i18n.getFixedT("zh"), { mcoin: 10, cents: 200 })).toContain("10 mCoin");
  });

  it("prices a card at the most mCoin its rules allow, and pieces multiply both parts", () => {
    const offer = { price: 59.8, mcoinPrice: 598, mcoin: { step: 10, minPerPiece: 0, maxPerPiece: 300 } };
    expect(cardPrice(offer)).toEqual({ mcoin: 300, cents: 2980 });
    expect(timesPieces(cardPrice(offer), 2)).toEqual({ mcoin: 600, cents: 5960 });
  });
});

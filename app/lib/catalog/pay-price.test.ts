import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import zh from "../../locales/zh.json";
import { cardPrice, payTexts, timesPieces } from "./pay-price";

const i18n = i18next.createInstance();
beforeAll(() => i18n.init({ lng: "en", resources: { en: { translation: en }, zh: { translation: zh } }, interpolation: { escapeValue: false } }));

describe("what a member pays, in its two parts", () => {
  it("gives the mCoin part first and the cash part joined to it; cash alone when mCoin cannot pay", () => {
    const t = i18n.getFixedT("en");
    expect(payTexts(t, { mcoin: 2380, cents: 0 })).toEqual({ mcoin: "2,380 mCoin", cash: null });
    expect(payTexts(t, { mcoin: 3000, cents: 29_800 })).toEqual({ mcoin: "3,000 mCoin", cash: "+ $298.00" });
    expect(payTexts(t, { mcoin: 0, cents: 48_500 })).toEqual({ mcoin: null, cash: "$485.00" });
    expect(payTexts(t, { mcoin: 0, cents: 0 })).toEqual({ mcoin: null, cash: "$0.00" });
    expect(payTexts(i18n.getFixedT("zh"), { mcoin: 10, cents: 200 }).mcoin).toBe("10 mCoin");
  });

  it("prices a card at the most mCoin its rules allow, and pieces multiply both parts", () => {
    const offer = { price: 59.8, mcoinPrice: 598, mcoin: { step: 10, minPerPiece: 0, maxPerPiece: 300 } };
    expect(cardPrice(offer)).toEqual({ mcoin: 300, cents: 2980 });
    expect(timesPieces(cardPrice(offer), 2)).toEqual({ mcoin: 600, cents: 5960 });
  });
});

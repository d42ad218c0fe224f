/** The catalog's fixture (fixtures/catalog.json, catalog-schema.ts): the variety the mall and buying need, and a schema that refuses money or rules that do not add up. */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isAllowedMcoin, mcoinRange } from "#core/money/purchase";
import { CatalogSchema } from "./catalog-schema";
import { resolveTime } from "./domain/catalog";
import { pricedOffer } from "./domain/offers";
import { DEFAULT_FIXTURES_DIR, loadFixtures } from "./fixtures";

const { catalog } = loadFixtures();

describe("the fixtures", () => {
  it("hold the variety the mall needs", () => {
    const { offers, stores, zones, ads } = catalog;
    const now = Date.now();
    expect(offers.length).toBeGreaterThanOrEqual(60);
    expect(new Set(offers.map((offer) => offer.kind))).toEqual(new Set(["coupon", "voucher", "goods"]));
    expect(offers.filter((offer) => offer.ageRestricted).length).toBeGreaterThanOrEqual(3);
    expect(offers.filter((offer) => offer.endAt === "today").length).toBeGreaterThanOrEqual(3);
    expect(offers.filter((offer) => resolveTime(offer.startAt, now) > now).length).toBeGreaterThanOrEqual(3);
    expect(offers.filter((offer) => offer.stock === 0).length).toBeGreaterThanOrEqual(3);
    expect(offers.filter((offer) => offer.status === "offline").length).toBeGreaterThanOrEqual(2);
    expect(stores.length).toBeGreaterThanOrEqual(20);
    expect(zones.length).toBeGreaterThanOrEqual(2);
    expect(new Set(ads.map((ad) => ad.type))).toEqual(new Set([1, 2, 3, 4, 5]));
  });

  it("hold the offers buying needs: every payment type, mCoin rules of every kind, limits, pictures", () => {
    const { offers } = catalog;
    const now = Date.now();
    const onSale = offers.filter((offer) => offer.status === "online" && offer.stock > 0 && resolveTime(offer.startAt, now) <= now);
    const external = onSale.filter((offer) => offer.paymentType === 9);
    expect(external.length).toBeGreaterThanOrEqual(2);
    for (const offer of external) expect(new URL(offer.couponUrl!).protocol).toBe("https:");
    expect(onSale.filter((offer) => offer.paymentType === 11).length).toBeGreaterThanOrEqual(2);
    expect(onSale.filter((offer) => offer.mcoin.maxPerPiece === 0).length).toBeGreaterThanOrEqual(2);
    expect(onSale.filter((offer) => offer.mcoin.minPerPiece === offer.mcoinPrice).length).toBeGreaterThanOrEqual(1);
    expect(onSale.filter((offer) => offer.mcoin.minPerPiece > 0 && offer.mcoin.minPerPiece < offer.mcoinPrice).length).toBeGreaterThanOrEqual(2);
    expect(onSale.filter((offer) => offer.limitPerMember <= 2).length).toBeGreaterThanOrEqual(3);
    expect(onSale.some((offer) => offer.ageRestricted)).toBe(true);
    expect(new Set(offers.map((offer) => offer.mcoin.step))).toEqual(new Set([10, 50, 100]));
    for (const offer of offers) {
      expect(offer.images.length, `offer ${offer.id}`).toBeGreaterThanOrEqual(1);
      for (const image of offer.images) expect(existsSync(join(DEFAULT_FIXTURES_DIR, "images/offers", image)), image).toBe(true);
    }
    // Issue 8's acceptance: a member with 500 mCoin buys 2 pieces of offer 7 with exactly 300 mCoin.
    const range = mcoinRange(pricedOffer(offers.find((offer) => offer.id === 7)!), 2, 500);
    expect(isAllowedMcoin(range, 300)).toBe(true);
  });

  it("refuse an offer whose money or rules do not add up", () => {
    const copied = structuredClone(catalog);
    const offer = copied.offers[0];
    const broken: [string, () => void][] = [
      ["mcoinPrice × 10 cents is not the price", () => (offer.mcoinPrice += 1)],
      ["minPerPiece above", () => (offer.mcoin.minPerPiece = offer.mcoin.maxPerPiece + 1)],
      ["maxPerPiece above the mCoin price", () => (offer.mcoin.maxPerPiece = offer.mcoinPrice + 1)],
      ["images must start with image", () => (offer.images = ["other.svg"])],
      ["has a couponUrl", () => (offer.paymentType = 9)],
      ["useUntil before endAt", () => (offer.useUntil = "-1d")],
    ];
    for (const [message, breakIt] of broken) {
      const copy = structuredClone(copied);
      const saved = structuredClone(offer);
      breakIt();
      copy.offers[0] = structuredClone(offer);
      Object.assign(offer, saved);
      const result = CatalogSchema.safeParse(copy);
      expect(result.success, message).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message).join("\n"), message).toContain(message);
    }
    expect(CatalogSchema.safeParse(copied).success).toBe(true);
  });
});

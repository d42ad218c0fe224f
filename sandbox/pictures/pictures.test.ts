import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_FIXTURES_DIR } from "../fixtures";
import { AD_BANNERS, catalogPictures, MERCHANT_MARKS, offerScene } from "./catalog-pictures";
import { fixturePictures, PICTURE_FOLDERS } from "./fixture-pictures";
import { RASTERS_FILE, RASTER_SCALE, drawingDigest, drawingPath, rasterPath } from "./raster";
import { BANNER_SIZE, LOGO_SIZE, OFFER_SIZE, shade, tint } from "./scenes";

const pictures = fixturePictures(DEFAULT_FIXTURES_DIR);
const catalog = JSON.parse(readFileSync(join(DEFAULT_FIXTURES_DIR, "catalog.json"), "utf8"));
const viewBox = (body: string) => /viewBox="0 0 (\d+) (\d+)"/.exec(body)!.slice(1).map(Number);

describe("the sandbox's demo pictures", () => {
  it("are the files fixtures/images/ holds, each drawing beside its raster, and it holds no others (npx tsx sandbox/pictures/write.ts)", () => {
    for (const [path, body] of pictures) expect(readFileSync(join(DEFAULT_FIXTURES_DIR, "images", path), "utf8"), path).toBe(body);
    const held = PICTURE_FOLDERS.flatMap((folder) => readdirSync(join(DEFAULT_FIXTURES_DIR, "images", folder)).map((file) => `${folder}/${file}`));
    expect(held.sort()).toEqual([...pictures.keys()].flatMap((path) => [path, rasterPath(path)]).sort());
    // Each raster was made from its drawing as it is drawn now.
    const rasters = JSON.parse(readFileSync(join(DEFAULT_FIXTURES_DIR, "images", RASTERS_FILE), "utf8"));
    expect(rasters).toEqual(Object.fromEntries([...pictures].map(([path, body]) => [rasterPath(path), drawingDigest(body)])));
  });

  it("are served as WebP, each at its folder's scale of its drawing", async () => {
    const { default: sharp } = await import("sharp");
    for (const [path, body] of pictures) {
      const [width, height] = viewBox(body);
      const scale = RASTER_SCALE[path.split("/")[0]!]!;
      const raster = await sharp(join(DEFAULT_FIXTURES_DIR, "images", rasterPath(path))).metadata();
      expect([raster.format, raster.width, raster.height], path).toEqual(["webp", Math.round(width! * scale), Math.round(height! * scale)]);
    }
  });

  it("give every offer, merchant, ad and zone a picture of its own", () => {
    const bodies = [...pictures.values()];
    expect(new Set(bodies).size).toBe(bodies.length);
    const firstPictures = catalog.offers.map((offer: { image: string }) => offer.image);
    expect(new Set(firstPictures).size).toBe(catalog.offers.length);
    for (const merchant of catalog.merchants) expect(pictures.has(drawingPath(`stores/${merchant.logo}`))).toBe(true);
    for (const ad of catalog.ads) expect(pictures.has(drawingPath(`ads/${ad.image}`))).toBe(true);
    for (const zone of catalog.zones) expect(pictures.has(drawingPath(`zones/${zone.banner}`))).toBe(true);
  });

  it("have one shape per kind, the shape of the mall's tiles", () => {
    for (const [path, body] of pictures) {
      const [width, height] = viewBox(body);
      const expected = path.startsWith("stores/") ? LOGO_SIZE : path.startsWith("ads/") || path.startsWith("zones/") ? BANNER_SIZE : OFFER_SIZE;
      expect([width, height], path).toEqual([expected.width, expected.height]);
      expect(body, path).toContain(`width="${width}" height="${height}"`);
    }
  });

  it("carry no words: at most a voucher's currency code and amount", () => {
    for (const [path, body] of pictures) {
      const texts = [...body.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]);
      for (const text of texts) expect(text, path).toMatch(/^(MOP|\d+)$/);
    }
    const voucher = pictures.get("offers/02-mop-200-cash-voucher.svg")!;
    expect(voucher).toContain(">200</text>");
  });

  it("are light: a few kilobytes each, with nothing fetched from elsewhere", () => {
    for (const [path, body] of pictures) {
      expect(body.length, path).toBeLessThan(8_000);
      expect(readFileSync(join(DEFAULT_FIXTURES_DIR, "images", rasterPath(path))).length, rasterPath(path)).toBeLessThan(24_000);
      expect(body, path).not.toMatch(/href=|<script|<image|url\((?!#)/i);
    }
  });

  it("draw a voucher with the amount in its title, and refuse an item with no scene", () => {
    expect(offerScene({ id: 2, merchantId: 1, categoryId: 1, kind: "voucher", title: { en: "MOP 200 cash voucher" }, images: [] }).amount).toBe(200);
    expect(offerScene({ id: 1, merchantId: 1, categoryId: 1, kind: "coupon", title: { en: "African chicken set for two" }, images: [] }).amount).toBeUndefined();
    const lonely = { ...catalog, offers: [{ id: 999, merchantId: 1, categoryId: 1, kind: "coupon", title: { en: "x" }, images: ["x.webp"] }] };
    expect(() => catalogPictures(lonely, "m.webp")).toThrow(/offer 999 has no scene/);
    expect(() => catalogPictures({ ...catalog, merchants: [{ id: 99, logo: "x.webp" }] }, "m.webp")).toThrow(/merchant 99 has no mark/);
    expect(() => catalogPictures({ ...catalog, ads: [{ id: 99, image: "x.webp" }] }, "m.webp")).toThrow(/ad 99 has no banner/);
    expect(Object.keys(MERCHANT_MARKS)).toHaveLength(catalog.merchants.length);
    expect(Object.keys(AD_BANNERS)).toHaveLength(catalog.ads.length);
  });

  it("mix colours towards white and black", () => {
    expect(tint("#204060", 0)).toBe("#204060");
    expect(tint("#204060", 1)).toBe("#ffffff");
    expect(tint("#000000", 0.5)).toBe("#808080");
    expect(shade("#204060", 1)).toBe("#000000");
    expect(shade("#808080", 0.5)).toBe("#404040");
  });
});

/** The pictures fixtures/images/ holds for the catalog and the promotions, drawn from the fixtures themselves. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { catalogPictures } from "./catalog-pictures";
import { drawingPath } from "./raster";

/** The folders of fixtures/images/ whose every file is drawn here (the members' avatars are not). */
export const PICTURE_FOLDERS = ["offers", "stores", "ads", "zones", "promotions"] as const;

/**
 * Each picture the fixtures name (a WebP, raster.ts) by the path of its drawing under
 * fixtures/images/ (`offers/x.svg`) → the drawing's SVG.
 */
export function fixturePictures(fixturesDir: string): Map<string, string> {
  const catalog = JSON.parse(readFileSync(join(fixturesDir, "catalog.json"), "utf8"));
  const promotions = JSON.parse(readFileSync(join(fixturesDir, "promotions.json"), "utf8")) as { miles: { products: { image: string }[] } };
  const milesImages = new Set(promotions.miles.products.map((product) => product.image));
  if (milesImages.size !== 1) throw new Error("the Asia Miles products share one picture");
  return new Map([...catalogPictures(catalog, [...milesImages][0]!)].map(([path, body]) => [drawingPath(path), body]));
}

/**
 * Draws the sandbox's demo pictures into fixtures/images/ (catalog-pictures.ts), rasterizes each
 * drawing that changed into the WebP the fixtures name (raster.ts), and removes the files there that
 * the catalog no longer names. Run after changing the catalog or a drawing:
 * `npx tsx sandbox/pictures/write.ts`.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fixturePictures, PICTURE_FOLDERS } from "./fixture-pictures";
import { RASTERS_FILE, drawingDigest, rasterPath, rasterize } from "./raster";
import { DEFAULT_FIXTURES_DIR } from "../fixtures";

const root = join(DEFAULT_FIXTURES_DIR, "images");
const manifestFile = join(root, RASTERS_FILE);
const made: Record<string, string> = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, "utf8")) : {};
const drawings = fixturePictures(DEFAULT_FIXTURES_DIR);
const rasters: Record<string, string> = {};
let rasterized = 0;
for (const [path, body] of drawings) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), body);
  const raster = rasterPath(path);
  const digest = drawingDigest(body);
  if (made[raster] !== digest || !existsSync(join(root, raster))) {
    writeFileSync(join(root, raster), await rasterize(path, body));
    rasterized += 1;
  }
  rasters[raster] = digest;
}
const kept = new Set([...drawings.keys()].flatMap((path) => [path, rasterPath(path)]));
for (const folder of PICTURE_FOLDERS) {
  for (const file of readdirSync(join(root, folder))) if (!kept.has(`${folder}/${file}`)) rmSync(join(root, folder, file));
}
writeFileSync(manifestFile, `${JSON.stringify(Object.fromEntries(Object.entries(rasters).sort()), null, 2)}\n`);
console.log(`${drawings.size} pictures in ${root}, ${rasterized} rasterized afresh`);

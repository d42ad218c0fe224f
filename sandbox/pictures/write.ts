/**
 * Draws the sandbox's demo pictures into fixtures/images/ (catalog-pictures.ts), and removes the
 * pictures there that the catalog no longer names. Run after changing the catalog or a drawing:
 * `npx tsx sandbox/pictures/write.ts`.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fixturePictures, PICTURE_FOLDERS } from "./fixture-pictures";
import { DEFAULT_FIXTURES_DIR } from "../fixtures";

const root = join(DEFAULT_FIXTURES_DIR, "images");
const files = fixturePictures(DEFAULT_FIXTURES_DIR);
for (const [path, body] of files) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), body);
}
for (const folder of PICTURE_FOLDERS) {
  for (const file of readdirSync(join(root, folder))) if (!files.has(`${folder}/${file}`)) rmSync(join(root, folder, file));
}
console.log(`${files.size} pictures in ${root}`);

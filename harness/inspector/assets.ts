/**
 * Where the traffic inspector's page is built (scripts/inspector-build.mjs): .cache/inspector/ in the
 * project's root, the nearest folder above this module that holds a package.json. Found so rather
 * than by a fixed number of `..`, since this module runs from its source (two levels below the root)
 * and from the CLI's bundle in .cache/ (one level below).
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

function projectRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json"))) return dir;
    if (dirname(dir) === dir) return from;
  }
}

export const INSPECTOR_ASSETS_DIR = join(projectRoot(dirname(fileURLToPath(import.meta.url))), ".cache/inspector");

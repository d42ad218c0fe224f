/**
 * Where the traffic inspector's page is built (scripts/inspector-build.mjs): .cache/inspector/ at the
 * project's root. This module sits one level below the root, as the CLI's bundle in .cache/ does, so
 * the path is the same from the sources and from the bundle.
 */
import { fileURLToPath } from "node:url";

export const INSPECTOR_ASSETS_DIR = fileURLToPath(new URL("../.cache/inspector", import.meta.url));

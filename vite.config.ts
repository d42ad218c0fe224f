import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig, type Rollup } from "vite";

type RollupLog = Rollup.RollupLog;
import remixConfig from "./remix.config.js";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * The browser's chunks: every library in one vendor chunk (React, Remix, i18next: the frame every page
 * needs) instead of a dozen small ones, so a cold page fetches a few files rather than thirty; zod
 * stays apart, for the routes that validate on the client. The app's own shared modules (components,
 * hooks, helpers: many of 1-3 KB each) are merged by Rollup into chunks of at least 20 KB where that
 * changes no module's side effects: a cold page fetched about 25 scripts, and now about 10 (one
 * connection round trip each on a phone's network), for some 3 KB more on the smallest page.
 */
function clientChunk(id: string): string | undefined {
  if (id.includes("/node_modules/zod/")) return "zod";
  // Rollup's CommonJS helpers (virtual modules) go with the libraries that need them, or they land
  // in whichever chunk asked first and drag it into every page.
  if (id.includes("/node_modules/") || id.startsWith("\0")) return "vendor";
  return undefined;
}

/**
 * Rollup's warnings that say nothing about this project: a library's comment it drops (zod's
 * `@__PURE__` notes) and the empty browser chunk of each resource route (they have no component,
 * so nothing of theirs runs in the browser). Every other warning is shown.
 */
function onwarn(warning: RollupLog, warn: (warning: RollupLog) => void) {
  if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("/node_modules/")) return;
  if (warning.code === "EMPTY_BUNDLE") return;
  warn(warning);
}

export default defineConfig(({ isSsrBuild }) => ({
  server: { port: 3000 },
  build: { target: "es2020", rollupOptions: isSsrBuild ? { onwarn } : { onwarn, output: { manualChunks: clientChunk, experimentalMinChunkSize: 20_000 } } },
  plugins: [remix(remixConfig)],
}));

import { vitePlugin as remix } from "@remix-run/dev";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import remixConfig from "./remix.config.js";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * The browser's chunks: every library in one vendor chunk (React, Remix, i18next: the frame every page
 * needs) instead of a dozen small ones, so a cold page fetches a few files rather than thirty; zod
 * stays apart, for the routes that validate on the client.
 */
function clientChunk(id: string): string | undefined {
  if (id.includes("/node_modules/zod/")) return "zod";
  // Rollup's CommonJS helpers (virtual modules) go with the libraries that need them, or they land
  // in whichever chunk asked first and drag it into every page.
  if (id.includes("/node_modules/") || id.startsWith("\0")) return "vendor";
  return undefined;
}

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  server: { port: 3000 },
  build: { target: "es2020", rollupOptions: isSsrBuild ? {} : { output: { manualChunks: clientChunk } } },
  plugins: [remix(remixConfig)],
}));

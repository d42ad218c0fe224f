// The browser bundle as a member's phone receives it: which scripts a screen's first load fetches
// and how many bytes they weigh once gzipped, read from the build in build/client. A screen's first
// load is what Remix's <Scripts> preloads for it (node_modules/@remix-run/react/dist/esm/components.js):
// the client entry and its imports, then each matched route's module and its imports, from the
// browser manifest the Remix build writes (build/client/assets/manifest-*.js). With lazy route
// discovery (remix.config.js) that manifest file itself is not fetched by the page.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/** Where the build leaves the browser's files and the bundle analysis (vite.config.ts). */
export const CLIENT_DIR = "build/client";
export const BUNDLE_REPORT = "reports/bundle/client.json";

/**
 * The Remix browser manifest of a client build: the entry and every route with its module and the
 * chunks it imports statically, as public paths (/assets/...).
 * @param {string} clientDir build/client of a build
 * @returns {{ entry: { module: string, imports: string[] }, routes: Record<string, { module: string, imports?: string[], parentId?: string }> }}
 */
export function readBrowserManifest(clientDir) {
  const file = readdirSync(join(clientDir, "assets")).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`no Remix browser manifest in ${clientDir}/assets (is it a Remix build?)`);
  const text = readFileSync(join(clientDir, "assets", file), "utf8");
  const json = text.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, "");
  return JSON.parse(json);
}

/**
 * The scripts the first load of a route fetches, in the order Remix preloads them, each with its
 * size and gzip size: the entry's, then those of the route and of its parents down from root.
 * @param {string} clientDir build/client of a build
 * @param {string} routeId the route's id (app/route-table.js), e.g. "index" for home
 * @returns {{ chunks: { path: string, bytes: number, gzipBytes: number }[], bytes: number, gzipBytes: number }}
 */
export function firstLoad(clientDir, routeId) {
  const manifest = readBrowserManifest(clientDir);
  const matched = [];
  for (let id = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`no route "${id}" in the browser manifest`);
    matched.unshift(route);
  }
  const paths = [manifest.entry.module, ...manifest.entry.imports, ...matched.flatMap((route) => [...(route.imports ?? []), route.module])];
  const chunks = [...new Set(paths)].map((path) => {
    const content = readFileSync(join(clientDir, path));
    return { path, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
  });
  return {
    chunks,
    bytes: chunks.reduce((sum, chunk) => sum + chunk.bytes, 0),
    gzipBytes: chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0),
  };
}

/**
 * Schema libraries' marks in a minified chunk: names that survive minification because they are
 * strings or class names the library exposes (zod's error class and its issue codes' type names).
 */
const SCHEMA_LIBRARY_MARKS = [{ library: "zod", pattern: /\bZodError\b|\bZodType\b|\$ZodType|invalid_union_discriminator/ }];

/**
 * Browser chunks that carry what the browser must not: a schema library (the server validates;
 * the browser's own checks are plain functions), or the texts of both locales (a page needs only
 * its own; app/lib/i18n/messages.tsx). A locale is recognised by a text only it has.
 * @param {string} clientDir build/client of a build
 * @param {{ locales: Record<string, string> }} marks a text of each locale, e.g. its app name
 * @returns {{ file: string, carries: string }[]}
 */
export function forbiddenInBrowser(clientDir, { locales }) {
  const found = [];
  const assets = join(clientDir, "assets");
  for (const file of readdirSync(assets).filter((name) => name.endsWith(".js"))) {
    const text = readFileSync(join(assets, file), "utf8");
    for (const { library, pattern } of SCHEMA_LIBRARY_MARKS) if (pattern.test(text)) found.push({ file, carries: library });
    const present = Object.entries(locales).filter(([, mark]) => text.includes(mark));
    if (present.length > 1) found.push({ file, carries: `the texts of ${present.map(([locale]) => locale).join(" and ")}` });
  }
  return found;
}

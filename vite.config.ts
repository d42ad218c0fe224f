import { vitePlugin as remix } from "@remix-run/dev";
import { fileURLToPath } from "node:url";
import { visualizer } from "rollup-plugin-visualizer";
import { defineConfig, type PluginOption, type Rollup } from "vite";

type RollupLog = Rollup.RollupLog;
import remixConfig from "./remix.config.js";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * The browser's chunks: every library in one vendor chunk (React, Remix, i18next: what every page
 * needs) instead of a dozen small ones; no schema library reaches the browser (scripts/bundle.test.ts).
 * The app's shared modules go by who loads them (planSharedChunks), so a page fetches only code it
 * runs. Rollup's merging of small chunks (`experimentalMinChunkSize`) is not used: it saves requests by
 * putting other screens' code (the store's, search's, Asia Miles') into home's first load, and over
 * HTTP/2 (how a phone reaches the mall, bench/tls-front.ts) a request costs less than those bytes.
 * Decision 021.
 */
type ChunkMeta = Parameters<Rollup.GetManualChunk>[1];

const ROUTE_ENTRY = "?__remix-build-client-route";
const isFrameEntry = (id: string) => id.endsWith("/app/entry.client.tsx") || id.endsWith(`/app/root.tsx${ROUTE_ENTRY}`);
const isHomeEntry = (id: string) => id.endsWith(`/app/routes/index.tsx${ROUTE_ENTRY}`);

/** The modules an entry loads before it runs: its static imports, all the way down. */
function staticClosure(entry: string, meta: ChunkMeta): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(meta.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/** The plan of each build, made once from its whole module graph (keyed by the build's own lookup). */
const sharedChunks = new WeakMap<ChunkMeta["getModuleInfo"], Map<string, string>>();

/**
 * The app's modules that more than one entry loads, by who loads them first: those of the frame
 * (the client entry and root, on every page) in one `frame` chunk, those of home in one `home` chunk
 * (the screen a member opens first; a later screen that shares its cards finds them cached). What
 * only one screen uses stays in that screen's chunk; what only other screens share is Rollup's to split.
 */
function planSharedChunks(meta: ChunkMeta): Map<string, string> {
  // A module imported with import() starts a chunk of its own too (the task widget's, in root).
  const entries = new Set([...meta.getModuleIds()].filter((id) => meta.getModuleInfo(id)?.isEntry || (meta.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0));
  const closures = new Map([...entries].map((entry) => [entry, staticClosure(entry, meta)]));
  const loadedBy = new Map<string, number>();
  for (const closure of closures.values()) for (const id of closure) loadedBy.set(id, (loadedBy.get(id) ?? 0) + 1);
  const frame = new Set([...entries].filter(isFrameEntry).flatMap((entry) => [...closures.get(entry)!]));
  const home = new Set([...entries].filter(isHomeEntry).flatMap((entry) => [...closures.get(entry)!]));
  const plan = new Map<string, string>();
  for (const [id, count] of loadedBy) {
    if (count < 2 || entries.has(id)) continue;
    if (frame.has(id)) plan.set(id, "frame");
    else if (home.has(id)) plan.set(id, "home");
  }
  return plan;
}

function clientChunk(id: string, meta: ChunkMeta): string | undefined {
  // Rollup's CommonJS helpers (virtual modules) go with the libraries that need them, or they land
  // in whichever chunk asked first and drag it into every page.
  if (id.includes("/node_modules/") || id.startsWith("\0")) return "vendor";
  let plan = sharedChunks.get(meta.getModuleInfo);
  if (!plan) sharedChunks.set(meta.getModuleInfo, (plan = planSharedChunks(meta)));
  return plan.get(id);
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

/**
 * The client bundle's analysis, written at every client build: a treemap with gzip sizes to look at
 * (reports/bundle/client.html) and the same data as JSON for scripts (reports/bundle/client.json;
 * scripts/bundle.test.ts, the bench). The server's build has no such report: it is never downloaded.
 */
function bundleReport(): PluginOption[] {
  const report = (name: string) => fileURLToPath(new URL(`reports/bundle/${name}`, import.meta.url));
  return [
    visualizer({ filename: report("client.html"), template: "treemap", gzipSize: true, title: "mCoin Mall: the browser's bundle" }),
    visualizer({ filename: report("client.json"), template: "raw-data", gzipSize: true }),
  ];
}

export default defineConfig(({ isSsrBuild }) => ({
  server: { port: 3000 },
  build: { target: "es2020", rollupOptions: isSsrBuild ? { onwarn } : { onwarn, output: { manualChunks: clientChunk } } },
  plugins: [remix(remixConfig), ...(isSsrBuild ? [] : bundleReport())],
}));

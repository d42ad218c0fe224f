// The traffic inspector's page (inspector/, served by the sandbox and `mcoin record` at
// /__sandbox/inspect): how esbuild makes its script and its style sheet, where they live, and whether
// they were made from the sources as they are now. `npm run build` (scripts/build.mjs) and an install
// make them.
//
// They live in .cache/inspector/, never in build/: the page belongs to the engineers' tools, not to the
// mall, whose build empties build/ first. The style sheet starts with the mall's design tokens, the
// first `:root { ... }` block of app/styles/app.css, read here at build time, so the page and the mall
// share one set of them.
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { changedFiles, fingerprint } from "./fingerprint.mjs";

const TOKENS_SOURCE = "app/styles/app.css";
/** What inspector/inspector.css imports to get the mall's tokens. */
export const TOKENS_MODULE = "mall:tokens.css";

/** The page's script and style sheet, and the manifest of what they were made from. */
export function inspectorPaths(root) {
  const dir = join(root, ".cache/inspector");
  return { dir, script: join(dir, "inspector.js"), style: join(dir, "inspector.css"), manifest: join(root, ".cache/inspector-build.json") };
}

/**
 * The first `:root { ... }` block of a style sheet, comments kept, braces counted (a comment may hold
 * one).
 * @param {string} css
 * @returns {string}
 */
export function firstRootBlock(css) {
  const start = css.search(/^:root\s*\{/m);
  if (start < 0) throw new Error(`${TOKENS_SOURCE} has no :root block of design tokens`);
  let depth = 0;
  for (let i = start; i < css.length; i++) {
    if (css.startsWith("/*", i)) {
      const end = css.indexOf("*/", i + 2);
      if (end < 0) break;
      i = end + 1;
    } else if (css[i] === "{") depth++;
    else if (css[i] === "}" && --depth === 0) return css.slice(start, i + 1);
  }
  throw new Error(`${TOKENS_SOURCE}: its first :root block does not close`);
}

/** Resolves {@link TOKENS_MODULE} to the mall's tokens as they are in app/styles/app.css now. */
const mallTokens = (root) => ({
  name: "mall-tokens",
  setup(build) {
    build.onResolve({ filter: /^mall:tokens\.css$/ }, () => ({ path: TOKENS_SOURCE, namespace: "mall-tokens" }));
    build.onLoad({ filter: /.*/, namespace: "mall-tokens" }, () => {
      const file = join(root, TOKENS_SOURCE);
      return { contents: `/* The mall's design tokens (${TOKENS_SOURCE}). */\n${firstRootBlock(readFileSync(file, "utf8"))}\n`, loader: "css", watchFiles: [file] };
    });
  },
});

/**
 * esbuild's options for the page, written to `outdir`: one entry whose imported CSS becomes
 * inspector.css beside inspector.js.
 * @param {{ root: string, outdir: string }} where
 * @returns {import("esbuild").BuildOptions & { metafile: true }}
 */
export function inspectorBuildOptions({ root, outdir }) {
  return {
    absWorkingDir: root,
    entryPoints: { inspector: "inspector/main.tsx" },
    bundle: true,
    platform: "browser",
    format: "esm",
    target: "es2020",
    minify: true,
    jsx: "automatic",
    define: { "process.env.NODE_ENV": '"production"' },
    outdir,
    plugins: [mallTokens(root)],
    metafile: true,
    logLevel: "warning",
  };
}

function readManifest(path) {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return undefined;
  }
}

/**
 * Whether .cache/inspector/ was made from the sources as they are now (the page's modules, the
 * tokens' style sheet, the lockfile that pins React, the build's own options), its outputs present.
 * @param {string} root
 * @returns {boolean}
 */
export function freshInspectorBuild(root) {
  const paths = inspectorPaths(root);
  const manifest = readManifest(paths.manifest);
  if (!manifest) return false;
  try {
    statSync(paths.script);
    statSync(paths.style);
  } catch {
    return false;
  }
  return changedFiles(root, manifest.inputs).length === 0;
}

/**
 * Builds the page and records what it was made from. Built aside, then renamed into place, the style
 * sheet first: a page loading meanwhile gets the old pair or the new script with its style sheet. The
 * build fails when zod rides into the script: the page reads the API's shapes as types only
 * (core/controls/inspect.ts).
 * @param {string} root
 * @returns {Promise<{ scriptBytes: number, scriptGzipBytes: number, styleBytes: number }>}
 */
export async function buildInspector(root) {
  const { build } = await import("esbuild");
  const paths = inspectorPaths(root);
  const started = Date.now();
  mkdirSync(paths.dir, { recursive: true });
  const aside = join(paths.dir, `.build-${process.pid}`);
  rmSync(aside, { recursive: true, force: true });
  try {
    const { metafile } = await build(inspectorBuildOptions({ root, outdir: aside }));
    const zod = Object.keys(metafile.inputs).filter((input) => input.includes("node_modules/zod/"));
    if (zod.length > 0) throw new Error(`zod is in the inspector's bundle (${zod[0]}): import the API's shapes with \`import type\``);
    for (const file of ["inspector.css", "inspector.js"]) renameSync(join(aside, file), join(paths.dir, file));
    const sources = Object.keys(metafile.inputs).filter((input) => !input.includes("node_modules/") && !input.includes(":"));
    // Beside the modules bundled: the tokens' sheet, the lockfile that pins React, the tsconfig esbuild
    // reads, and this file's options.
    const manifest = { inputs: fingerprint(root, [...sources, TOKENS_SOURCE, "package-lock.json", "tsconfig.json", "scripts/inspector-build.mjs"], started) };
    const written = `${paths.manifest}.${process.pid}`;
    writeFileSync(written, JSON.stringify(manifest));
    renameSync(written, paths.manifest);
    const script = readFileSync(paths.script);
    return { scriptBytes: script.length, scriptGzipBytes: gzipSync(script).length, styleBytes: statSync(paths.style).size };
  } finally {
    rmSync(aside, { recursive: true, force: true });
  }
}

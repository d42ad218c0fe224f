// The traffic inspector's page (inspector/, served by the sandbox and `mcoin record` at
// /__sandbox/inspect): how esbuild makes its script and its style sheet, where they live, and whether
// they were made from the sources as they are now. `npm run build` (scripts/build.mjs) and an install
// make them.
//
// They live in .cache/inspector/, never in build/: the page belongs to the engineers' tools, not to the
// mall, whose build empties build/ first. The style sheet starts with the mall's design tokens
// (inspector/inspector.css imports app/styles/tokens.css), so the page and the mall share one set of them.
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { changedFiles, fingerprint } from "./fingerprint.mjs";

/** The page's script and style sheet, and the manifest of what they were made from. */
export function inspectorPaths(root) {
  const dir = join(root, ".cache/inspector");
  return { dir, script: join(dir, "inspector.js"), style: join(dir, "inspector.css"), manifest: join(root, ".cache/inspector-build.json") };
}

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
 * Whether .cache/inspector/ was made from the sources as they are now (the page's modules and style
 * sheets, the mall's tokens among them; the lockfile that pins React; the build's own options), its
 * outputs present.
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
    // Beside the modules and style sheets bundled (the mall's tokens among them): the lockfile that
    // pins React, the tsconfig esbuild reads, and this file's options.
    const manifest = { inputs: fingerprint(root, [...sources, "package-lock.json", "tsconfig.json", "scripts/inspector-build.mjs"], started) };
    const written = `${paths.manifest}.${process.pid}`;
    writeFileSync(written, JSON.stringify(manifest));
    renameSync(written, paths.manifest);
    const script = readFileSync(paths.script);
    return { scriptBytes: script.length, scriptGzipBytes: gzipSync(script).length, styleBytes: statSync(paths.style).size };
  } finally {
    rmSync(aside, { recursive: true, force: true });
  }
}

// The mcoin CLI's bundle: how esbuild makes it from cli/index.ts, where it lives, and whether it was
// made from the sources as they are now. `npm run build` (scripts/build.mjs) and an install make it;
// bin/mcoin.mjs runs it when it is current, else the sources through tsx.
//
// It lives in .cache/, one level below the root as the sources are (their `new URL("..",
// import.meta.url)` is the root), and not in build/, which the mall's build empties first: a CLI
// already running (a sandbox) still loads its chunks from there.
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { changedFiles, fingerprint } from "./fingerprint.mjs";

const ENTRY = "mcoin-cli.mjs";
const MANIFEST = "mcoin-cli.json";

/** The folder of the bundle, its entry and the manifest of what it was made from. */
export function cliBundlePaths(root, dir = join(root, ".cache")) {
  return { dir, entry: join(dir, ENTRY), manifest: join(dir, MANIFEST) };
}

/**
 * esbuild's options for the bundle, written to `outdir`: one entry, split into chunks so that a
 * command's code (the sandbox's above all) loads only when it runs, the packages left to node_modules.
 * @param {{ root: string, outdir: string }} where
 * @returns {import("esbuild").BuildOptions & { metafile: true }}
 */
export function cliBuildOptions({ root, outdir }) {
  return {
    absWorkingDir: root,
    entryPoints: { "mcoin-cli": "cli/index.ts" },
    bundle: true,
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    outdir,
    chunkNames: "mcoin-cli-[name]-[hash]",
    outExtension: { ".js": ".mjs" },
    metafile: true,
    logLevel: "warning",
  };
}

/** package.json's `imports` (the `#core/*` alias): esbuild resolved the sources through it. */
const importsOf = (root) => JSON.stringify(JSON.parse(readFileSync(join(root, "package.json"), "utf8")).imports ?? null);

function readManifest(path) {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return undefined;
  }
}

/**
 * The bundle's entry when it was made from the sources as they are now, else undefined (never built,
 * or a source, tsconfig.json or package.json's `imports` changed since). A stat per source; a file
 * is read only when its stat moved.
 * @param {string} root
 * @param {string} [dir]
 * @returns {string | undefined}
 */
export function freshCliBundle(root, dir) {
  const paths = cliBundlePaths(root, dir);
  const manifest = readManifest(paths.manifest);
  if (!manifest) return undefined;
  try {
    statSync(paths.entry);
  } catch {
    return undefined;
  }
  if (changedFiles(root, manifest.inputs).length > 0) return undefined;
  return manifest.imports === importsOf(root) ? paths.entry : undefined;
}

/**
 * Builds the bundle and records what it was made from. Built aside, then each file renamed into place,
 * the entry last and the manifest after it: a command starting meanwhile runs the old bundle or the
 * new one, never half of one. Chunks of the bundle before the previous one are deleted; the previous
 * one's stay, for a command started from it that has yet to load one.
 * @param {string} root
 * @param {string} [dir]
 * @returns {Promise<{ files: number, bytes: number, entry: string }>}
 */
export async function buildCliBundle(root, dir) {
  const { build } = await import("esbuild");
  const paths = cliBundlePaths(root, dir);
  const started = Date.now();
  mkdirSync(paths.dir, { recursive: true });
  const aside = join(paths.dir, `.mcoin-cli-${process.pid}`);
  rmSync(aside, { recursive: true, force: true });
  try {
    const { metafile } = await build(cliBuildOptions({ root, outdir: aside }));
    const files = readdirSync(aside).sort((a, b) => Number(a === ENTRY) - Number(b === ENTRY));
    const previous = readManifest(paths.manifest)?.files ?? [];
    for (const file of files) renameSync(join(aside, file), join(paths.dir, file));
    const inputs = [...Object.keys(metafile.inputs).filter((input) => !input.startsWith("node_modules/")), "tsconfig.json"];
    const manifest = { files, inputs: fingerprint(root, inputs, started), imports: importsOf(root) };
    const written = join(paths.dir, `.${MANIFEST}.${process.pid}`);
    writeFileSync(written, JSON.stringify(manifest));
    renameSync(written, paths.manifest);
    for (const file of readdirSync(paths.dir)) {
      if (/^mcoin-cli[-.]/.test(file) && file !== MANIFEST && !files.includes(file) && !previous.includes(file)) rmSync(join(paths.dir, file), { force: true });
    }
    const bytes = Object.values(metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
    return { files: files.length, bytes, entry: paths.entry };
  } finally {
    rmSync(aside, { recursive: true, force: true });
  }
}

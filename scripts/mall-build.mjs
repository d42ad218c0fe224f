// The mall's build: Remix's (the browser's chunks in build/client, the server's in build/server), the
// standalone task widget (build/client/task-widget.js) and the production server (build/mall-server.js).
// What it was made from is fingerprinted in .cache/mall-build.json, so `npm start` builds only when a
// source changed (scripts/build.mjs --if-changed).
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { changedFiles, fingerprint, listFiles } from "./fingerprint.mjs";

/** What the build reads: the app, the core it shares, the server, the public files and the configs. */
export const MALL_SOURCES = ["app", "core", "server", "public", "vite.config.ts", "vite.widget.config.ts", "remix.config.js", "tsconfig.json", "package.json", "package-lock.json"];
const isSource = (path) => !/\.test\.tsx?$/.test(path);

/** The build's outputs that must exist for it to count, and the manifest of what it was made from. */
export function mallBuildPaths(root) {
  return { server: join(root, "build/mall-server.js"), client: join(root, "build/client/assets"), manifest: join(root, ".cache/mall-build.json") };
}

/**
 * Whether build/ was made from the sources as they are now: the same files (none added or removed)
 * with the same content, and its outputs present.
 * @param {string} root
 * @returns {boolean}
 */
export function freshMallBuild(root) {
  const paths = mallBuildPaths(root);
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(paths.manifest, "utf8"));
    statSync(paths.server);
    statSync(paths.client);
  } catch {
    return false;
  }
  const now = listFiles(root, MALL_SOURCES, isSource);
  const then = Object.keys(manifest.inputs ?? {}).sort();
  if (now.length !== then.length || now.some((path, i) => path !== then[i])) return false;
  return changedFiles(root, manifest.inputs).length === 0;
}

/** Runs a step of the build; its output shows as it comes (warnings only: the steps run at --logLevel warn). */
function run(root, command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: "inherit" });
    child.on("error", reject);
    child.on("exit", (code, signal) => (code === 0 ? resolve() : reject(new Error(`${[command, ...args].join(" ")} failed (${signal ?? `exit ${code}`})`))));
  });
}

const bin = (root, name) => join(root, "node_modules/.bin", name);

/**
 * Builds the mall and records what it was made from.
 * @param {string} root
 * @returns {Promise<{ scripts: number, scriptBytes: number, scriptGzipBytes: number, serverBytes: number }>}
 */
export async function buildMall(root) {
  const paths = mallBuildPaths(root);
  const started = Date.now();
  const inputs = listFiles(root, MALL_SOURCES, isSource);
  await run(root, bin(root, "remix"), ["vite:build", "--logLevel", "warn"]);
  await run(root, bin(root, "vite"), ["build", "-c", "vite.widget.config.ts", "--logLevel", "warn"]);
  await run(root, bin(root, "esbuild"), [
    "server/index.ts",
    "--bundle",
    "--platform=node",
    "--format=esm",
    "--target=node20",
    "--packages=external",
    "--log-level=warning",
    "--outfile=build/mall-server.js",
  ]);
  precompressAssets(paths.client);
  mkdirSync(join(root, ".cache"), { recursive: true });
  const written = `${paths.manifest}.${process.pid}`;
  writeFileSync(written, JSON.stringify({ inputs: fingerprint(root, inputs, started) }));
  renameSync(written, paths.manifest);
  const scripts = readdirSync(paths.client).filter((file) => file.endsWith(".js"));
  let scriptBytes = 0;
  let scriptGzipBytes = 0;
  for (const file of scripts) {
    const content = readFileSync(join(paths.client, file));
    scriptBytes += content.length;
    scriptGzipBytes += gzipSync(content).length;
  }
  return { scripts: scripts.length, scriptBytes, scriptGzipBytes, serverBytes: statSync(paths.server).size };
}

/** The built files a browser fetches as text, which compress. */
const COMPRESSIBLE = /\.(js|css|json|svg)$/;

/**
 * Each fingerprinted text asset beside its brotli (`.br`, quality 11) and gzip (`.gz`, level 9)
 * forms, made once here rather than at every request: the server sends the form the browser accepts
 * (server/app.ts, staticAssets). Brotli's top quality is too slow to run per request, and on the
 * member's first load it is about a fifth fewer bytes than the on-the-fly compression's. A form no
 * smaller than the file is not written.
 * @param {string} dir build/client/assets
 */
export function precompressAssets(dir) {
  for (const file of readdirSync(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const content = readFileSync(join(dir, file));
    const brotli = brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    });
    const gzip = gzipSync(content, { level: 9 });
    if (brotli.length < content.length) writeFileSync(join(dir, `${file}.br`), brotli);
    if (gzip.length < content.length) writeFileSync(join(dir, `${file}.gz`), gzip);
  }
}

// npm run pack: the harness as the package @mcoin/harness, its tarball written to dist/ (docs/decisions/040-the-harness-as-a-package.md).
//
// Staged in .cache/package/harness/ as it installs: dist/ holds the compiled ESM (esbuild; `#core/...`
// and `#harness/...` resolved now) and one rolled-up declaration file per entry (API Extractor);
// beside it what the compiled code reads from disk, each where its `new URL(.., import.meta.url)` or
// search finds it from dist/: fixtures/, the inspector's page (.cache/inspector/, harness/inspector/assets.ts)
// and the scripted host's shared device profiles (e2e/scenarios/profiles/, lib/playwright.ts).
//
// The exported surface is held to lib/api/*.api.md: the pack fails when it differs, and
// `npm run pack -- --update-api` writes the report anew. `--mall` also packs @mcoin/mall (scripts/pack-mall.mjs).
import { spawnSync } from "node:child_process";
import { chmodSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { ROOT, bin, log } from "./lib.mjs";
import { isBuiltin, lockedVersions, npmPack, packageOf, repositoryVersion } from "./package-common.mjs";
import { buildInspector, freshInspectorBuild, inspectorPaths } from "./inspector-build.mjs";

export const HARNESS_NAME = "@mcoin/harness";
/** The Node API's entries (lib/, the package's subpaths) and the CLI's. */
export const HARNESS_ENTRIES = { sandbox: "lib/sandbox.ts", gateway: "lib/gateway.ts", playwright: "lib/playwright.ts" };
const CLI_ENTRY = { mcoin: "cli/index.ts" };
/** The packages the package leaves to its user: Playwright's test runner, theirs (lib/playwright.ts). */
const PEERS = ["@playwright/test"];

const CACHE = join(ROOT, ".cache/package");
const API_REPORTS = join(ROOT, "lib/api");

/** Compiles the entries to `outdir` (flat: a chunk's `..` is the package's root, as a source's `..` is the repository's). */
async function compile(outdir) {
  const { build } = await import("esbuild");
  const { metafile } = await build({
    absWorkingDir: ROOT,
    entryPoints: { ...HARNESS_ENTRIES, ...CLI_ENTRY },
    bundle: true,
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    outdir,
    chunkNames: "[name]-[hash]",
    metafile: true,
    logLevel: "warning",
  });
  const imported = new Set();
  for (const output of Object.values(metafile.outputs)) for (const use of output.imports) if (use.external && !isBuiltin(use.path)) imported.add(packageOf(use.path));
  const cli = join(outdir, "mcoin.js");
  writeFileSync(cli, `#!/usr/bin/env node\n${readFileSync(cli, "utf8")}`);
  chmodSync(cli, 0o755);
  return imported;
}

/** The declarations of the entries as tsc emits them, in `outdir`, `#core/*` and `#harness/*` mapped to them. */
function emitDeclarations(outdir) {
  const tsconfig = join(CACHE, "tsconfig.declarations.json");
  writeFileSync(
    tsconfig,
    JSON.stringify({
      extends: relative(CACHE, join(ROOT, "tsconfig.json")),
      include: [],
      files: Object.values(HARNESS_ENTRIES).map((entry) => relative(CACHE, join(ROOT, entry))),
      compilerOptions: { noEmit: false, declaration: true, emitDeclarationOnly: true, rootDir: relative(CACHE, ROOT), outDir: relative(CACHE, outdir), types: ["node"] },
    }),
  );
  const result = spawnSync(bin("tsc"), ["-p", tsconfig], { cwd: ROOT, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`tsc could not emit the declarations:\n${result.stdout}${result.stderr}`);
  writeFileSync(join(outdir, "package.json"), JSON.stringify({ type: "module", imports: { "#core/*": "./core/*.js", "#harness/*": "./harness/*/index.js" } }));
}

/**
 * Rolls each entry's declarations into one file of `typesDir` (API Extractor) and compares its report
 * with lib/api/<entry>.api.md. Returns the entries whose surface differs (written anew with `update`)
 * and the packages the declarations import.
 */
async function rollUpDeclarations(declarationsDir, typesDir, { update }) {
  const { Extractor, ExtractorConfig } = await import("@microsoft/api-extractor");
  const changed = [];
  const imported = new Set();
  mkdirSync(API_REPORTS, { recursive: true });
  for (const [entry, source] of Object.entries(HARNESS_ENTRIES)) {
    const config = ExtractorConfig.prepare({
      configObjectFullPath: join(CACHE, `api-extractor.${entry}.json`),
      packageJsonFullPath: join(declarationsDir, "package.json"),
      packageJson: { name: HARNESS_NAME },
      configObject: {
        projectFolder: declarationsDir,
        mainEntryPointFilePath: join(declarationsDir, source.replace(/\.ts$/, ".d.ts")),
        compiler: {
          overrideTsconfig: {
            compilerOptions: { module: "ESNext", moduleResolution: "Bundler", target: "ES2022", lib: ["ES2023", "DOM"], strict: true, skipLibCheck: true, types: ["node"] },
            include: ["**/*.d.ts"],
          },
        },
        apiReport: { enabled: true, reportFileName: `${entry}.api.md`, reportFolder: API_REPORTS, reportTempFolder: join(CACHE, "api-temp") },
        docModel: { enabled: false },
        dtsRollup: { enabled: true, untrimmedFilePath: join(typesDir, `${entry}.d.ts`) },
        tsdocMetadata: { enabled: false },
        messages: {
          // The package has one release level; its comments are prose, not TSDoc.
          extractorMessageReporting: {
            default: { logLevel: "warning" },
            "ae-missing-release-tag": { logLevel: "none" },
            "ae-forgotten-export": { logLevel: "none" },
            "ae-undocumented": { logLevel: "none" },
          },
          tsdocMessageReporting: { default: { logLevel: "none" } },
          compilerMessageReporting: { default: { logLevel: "warning" } },
        },
      },
    });
    const result = Extractor.invoke(config, {
      localBuild: update,
      messageCallback: (message) => {
        // Which TypeScript it analyses with is no news at every pack.
        if (message.messageId === "console-preamble") message.handled = true;
      },
    });
    if (result.errorCount > 0) throw new Error(`API Extractor failed on ${source}`);
    if (result.apiReportChanged) changed.push(entry);
    // The imports the declarations make, not those their TSDoc examples show.
    const rolled = readFileSync(join(typesDir, `${entry}.d.ts`), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
    for (const [, specifier] of rolled.matchAll(/(?:from|import\()\s*["']([^"'.][^"']*)["']/g)) if (!isBuiltin(specifier)) imported.add(packageOf(specifier));
  }
  return { changed, imported };
}

/** The package's own package.json. */
export function harnessManifest(version, dependencies) {
  const exports = Object.fromEntries(Object.keys(HARNESS_ENTRIES).map((entry) => [`./${entry}`, { types: `./dist/${entry}.d.ts`, import: `./dist/${entry}.js` }]));
  return {
    name: HARNESS_NAME,
    version,
    description: "The mCoin gateway's sandbox, the mcoin CLI, recordings, stubs and a Playwright fixture, for teams that test against the mCoin gateway",
    license: "UNLICENSED",
    type: "module",
    exports: { ...exports, "./package.json": "./package.json" },
    bin: { mcoin: "dist/mcoin.js" },
    engines: { node: ">=20" },
    files: ["dist", "fixtures", "e2e/scenarios/profiles", ".cache/inspector", "README.md", "CHANGELOG.md"],
    dependencies,
    peerDependencies: Object.fromEntries(PEERS.map((name) => [name, `^${lockedVersions([name])[name]}`])),
    peerDependenciesMeta: Object.fromEntries(PEERS.map((name) => [name, { optional: true }])),
  };
}

/** The version the CHANGELOG's newest entry names: it must be the repository's. */
function changelogVersion(file) {
  return /^## (\S+)/m.exec(readFileSync(file, "utf8"))?.[1];
}

/** Builds and packs @mcoin/harness; fails when its exported surface differs from lib/api/ (unless `update`). */
export async function packHarness({ update = false } = {}) {
  const version = repositoryVersion();
  const noted = changelogVersion(join(ROOT, "lib/CHANGELOG.md"));
  if (noted !== version) throw new Error(`lib/CHANGELOG.md's newest entry is ${noted}, package.json's version ${version}: give the release its entry`);
  const stage = join(CACHE, "harness");
  rmSync(CACHE, { recursive: true, force: true });
  mkdirSync(stage, { recursive: true });
  const imported = await compile(join(stage, "dist"));
  const declarations = join(CACHE, "declarations");
  emitDeclarations(declarations);
  const types = await rollUpDeclarations(declarations, join(stage, "dist"), { update });
  if (types.changed.length > 0 && !update) {
    throw new Error(
      `the package's exported surface differs from lib/api/${types.changed.map((entry) => `${entry}.api.md`).join(", ")} (the new one is in .cache/package/api-temp/): ` +
        "if the change is meant, run `npm run pack -- --update-api`, add it to lib/CHANGELOG.md and commit both",
    );
  }
  for (const name of types.imported) if (!imported.has(name) && !PEERS.includes(name)) imported.add(name);
  for (const peer of PEERS) imported.delete(peer);

  if (!freshInspectorBuild(ROOT)) await buildInspector(ROOT);
  const inspector = inspectorPaths(ROOT);
  for (const file of ["inspector.js", "inspector.css"]) cpSync(join(inspector.dir, file), join(stage, ".cache/inspector", file));
  cpSync(join(ROOT, "fixtures"), join(stage, "fixtures"), { recursive: true });
  cpSync(join(ROOT, "e2e/scenarios/profiles"), join(stage, "e2e/scenarios/profiles"), { recursive: true });
  cpSync(join(ROOT, "lib/README.md"), join(stage, "README.md"));
  cpSync(join(ROOT, "lib/CHANGELOG.md"), join(stage, "CHANGELOG.md"));
  writeFileSync(join(stage, "package.json"), `${JSON.stringify(harnessManifest(version, lockedVersions(imported)), null, 2)}\n`);
  return { ...npmPack(stage), updated: types.changed };
}

if (process.argv[1] && import.meta.url.endsWith(relative(ROOT, process.argv[1]))) {
  const update = process.argv.includes("--update-api");
  try {
    const harness = await packHarness({ update });
    if (harness.updated.length > 0) log(`API report written anew: ${harness.updated.map((entry) => `lib/api/${entry}.api.md`).join(", ")}`);
    log(`${HARNESS_NAME}: ${harness.files} files, ${(harness.bytes / 1024).toFixed(0)} kB`);
    process.stdout.write(`${harness.tarball}\n`);
    if (process.argv.includes("--mall")) {
      const { packMall } = await import("./pack-mall.mjs");
      const mall = await packMall();
      log(`@mcoin/mall: ${mall.files} files, ${(mall.bytes / 1024).toFixed(0)} kB`);
      process.stdout.write(`${mall.tarball}\n`);
    }
  } catch (error) {
    log(`failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

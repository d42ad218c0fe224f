// npm run pack -- --mall: the mall's production build as the package @mcoin/mall, for partners who test
// the mall itself (docs/decisions/040-the-harness-as-a-package.md). Staged in .cache/package/mall/: build/ as `npm run build` writes
// it (built first when a source changed since), and fixtures/keys/, the sandbox's gateway keys the
// mall reads from its working folder by default (MCOIN_SANDBOX_KEYS_DIR, app/server/config.server.ts).
// lib/mall.ts starts it from where it is installed in the partner's project.
//
// Its dependencies are the packages the built server imports (build/mall-server.js and Remix's
// build/server/), found by esbuild and pinned at the lockfile's versions; those of the development
// server's branch alone (Vite), which are no dependency of the repository, are left out.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./lib.mjs";
import { buildMall, freshMallBuild } from "./mall-build.mjs";
import { isBuiltin, lockedVersions, npmPack, packageOf, repositoryVersion } from "./package-common.mjs";

export const MALL_NAME = "@mcoin/mall";

/** The packages the built server imports, those the repository depends on at run time. */
async function serverImports() {
  const { build } = await import("esbuild");
  const { metafile } = await build({
    absWorkingDir: ROOT,
    entryPoints: ["build/mall-server.js", "build/server/index.js"],
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
    write: false,
    outdir: join(ROOT, ".cache/package/mall-imports"),
    metafile: true,
    logLevel: "error",
  });
  const runtime = Object.keys(JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).dependencies);
  const imported = new Set();
  for (const output of Object.values(metafile.outputs)) {
    for (const use of output.imports) {
      if (!use.external || isBuiltin(use.path)) continue;
      if (runtime.includes(packageOf(use.path))) imported.add(packageOf(use.path));
    }
  }
  return imported;
}

export async function packMall() {
  if (!freshMallBuild(ROOT)) await buildMall(ROOT);
  const stage = join(ROOT, ".cache/package/mall");
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(stage, { recursive: true });
  cpSync(join(ROOT, "build"), join(stage, "build"), { recursive: true });
  cpSync(join(ROOT, "fixtures/keys"), join(stage, "fixtures/keys"), { recursive: true });
  writeFileSync(
    join(stage, "README.md"),
    "# @mcoin/mall\n\nThe mCoin Mall's production build, for the Playwright fixture of `@mcoin/harness` (`mcoinStartMall: true` starts it from here when it is installed). Alone: `MCOIN_SANDBOX_URL=http://127.0.0.1:<port> npm start` in this folder.\n",
  );
  const manifest = {
    name: MALL_NAME,
    version: repositoryVersion(),
    description: "The mCoin Mall's production build (a Remix app and its server), started by @mcoin/harness's Playwright fixture",
    license: "UNLICENSED",
    type: "module",
    exports: { "./package.json": "./package.json" },
    scripts: { start: "node build/mall-server.js" },
    engines: { node: ">=20" },
    files: ["build", "fixtures/keys", "README.md"],
    dependencies: lockedVersions(await serverImports()),
  };
  writeFileSync(join(stage, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  return npmPack(stage);
}

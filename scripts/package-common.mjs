// What scripts/pack.mjs and scripts/pack-mall.mjs share: the version both packages take, the
// packages an import names and their locked versions, and `npm pack` into dist/.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { join } from "node:path";
import { ROOT } from "./lib.mjs";

export const DIST = join(ROOT, "dist");

/** The repository's version: the one source of both packages' versions (docs/decisions/040-the-harness-as-a-package.md). */
export function repositoryVersion() {
  return JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).version;
}

/** The package a bare import names: `@scope/name/sub` → `@scope/name`. */
export const packageOf = (specifier) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");
export const isBuiltin = (specifier) => specifier.startsWith("node:") || builtinModules.includes(specifier.split("/")[0]);

/** Each package at the version the repository's lockfile installs. */
export function lockedVersions(names) {
  const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8"));
  return Object.fromEntries(
    [...names].sort().map((name) => {
      const version = lock.packages[`node_modules/${name}`]?.version;
      if (!version) throw new Error(`${name} is imported by the package but not in package-lock.json`);
      return [name, version];
    }),
  );
}

/** Packs a staged folder into dist/ and returns the tarball's path. */
export function npmPack(folder) {
  mkdirSync(DIST, { recursive: true });
  const result = spawnSync("npm", ["pack", "--json", "--pack-destination", DIST], { cwd: folder, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`npm pack failed in ${folder}:\n${result.stderr}`);
  const [{ filename, entryCount, size }] = JSON.parse(result.stdout);
  return { tarball: join(DIST, filename.replace(/^@/, "").replace("/", "-")), files: entryCount, bytes: size };
}

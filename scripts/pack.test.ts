/**
 * The package's manifest as scripts/pack.mjs writes it (docs/decisions/040-the-harness-as-a-package.md): a subpath per entry of
 * lib/ with its types and its module, the CLI as `mcoin`, its dependencies pinned at the lockfile's
 * versions, Playwright's test runner an optional peer; one version, the repository's, which the
 * CHANGELOG's newest entry names; a committed API report per entry.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./lib.mjs";
import { HARNESS_ENTRIES, harnessManifest } from "./pack.mjs";
import { lockedVersions, packageOf, repositoryVersion } from "./package-common.mjs";

describe("the harness's manifest", () => {
  it("exports each entry with its declarations and its module, the CLI as mcoin, Playwright as an optional peer", () => {
    const manifest = harnessManifest("1.2.3", { zod: "4.6.7" });
    expect(manifest).toMatchObject({ name: "@mcoin/harness", version: "1.2.3", type: "module", bin: { mcoin: "dist/mcoin.js" }, dependencies: { zod: "4.6.7" } });
    expect(manifest.exports).toEqual({
      "./sandbox": { types: "./dist/sandbox.d.ts", import: "./dist/sandbox.js" },
      "./gateway": { types: "./dist/gateway.d.ts", import: "./dist/gateway.js" },
      "./playwright": { types: "./dist/playwright.d.ts", import: "./dist/playwright.js" },
      "./package.json": "./package.json",
    });
    expect(manifest.peerDependencies).toEqual({ "@playwright/test": `^${lockedVersions(["@playwright/test"])["@playwright/test"]}` });
    expect(manifest.peerDependenciesMeta).toEqual({ "@playwright/test": { optional: true } });
    expect(manifest.files).toEqual(expect.arrayContaining(["dist", "fixtures", ".cache/inspector", "README.md", "CHANGELOG.md"]));
  });

  it("pins a dependency at the version the lockfile installs, and refuses one the lockfile lacks", () => {
    const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8")) as { packages: Record<string, { version: string }> };
    expect(lockedVersions(new Set(["zod", "commander"]))).toEqual({ commander: lock.packages["node_modules/commander"].version, zod: lock.packages["node_modules/zod"].version });
    expect(() => lockedVersions(["no-such-package-here"])).toThrow(/no-such-package-here is imported by the package but not in package-lock.json/);
  });

  it("names the package of an import, scoped or not, without its subpath", () => {
    expect(packageOf("zod/v4/core")).toBe("zod");
    expect(packageOf("@playwright/test")).toBe("@playwright/test");
    expect(packageOf("@hapi/iron/lib/index.js")).toBe("@hapi/iron");
  });
});

describe("the harness's release", () => {
  it("is the repository's version, and lib/CHANGELOG.md's newest entry names it", () => {
    const newest = /^## (\S+)/m.exec(readFileSync(join(ROOT, "lib/CHANGELOG.md"), "utf8"))?.[1];
    expect(newest).toBe(repositoryVersion());
  });

  it("has a committed API report per entry", () => {
    for (const entry of Object.keys(HARNESS_ENTRIES)) expect(existsSync(join(ROOT, `lib/api/${entry}.api.md`)), entry).toBe(true);
  });
});

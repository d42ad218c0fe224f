/** When `npm start` builds the mall again: only when what the build reads is no longer what it read. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fingerprint, listFiles } from "./fingerprint.mjs";
import { MALL_SOURCES, freshMallBuild, mallBuildPaths } from "./mall-build.mjs";

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "mcoin-mall-build-"));
  for (const dir of ["app/routes", "core", "build/client/assets", ".cache"]) mkdirSync(join(root, dir), { recursive: true });
  writeFileSync(join(root, "app/root.tsx"), "export default 1;\n");
  writeFileSync(join(root, "app/root.test.tsx"), "test\n");
  writeFileSync(join(root, "core/money.ts"), "export const m = 1;\n");
  writeFileSync(join(root, "package.json"), "{}\n");
  writeFileSync(join(root, "build/mall-server.js"), "// server\n");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** The manifest a build leaves, made from the sources as they are now. */
function built() {
  const inputs = listFiles(root, MALL_SOURCES, (path: string) => !/\.test\.tsx?$/.test(path));
  writeFileSync(mallBuildPaths(root).manifest, JSON.stringify({ inputs: fingerprint(root, inputs) }));
  return inputs;
}

describe("freshMallBuild", () => {
  it("holds when nothing the build reads changed, tests aside", () => {
    expect(built()).toEqual(["app/root.tsx", "core/money.ts", "package.json"]);
    writeFileSync(join(root, "app/root.test.tsx"), "another test\n");
    expect(freshMallBuild(root)).toBe(true);
  });

  it("fails before any build", () => {
    expect(freshMallBuild(root)).toBe(false);
  });

  it("fails when a source's content changed", () => {
    built();
    writeFileSync(join(root, "core/money.ts"), "export const m = 2;\n");
    expect(freshMallBuild(root)).toBe(false);
  });

  it("fails when a source was added or removed", () => {
    built();
    writeFileSync(join(root, "app/routes/new.tsx"), "export default 2;\n");
    expect(freshMallBuild(root)).toBe(false);
    rmSync(join(root, "app/routes/new.tsx"));
    expect(freshMallBuild(root)).toBe(true);
    rmSync(join(root, "core/money.ts"));
    expect(freshMallBuild(root)).toBe(false);
  });

  it("fails when the build's output is gone", () => {
    built();
    rmSync(join(root, "build/mall-server.js"));
    expect(freshMallBuild(root)).toBe(false);
  });
});

/** When `npm start` builds the mall again: only when what the build reads is no longer what it read. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fingerprint, listFiles } from "./fingerprint.mjs";
import { MALL_SOURCES, freshMallBuild, mallBuildPaths, precompressAssets } from "./mall-build.mjs";

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

describe("precompressAssets", () => {
  it("writes each text asset's brotli and gzip forms beside it, and none for a picture or where compressing gains nothing", () => {
    const dir = join(root, "build/client/assets");
    const style = `.card { margin: 0; }\n`.repeat(200);
    writeFileSync(join(dir, "app-abc.css"), style);
    writeFileSync(join(dir, "tiny-abc.js"), "1");
    writeFileSync(join(dir, "logo-abc.png"), Buffer.alloc(2000));
    precompressAssets(dir);
    expect(brotliDecompressSync(readFileSync(join(dir, "app-abc.css.br"))).toString()).toBe(style);
    expect(gunzipSync(readFileSync(join(dir, "app-abc.css.gz"))).toString()).toBe(style);
    expect(readFileSync(join(dir, "app-abc.css.br")).length).toBeLessThan(readFileSync(join(dir, "app-abc.css.gz")).length);
    for (const absent of ["tiny-abc.js.br", "tiny-abc.js.gz", "logo-abc.png.br", "logo-abc.png.gz"]) expect(existsSync(join(dir, absent)), absent).toBe(false);
  });
});

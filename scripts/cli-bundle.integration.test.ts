/**
 * When bin/mcoin.mjs runs the bundle: only when it was made from the sources as they are now. And how
 * a build replaces it: the previous bundle's chunks stay for a command started from it, older ones go.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildCliBundle, cliBundlePaths, freshCliBundle } from "./cli-bundle.mjs";
import { fingerprint } from "./fingerprint.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

describe("freshCliBundle", () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "mcoin-bundle-"));
    mkdirSync(join(root, "cli"));
    mkdirSync(join(root, ".cache"));
    writeFileSync(join(root, "cli/index.ts"), "console.log(1);\n");
    writeFileSync(join(root, "package.json"), JSON.stringify({ imports: { "#core/*": "./core/*.ts" } }));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** A bundle as a build leaves it, made from cli/index.ts as it is now. */
  function built(imports: unknown = { "#core/*": "./core/*.ts" }) {
    const { entry, manifest } = cliBundlePaths(root);
    writeFileSync(entry, "// the bundle\n");
    writeFileSync(manifest, JSON.stringify({ files: ["mcoin-cli.mjs"], inputs: fingerprint(root, ["cli/index.ts"]), imports: JSON.stringify(imports) }));
    return entry;
  }

  it("is the entry when the bundle was made from the sources as they are", () => {
    const entry = built();
    expect(freshCliBundle(root)).toBe(entry);
  });

  it("is nothing before any build", () => {
    expect(freshCliBundle(root)).toBeUndefined();
  });

  it("is nothing once a source changed", () => {
    built();
    writeFileSync(join(root, "cli/index.ts"), "console.log(2);\n");
    expect(freshCliBundle(root)).toBeUndefined();
  });

  it("is nothing when package.json's imports changed, through which the sources were resolved", () => {
    built({ "#core/*": "./lib/*.ts" });
    expect(freshCliBundle(root)).toBeUndefined();
  });

  it("is nothing when the entry is gone", () => {
    rmSync(built());
    expect(freshCliBundle(root)).toBeUndefined();
  });
});

describe("buildCliBundle", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "mcoin-bundle-out-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("builds the CLI, fresh at once, keeping the previous bundle's chunks and deleting older ones", async () => {
    writeFileSync(join(dir, "mcoin-cli-previous-AAAA.mjs"), "// a chunk of the previous bundle\n");
    writeFileSync(join(dir, "mcoin-cli-older-BBBB.mjs"), "// a chunk of the one before\n");
    writeFileSync(join(dir, "mcoin-cli.json"), JSON.stringify({ files: ["mcoin-cli-previous-AAAA.mjs", "mcoin-cli.mjs"], inputs: {}, imports: "null" }));

    const bundle = await buildCliBundle(ROOT, dir);

    expect(bundle.entry).toBe(join(dir, "mcoin-cli.mjs"));
    expect(freshCliBundle(ROOT, dir)).toBe(bundle.entry);
    const manifest = JSON.parse(readFileSync(join(dir, "mcoin-cli.json"), "utf8"));
    expect(Object.keys(manifest.inputs)).toEqual(expect.arrayContaining(["cli/index.ts", "cli/commands/sandbox/redeem.ts", "tsconfig.json"]));
    expect(manifest.files).toHaveLength(bundle.files);
    for (const file of manifest.files) expect(existsSync(join(dir, file)), file).toBe(true);
    expect(existsSync(join(dir, "mcoin-cli-previous-AAAA.mjs"))).toBe(true);
    expect(existsSync(join(dir, "mcoin-cli-older-BBBB.mjs"))).toBe(false);
  }, 60_000);
});

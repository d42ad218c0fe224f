/** What counts as a changed source: its content, not a stat that moved. */
import { mkdtempSync, mkdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { changedFiles, fingerprint, listFiles } from "./fingerprint.mjs";

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "mcoin-fingerprint-"));
  mkdirSync(join(root, "src/deep"), { recursive: true });
  writeFileSync(join(root, "src/a.ts"), "export const a = 1;\n");
  writeFileSync(join(root, "src/deep/b.ts"), "export const b = 2;\n");
  writeFileSync(join(root, "src/a.test.ts"), "test\n");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Sets a file's modification time to `seconds` after the epoch, as a checkout or a touch would. */
const touch = (path: string, seconds = Date.now() / 1000 + 5) => utimesSync(join(root, path), seconds, seconds);

describe("changedFiles", () => {
  it("finds nothing when nothing changed", () => {
    expect(changedFiles(root, fingerprint(root, ["src/a.ts", "src/deep/b.ts"]))).toEqual([]);
  });

  it("does not count a file touched with its content unchanged", () => {
    const prints = fingerprint(root, ["src/a.ts"]);
    touch("src/a.ts");
    expect(changedFiles(root, prints)).toEqual([]);
  });

  it("counts a changed content, of the same size too", () => {
    const prints = fingerprint(root, ["src/a.ts", "src/deep/b.ts"]);
    writeFileSync(join(root, "src/a.ts"), "export const a = 7;\n");
    touch("src/a.ts");
    expect(changedFiles(root, prints)).toEqual(["src/a.ts"]);
  });

  it("counts a file gone", () => {
    const prints = fingerprint(root, ["src/a.ts"]);
    rmSync(join(root, "src/a.ts"));
    expect(changedFiles(root, prints)).toEqual(["src/a.ts"]);
  });

  it("counts a file modified once a build began, whatever it holds now", () => {
    touch("src/a.ts", 2_000_000_000);
    const prints = fingerprint(root, ["src/a.ts", "src/deep/b.ts"], 1_999_999_999_000);
    expect(prints["src/a.ts"].sha256).toBeNull();
    expect(changedFiles(root, prints)).toEqual(["src/a.ts"]);
  });

  it("counts a file that was missing when fingerprinted", () => {
    expect(changedFiles(root, fingerprint(root, ["src/gone.ts"]))).toEqual(["src/gone.ts"]);
  });
});

describe("listFiles", () => {
  it("lists the files of folders and the files named, sorted, as the filter keeps them", () => {
    writeFileSync(join(root, "config.json"), "{}\n");
    expect(listFiles(root, ["src", "config.json", "missing"], (path) => !path.includes(".test."))).toEqual(["config.json", "src/a.ts", "src/deep/b.ts"]);
  });
});

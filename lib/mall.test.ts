/** Which mall build the fixture starts: @mcoin/mall where the project has it installed, else this repository's. */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { installedMall, MALL_ROOT, mallRoot } from "./mall";

const projects: string[] = [];
function project(withMall: boolean): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "mcoin-mall-root-")));
  projects.push(dir);
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "partner", private: true }));
  if (withMall) {
    mkdirSync(join(dir, "node_modules/@mcoin/mall"), { recursive: true });
    writeFileSync(join(dir, "node_modules/@mcoin/mall/package.json"), JSON.stringify({ name: "@mcoin/mall", version: "0.1.0", exports: { "./package.json": "./package.json" } }));
  }
  return dir;
}

afterEach(() => {
  for (const dir of projects.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the mall's build", () => {
  it("is @mcoin/mall's when the project has it installed", () => {
    const dir = project(true);
    expect(installedMall(dir)).toBe(join(dir, "node_modules/@mcoin/mall"));
    expect(mallRoot(dir)).toBe(join(dir, "node_modules/@mcoin/mall"));
  });

  it("is this repository's when the project has no @mcoin/mall", () => {
    const dir = project(false);
    expect(installedMall(dir)).toBeUndefined();
    expect(mallRoot(dir)).toBe(MALL_ROOT);
  });
});

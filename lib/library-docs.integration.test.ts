/**
 * docs/library.md holds what it says: every value the package's three modules export is named on
 * the page, and every example of the sandbox and the gateway runs as written, in a process of its own
 * (the package's names pointed at lib/, as a partner's install points them at the compiled files).
 * The Playwright examples are the partner example's (examples/partner-ci), which `npm test` runs.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { MALL_ROOT } from "./mall";

const run = promisify(execFile);
const PAGE = readFileSync(join(MALL_ROOT, "docs/library.md"), "utf8");
const MODULES = { sandbox: "./sandbox", gateway: "./gateway", playwright: "./playwright" } as const;
const scratch = mkdtempSync(join(tmpdir(), "mcoin-library-docs-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The page's TypeScript examples that import the sandbox or the gateway (and not Playwright). */
const runnable = [...PAGE.matchAll(/```ts\n([\s\S]*?)```/g)]
  .map((match) => match[1]!)
  .filter((code) => /@mcoin\/harness\/(sandbox|gateway)"/.test(code) && !code.includes("@mcoin/harness/playwright"));

describe("docs/library.md", () => {
  it.each(Object.entries(MODULES))("names every value @mcoin/harness/%s exports", async (_, path) => {
    const exported = Object.keys((await import(path)) as object);
    expect(exported.length).toBeGreaterThan(0);
    expect(exported.filter((name) => !PAGE.includes(`\`${name}`) && !new RegExp(`[\`, ]${name}[\`(,]`).test(PAGE))).toEqual([]);
  });

  it("has examples of the sandbox and the gateway to run", () => {
    expect(runnable.length).toBeGreaterThanOrEqual(2);
  });

  it.each(runnable.map((code, index) => [index + 1, code] as const))("example %i runs as written", async (index, code) => {
    const file = join(scratch, `example-${index}.mts`);
    writeFileSync(
      file,
      code.replace(/"@mcoin\/harness\/(sandbox|gateway)"/g, (_, name: string) => JSON.stringify(join(MALL_ROOT, `lib/${name}.ts`))),
    );
    const { stdout } = await run(process.execPath, ["--import", "tsx", file], { cwd: MALL_ROOT, timeout: 30_000 });
    expect(stdout.trim()).not.toBe("");
  });
});

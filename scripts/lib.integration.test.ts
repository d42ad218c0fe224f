/**
 * npm test's steps that fetch from a registry (npm ci, apt-get, the partner example's install) are
 * tried again when they fail, three times at most (scripts/lib.mjs): a run whose tests passed must
 * not fail on one stalled connection, and a step that keeps failing still stops the run.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const LIB = pathToFileURL(join(import.meta.dirname, "lib.mjs")).href;
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** Runs runFetchingOrExit on a step that fails `failures` times, then passes; counts its tries. */
function fetchingStep(failures: number) {
  const folder = mkdtempSync(join(tmpdir(), "mcoin-fetching-"));
  folders.push(folder);
  const count = join(folder, "count");
  writeFileSync(count, "0");
  writeFileSync(
    join(folder, "step.mjs"),
    `import { readFileSync, writeFileSync } from "node:fs";
const tries = Number(readFileSync(${JSON.stringify(count)}, "utf8")) + 1;
writeFileSync(${JSON.stringify(count)}, String(tries));
process.exit(tries <= ${failures} ? 7 : 0);
`,
  );
  writeFileSync(
    join(folder, "run.mjs"),
    `import { runFetchingOrExit } from ${JSON.stringify(LIB)};
runFetchingOrExit(process.execPath, [${JSON.stringify(join(folder, "step.mjs"))}]);
console.log("after the step");
`,
  );
  const result = spawnSync(process.execPath, [join(folder, "run.mjs")], { encoding: "utf8" });
  return { status: result.status, output: result.stdout, tries: Number(readFileSync(count, "utf8")) };
}

describe("runFetchingOrExit", () => {
  it("runs a step that passes once", () => {
    const run = fetchingStep(0);
    expect(run).toMatchObject({ status: 0, tries: 1 });
    expect(run.output).toContain("after the step");
    expect(run.output).not.toContain("trying again");
  });

  it("tries a failing step again, saying so, and goes on when a later try passes", () => {
    const run = fetchingStep(2);
    expect(run).toMatchObject({ status: 0, tries: 3 });
    expect(run.output).toContain("failed (exit 7); trying again, 2 of 3");
    expect(run.output).toContain("failed (exit 7); trying again, 3 of 3");
    expect(run.output).toContain("after the step");
  });

  it("stops the run with the step's exit code when its third try fails too", () => {
    const run = fetchingStep(3);
    expect(run).toMatchObject({ status: 7, tries: 3 });
    expect(run.output).toMatch(/failed: .*step\.mjs, exit 7, 3 tries/);
    expect(run.output).not.toContain("after the step");
  });
});

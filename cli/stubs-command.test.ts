/** `mcoin stubs from-recording`, run in this process (cli/testing.ts): what it writes, reports and refuses. */
import { mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ROOT, runCli } from "./testing";

const FIXTURES = join(ROOT, "fixtures/recordings");
let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});
const tmp = () => {
  const dir = mkdtempSync(join(tmpdir(), "mcoin-stubs-out-"));
  dirs.push(dir);
  return dir;
};

describe("mcoin stubs from-recording", () => {
  it("writes mappings/ and __files/ and reports every file written, with the count and the folder", async () => {
    const out = join(tmp(), "root");
    const { code, stdout } = await runCli(["stubs", "from-recording", FIXTURES, "--out", out]);
    expect(code).toBe(0);
    const mappings = readdirSync(join(out, "mappings"));
    expect(readdirSync(join(out, "__files"))).toEqual([]);
    expect(stdout).toContain(`wrote ${mappings.length} mappings to ${out}/mappings and 0 files to ${out}/__files`);
    for (const file of mappings) expect(stdout).toContain(`  mappings/${file}`);
    const json = await runCli(["stubs", "from-recording", FIXTURES, "--out", join(tmp(), "again"), "--json"]);
    const written = JSON.parse(json.stdout) as { mappings: string[]; files: string[] };
    expect({ ...written, mappings: [...written.mappings].sort() }).toMatchObject({ mappings: mappings.map((file) => `mappings/${file}`).sort(), files: [] });
  });

  it("refuses a folder that is not empty unless --force, which replaces its mappings/ and __files/ only", async () => {
    const out = tmp();
    writeFileSync(join(out, "README.md"), "mine");
    const refused = await runCli(["stubs", "from-recording", FIXTURES, "--out", out]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/is not empty: refused/);
    expect(readdirSync(out)).toEqual(["README.md"]);
    const forced = await runCli(["stubs", "from-recording", FIXTURES, "--out", out, "--force"]);
    expect(forced.code).toBe(0);
    const count = readdirSync(join(out, "mappings")).length;
    // Written again over itself: the same files, none left over.
    expect((await runCli(["stubs", "from-recording", FIXTURES, "--out", out, "--force"])).code).toBe(0);
    expect(readdirSync(join(out, "mappings"))).toHaveLength(count);
    expect(readdirSync(out).sort()).toEqual(["README.md", "__files", "mappings"]);
  });

  it("writes through no link planted in the root and refuses what is not a recording", async () => {
    const out = tmp();
    const elsewhere = tmp();
    symlinkSync(elsewhere, join(out, "mappings"));
    expect((await runCli(["stubs", "from-recording", FIXTURES, "--out", out, "--force"])).code).toBe(0);
    expect(readdirSync(elsewhere)).toEqual([]);
    const notRecording = tmp();
    writeFileSync(join(notRecording, "x.json"), JSON.stringify({ hello: 1 }));
    const refused = await runCli(["stubs", "from-recording", notRecording, "--out", join(tmp(), "root")]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/x\.json is not a recording/);
  });
});

/**
 * `mcoin contract`, run in this process (cli/testing.ts): the documents it prints or writes are the
 * generators' (cli/contract/), and a file it cannot write is bad usage.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../testing";
import { documentText } from "./documents";
import { JSON_SCHEMAS } from "./json-schema";
import { controlsDocument } from "./controls-openapi";
import { apiDocument } from "./openapi";

/** Nothing is called (nothing answers a run by default): the contract is generated, not fetched. */
const mcoin = (...args: string[]) => runCli(args);

describe("mcoin contract", () => {
  it("openapi --out writes the API's document, --controls the controls'; without --out it prints", async () => {
    const work = mkdtempSync(join(tmpdir(), "mcoin-contract-"));
    const api = await mcoin("contract", "openapi", "--out", join(work, "api", "openapi.json"));
    expect(api.code, api.stderr).toBe(0);
    expect(api.stdout).toMatch(/^wrote .*openapi\.json: \d+ operations\n$/);
    expect(readFileSync(join(work, "api", "openapi.json"), "utf8")).toBe(documentText(await apiDocument()));
    const controls = await mcoin("contract", "openapi", "--controls", "--out", join(work, "controls.json"), "--json");
    expect(JSON.parse(controls.stdout)).toMatchObject({ wrote: join(work, "controls.json"), operations: expect.any(Number) });
    expect(readFileSync(join(work, "controls.json"), "utf8")).toBe(documentText(controlsDocument()));
    const printed = await mcoin("contract", "openapi", "--controls");
    expect(printed.stdout).toBe(documentText(controlsDocument()));
  });

  it("json-schema --out writes the scenario's and the stub file's schemas into a folder; without --out prints both", async () => {
    const work = mkdtempSync(join(tmpdir(), "mcoin-contract-"));
    const run = await mcoin("contract", "json-schema", "--out", work);
    expect(run.code, run.stderr).toBe(0);
    for (const [file, generate] of Object.entries(JSON_SCHEMAS)) expect(readFileSync(join(work, file), "utf8")).toBe(documentText(generate()));
    const printed = JSON.parse((await mcoin("contract", "json-schema")).stdout);
    expect(Object.keys(printed)).toEqual(Object.keys(JSON_SCHEMAS));
  });

  it("exits 2 when it cannot write, and its help has examples", async () => {
    const work = mkdtempSync(join(tmpdir(), "mcoin-contract-"));
    writeFileSync(join(work, "a-file"), "");
    const refused = await mcoin("contract", "openapi", "--out", join(work, "a-file", "openapi.json"));
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("could not write");
    for (const command of [["contract"], ["contract", "openapi"], ["contract", "json-schema"]]) {
      const help = await mcoin(...command, "--help");
      expect(help.stdout, command.join(" ")).toMatch(/Examples?:\n\s+\$ npx mcoin contract/);
    }
  });
});

/**
 * The contract gate: the documents committed under docs/contract/ are what the code generates now.
 * A change to the registry, the controls or the schemas that is not carried into them fails here,
 * naming the file and the command that writes it.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../testing";
import { CONTRACT_DIR, CONTRACT_FILES, documentText, staleness } from "./documents";

const committed = (file: string) => {
  const path = join(ROOT, CONTRACT_DIR, file);
  return existsSync(path) ? readFileSync(path, "utf8") : undefined;
};

describe("docs/contract/", () => {
  it.each(CONTRACT_FILES.map((contract) => [contract.file, contract] as const))("%s is what the code generates now", async (_, contract) => {
    expect(await staleness(contract, committed(contract.file))).toBeNull();
  });

  it("names the file and the command when a copy is stale or missing", async () => {
    const [openapi] = CONTRACT_FILES;
    const stale = JSON.parse(documentText(await openapi.generate()));
    delete stale.paths["/api/system/time"];
    stale.info.version = "0.0.0";
    expect(await staleness(openapi, JSON.stringify(stale))).toBe(
      "docs/contract/openapi.json differs from what the code generates now (2 differences: CHANGE info.version, CREATE paths./api/system/time): run `npx mcoin contract openapi --out docs/contract/openapi.json` and commit it",
    );
    expect(await staleness(openapi, undefined)).toBe("docs/contract/openapi.json is missing: run `npx mcoin contract openapi --out docs/contract/openapi.json` and commit it");
  });
});

/**
 * WireMock's documented examples (fixtures/wiremock/mappings, which the differential test serves from
 * WireMock's jar and from the sandbox) parse with the sandbox's mapping schema, all but the XML ones,
 * which are refused with a message that names the feature (docs/decisions/038-held-to-wiremock.md).
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { StubFileSchema } from "#core/controls/stubs";

const MAPPINGS = join(import.meta.dirname, "..", "..", "fixtures", "wiremock", "mappings");
const files = readdirSync(MAPPINGS, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith(".json"))
  .map((entry) => join(entry.parentPath, entry.name).slice(MAPPINGS.length + 1))
  .sort();
const read = (file: string): unknown => JSON.parse(readFileSync(join(MAPPINGS, file), "utf8"));
const XML = /"(equalToXml|matchesXPath)"/;

describe("WireMock's documented examples", () => {
  it("are at least 45 mappings, XML ones among them", () => {
    expect(files.length).toBeGreaterThanOrEqual(45);
    expect(files.filter((file) => XML.test(readFileSync(join(MAPPINGS, file), "utf8")))).not.toEqual([]);
  });

  it.each(files.filter((file) => !XML.test(readFileSync(join(MAPPINGS, file), "utf8"))))("%s parses with the sandbox's schema", (file) => {
    const parsed = StubFileSchema.safeParse(read(file));
    expect(parsed.success ? "" : z.prettifyError(parsed.error)).toBe("");
  });

  it.each(files.filter((file) => XML.test(readFileSync(join(MAPPINGS, file), "utf8"))))("%s is refused, naming the feature", (file) => {
    const feature = XML.exec(readFileSync(join(MAPPINGS, file), "utf8"))?.[1] ?? "";
    const parsed = StubFileSchema.safeParse(read(file));
    expect(parsed.success).toBe(false);
    // The refusal names the feature, and says nothing of a matcher the mapping does not use (issue 46).
    const message = parsed.success ? "" : z.prettifyError(parsed.error);
    expect(message).toContain(feature);
    expect(message).not.toContain("equalToJson needs a value");
  });
});

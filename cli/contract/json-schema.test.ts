/**
 * The JSON Schemas of the scenario, stub and recording files, checked by an independent JSON Schema
 * validator (ajv, draft 2020-12): they accept every file the project ships (fixtures/stubs/,
 * fixtures/recordings/, e2e/scenarios/ and its shared profiles), refuse what the tools refuse, and
 * describe every field. The tests that record hold every file `mcoin record` writes to the recording
 * schema too (harness/recording/testing.ts).
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { StubFileSchema } from "#core/controls/stubs";
import { RecordingSchema } from "#harness/recording";
import { ScenarioSchema } from "../bridge/scenario";
import { ROOT } from "../testing";
import { JSON_SCHEMAS, undescribedFields } from "./json-schema";

// zod names a startsWith check `format: "starts_with"` beside the `pattern` that does the check: a format
// ajv need not know. Strict otherwise, so a keyword ajv does not know fails the test.
const ajv = new Ajv2020({ strict: true, allErrors: true, formats: { starts_with: true, date: true } });
const scenarioValid = ajv.compile(JSON_SCHEMAS["scenario.schema.json"]());
const stubValid = ajv.compile(JSON_SCHEMAS["stub.schema.json"]());
const recordingValid = ajv.compile(JSON_SCHEMAS["recording.schema.json"]());

/** Every .json file in a folder named `recordings` anywhere under `folder`. */
const recordingFiles = (folder: string): string[] =>
  readdirSync(join(ROOT, folder)).flatMap((name) => {
    const path = `${folder}/${name}`;
    if (statSync(join(ROOT, path)).isDirectory()) return recordingFiles(path);
    return name.endsWith(".json") && folder.split("/").includes("recordings") ? [path] : [];
  });

const jsonFiles = (folder: string) =>
  readdirSync(join(ROOT, folder))
    .filter((file) => file.endsWith(".json") && file !== "scenario.schema.json")
    .map((file) => ({ file: `${folder}/${file}`, value: JSON.parse(readFileSync(join(ROOT, folder, file), "utf8")) as unknown }));

describe("the scenario file's JSON Schema", () => {
  it("accepts every shipped scenario, as the scenario's own parser does", () => {
    const scenarios = jsonFiles("e2e/scenarios");
    expect(scenarios.length).toBeGreaterThan(5);
    for (const { file, value } of scenarios) {
      expect(scenarioValid(value), `${file}: ${ajv.errorsText(scenarioValid.errors)}`).toBe(true);
      expect(ScenarioSchema.safeParse(value).success, file).toBe(true);
    }
  });

  it("accepts the shared profiles as a scenario's profile", () => {
    for (const { file, value } of jsonFiles("e2e/scenarios/profiles")) expect(scenarioValid({ name: "profile", profile: value }), `${file}: ${ajv.errorsText(scenarioValid.errors)}`).toBe(true);
  });

  it("refuses what the parser refuses: a field of no step, a missing name", () => {
    expect(scenarioValid({ name: "x", steps: [{ tap: { name: "Buy" } }] })).toBe(false);
    expect(scenarioValid({ steps: [] })).toBe(false);
  });

  it("describes every field", () => {
    expect(undescribedFields(JSON_SCHEMAS["scenario.schema.json"]())).toEqual([]);
  });
});

describe("the stub mapping file's JSON Schema", () => {
  it("accepts every shipped stub file, as the sandbox's parser does", () => {
    const stubs = jsonFiles("fixtures/stubs");
    expect(stubs.length).toBeGreaterThan(0);
    for (const { file, value } of stubs) {
      expect(stubValid(value), `${file}: ${ajv.errorsText(stubValid.errors)}`).toBe(true);
      expect(StubFileSchema.safeParse(value).success, file).toBe(true);
    }
  });

  it("accepts a mapping and WireMock's export of several; refuses a field outside the subset", () => {
    const mapping = { request: { method: "GET", urlPath: "/api/system/time" }, response: { status: 200, jsonBody: { code: 200, data: { sysTime: 0 } } } };
    expect(stubValid(mapping)).toBe(true);
    expect(stubValid({ mappings: [mapping, { ...mapping, priority: 1 }] })).toBe(true);
    expect(stubValid({ ...mapping, request: { ...mapping.request, multipartPatterns: [] } })).toBe(false);
    expect(stubValid({ ...mapping, response: { status: 700 } })).toBe(false);
  });

  it("describes every field", () => {
    expect(undescribedFields(JSON_SCHEMAS["stub.schema.json"]())).toEqual([]);
  });

  it("names a field without a description", () => {
    expect(undescribedFields({ type: "object", properties: { a: { type: "string", description: "A." }, b: { type: "object", properties: { c: {} } } } })).toEqual([
      "$.properties.b",
      "$.properties.b.properties.c",
    ]);
  });
});

describe("the recording file's JSON Schema", () => {
  const clock = { name: "GET /api/system/time", kind: "api", request: { method: "GET", path: "/api/system/time" }, response: { status: 200, body: { code: 200, data: { sysTime: 1 } } } };

  it("accepts every recording under fixtures/, as the recording's own parser does", () => {
    const files = recordingFiles("fixtures");
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const value = JSON.parse(readFileSync(join(ROOT, file), "utf8")) as unknown;
      expect(recordingValid(value), `${file}: ${ajv.errorsText(recordingValid.errors)}`).toBe(true);
      expect(RecordingSchema.safeParse(value).success, file).toBe(true);
    }
  });

  it("accepts a reply without a body, a date alone and every field the recorder writes; refuses what the parser refuses", () => {
    expect(recordingValid({ ...clock, response: { status: 302 }, recordedAt: "2026-11-21" })).toBe(true);
    const written = { ...clock, replayable: true, recordedAt: "2026-11-21T10:00:00.123Z", needs: { member: "mpay-1001" }, ignore: ["$.data.sysTime"] };
    expect(recordingValid({ ...written, request: { ...written.request, query: {}, headers: { "Idempotency-Key": "<key:1>" }, auth: true } })).toBe(true);
    for (const bad of [
      { ...clock, kind: "graphql" },
      { ...clock, recordedAt: "last week" },
      { ...clock, ignore: ["data.sysTime"] },
      { ...clock, request: { path: "api/system/time" } },
      { ...clock, needs: { member: "" } },
      { name: "x", kind: "api", request: { path: "/" } },
    ]) {
      expect(recordingValid(bad), JSON.stringify(bad)).toBe(false);
      expect(RecordingSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it("describes every field", () => {
    expect(undescribedFields(JSON_SCHEMAS["recording.schema.json"]())).toEqual([]);
  });
});

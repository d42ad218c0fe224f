/**
 * The JSON Schemas of the files other teams write for the mall's tools or keep from them: a
 * `mcoin bridge` scenario (cli/bridge/scenario.ts, the same schema `mcoin bridge --schema` prints), a
 * stub mapping file (core/controls/stubs.ts, WireMock's format as the sandbox serves it) and a
 * recording (harness/recording/format.ts, what `mcoin record` writes and `mcoin replay` reads) and
 * the index of the pictures a recording keeps (harness/recording/pictures.ts).
 * Converted by zod from the schemas the tools parse with, as what a file may say (`io: "input"`:
 * defaults are optional).
 */
import { z } from "zod";
import { StubFileSchema } from "#core/controls/stubs";
import { pictureIndexJsonSchema, recordingJsonSchema } from "#harness/recording";
import { scenarioJsonSchema } from "../bridge/scenario";
import type { Json } from "./json";

export function stubJsonSchema(): Json {
  return z.toJSONSchema(StubFileSchema, { io: "input", unrepresentable: "any" }) as Json;
}

/** Each schema by the file name it is kept under (docs/contract/). */
export const JSON_SCHEMAS: Record<string, () => Json> = {
  "scenario.schema.json": () => scenarioJsonSchema() as Json,
  "stub.schema.json": stubJsonSchema,
  "recording.schema.json": () => recordingJsonSchema() as Json,
  "pictures.schema.json": () => pictureIndexJsonSchema() as Json,
};

/** The JSON path of every property in a schema that has no description (a field a reader cannot look up). */
export function undescribedFields(schema: unknown, path = "$"): string[] {
  if (Array.isArray(schema)) return schema.flatMap((item, index) => undescribedFields(item, `${path}[${index}]`));
  if (!schema || typeof schema !== "object") return [];
  const node = schema as Json;
  const missing: string[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === "properties" && value && typeof value === "object") {
      for (const [name, property] of Object.entries(value as Record<string, Json>)) {
        if (typeof property?.description !== "string" || property.description === "") missing.push(`${path}.properties.${name}`);
        missing.push(...undescribedFields(property, `${path}.properties.${name}`));
      }
    } else if (typeof value === "object") {
      missing.push(...undescribedFields(value, `${path}.${key}`));
    }
  }
  return missing;
}

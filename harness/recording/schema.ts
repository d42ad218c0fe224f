/**
 * The recording format as a JSON Schema (draft 2020-12), for teams that keep recordings on disk and
 * check them with their own tools: zod's own conversion of ./format.ts's declaration, as what a file
 * may say (`io: "input"`: defaults are optional). `mcoin contract json-schema` writes it to
 * docs/contract/recording.schema.json.
 */
import { z } from "zod";
import { RecordingFormatSchema } from "./format";

export function recordingJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(RecordingFormatSchema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
}

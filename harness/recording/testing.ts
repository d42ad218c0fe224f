/**
 * Test support, never imported by the harness itself: the published JSON Schema of a recording
 * (docs/contract/recording.schema.json, held to the code by cli/contract/committed.test.ts) as an
 * independent validator checks it (ajv, draft 2020-12), so the tests that record can hold every file
 * they write to the schema other teams validate theirs with.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";

/**
 * zod writes a format beside the `pattern` that does the check (`starts_with`, `date`): formats ajv
 * need not know. Strict otherwise, so a keyword ajv does not know fails.
 */
const ajv = new Ajv2020({ strict: true, allErrors: true, formats: { starts_with: true, date: true } });
const validate = ajv.compile(JSON.parse(readFileSync(new URL("../../docs/contract/recording.schema.json", import.meta.url), "utf8")) as object);

/** Why a value is not a recording by the published schema, or undefined when it is one. */
export function recordingSchemaErrors(value: unknown): string | undefined {
  return validate(value) ? undefined : ajv.errorsText(validate.errors);
}

/** Each .json file of a folder of recordings that the published schema refuses, with why. */
export function invalidRecordingFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .flatMap((file) => {
      const errors = recordingSchemaErrors(JSON.parse(readFileSync(join(dir, file), "utf8")));
      return errors === undefined ? [] : [`${file}: ${errors}`];
    });
}

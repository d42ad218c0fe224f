/**
 * `mcoin contract json-schema [--out DIR]`: the JSON Schemas of a bridge scenario file and of a stub
 * mapping file (cli/contract/json-schema.ts), written as DIR/scenario.schema.json and
 * DIR/stub.schema.json, or printed as one JSON object keyed by those names.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Command } from "commander";
import { CliError } from "../../errors";
import type { CliIo } from "../../io";
import { output, parseOptions } from "../../options";
import { writeJson } from "../../terminal-text";

export function jsonSchemaCommand(io: CliIo): Command {
  return new Command("json-schema")
    .description("write the JSON Schemas of a bridge scenario file and of a stub mapping file")
    .option("--out <dir>", "write scenario.schema.json and stub.schema.json into this folder instead of printing them")
    .option("--json", "with --out, print what was written as JSON")
    .addHelpText(
      "after",
      `
Examples:
  $ npx mcoin contract json-schema --out docs/contract
  $ npx mcoin contract json-schema | jq '.["stub.schema.json"]'`,
    )
    .action((raw: unknown) => jsonSchema(io, raw));
}

async function jsonSchema(io: CliIo, raw: unknown): Promise<void> {
  // zod and the schemas load here, when it runs, not for --help.
  const { z } = await import("zod");
  const { JSON_SCHEMAS } = await import("../../contract/json-schema");
  const { documentText } = await import("../../contract/documents");
  const options = parseOptions(z.object({ out: z.string().min(1).optional(), json: z.boolean().default(false) }), raw, "contract json-schema");
  const schemas = Object.fromEntries(Object.entries(JSON_SCHEMAS).map(([file, generate]) => [file, generate()]));
  if (!options.out) {
    writeJson(io.stdout, schemas, 2);
    return;
  }
  const written: string[] = [];
  try {
    mkdirSync(options.out, { recursive: true });
    for (const [file, schema] of Object.entries(schemas)) {
      const path = join(options.out, file);
      writeFileSync(path, documentText(schema));
      written.push(path);
    }
  } catch (error) {
    throw new CliError("WRITE_FAILED", `could not write into ${options.out}: ${(error as Error).message}`, { exitCode: 2 });
  }
  output(io, options.json, { wrote: written }, () => written.map((path) => `wrote ${path}`));
}

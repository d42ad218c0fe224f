/**
 * `mcoin contract openapi [--controls] [--out FILE]`: the mCoin API and the secure gateway as one
 * OpenAPI 3.1 document (cli/contract/openapi.ts), or with --controls the sandbox's control API as
 * another; printed, or written to FILE.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { Command } from "commander";
import { CliError } from "../../errors";
import type { CliIo } from "../../io";
import { output, parseOptions } from "../../options";
import { writeJson } from "../../terminal-text";

export function openapiCommand(io: CliIo): Command {
  return new Command("openapi")
    .description("write the mCoin API and the secure gateway as one OpenAPI 3.1 document (--controls: the sandbox's control API)")
    .option("--controls", "the sandbox's controls and the traffic inspector's API instead")
    .option("--out <file>", "write the document to this file instead of printing it")
    .option("--json", "with --out, print what was written as JSON")
    .addHelpText(
      "after",
      `
Examples:
  $ npx mcoin contract openapi --out docs/contract/openapi.json
  $ npx mcoin contract openapi --controls --out docs/contract/controls.openapi.json
  $ npx mcoin contract openapi | jq '.paths | keys'`,
    )
    .action((raw: unknown) => openapi(io, raw));
}

async function openapi(io: CliIo, raw: unknown): Promise<void> {
  // zod, the registry and the generator load here, when it runs, not for --help.
  const { z } = await import("zod");
  const { apiDocument } = await import("../../contract/openapi");
  const { controlsDocument } = await import("../../contract/controls-openapi");
  const { documentText } = await import("../../contract/documents");
  const options = parseOptions(z.object({ controls: z.boolean().default(false), out: z.string().min(1).optional(), json: z.boolean().default(false) }), raw, "contract openapi");
  const document = options.controls ? controlsDocument() : await apiDocument();
  if (!options.out) {
    writeJson(io.stdout, document, 2);
    return;
  }
  try {
    mkdirSync(dirname(options.out), { recursive: true });
    writeFileSync(options.out, documentText(document));
  } catch (error) {
    throw new CliError("WRITE_FAILED", `could not write ${options.out}: ${(error as Error).message}`, { exitCode: 2 });
  }
  const operations = Object.values(document.paths as Record<string, object>).reduce((count, item) => count + Object.keys(item).length, 0);
  output(io, options.json, { wrote: options.out, operations }, () => [`wrote ${options.out}: ${operations} operations`]);
}

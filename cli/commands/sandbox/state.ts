/**
 * `mcoin sandbox state export|import`: the running sandbox's whole data as JSON (the format of the
 * --state file before it was SQLite; sandbox/store/state-file.ts), for fixtures and bug reports,
 * and an export put back in place of the data.
 */
import { Command } from "commander";
import { baseUrlFlag, controlTokenFlag } from "../../flags";
import type { CliIo } from "../../io";
import { parseOptions } from "../../options";

export function stateCommand(io: CliIo): Command {
  return new Command("state")
    .description("export the sandbox's whole data as JSON, or import an export in its place")
    .addCommand(
      new Command("export")
        .description("print the sandbox's data as JSON (or write it to --out)")
        .addOption(baseUrlFlag())
        .addOption(controlTokenFlag())
        .option("--out <file>", "write the export to this file instead of stdout")
        .addHelpText("after", "\nExamples:\n  $ npx mcoin sandbox state export --out bug-1234.json")
        .action((raw: unknown) => exportState(io, raw)),
    )
    .addCommand(
      new Command("import")
        .description("replace the sandbox's data with an export (members, ledgers, orders...; the clock, faults and stubs stay)")
        .argument("<file>", "an export (mcoin sandbox state export), or an older --state JSON file")
        .addOption(baseUrlFlag())
        .addOption(controlTokenFlag())
        .addHelpText("after", "\nExamples:\n  $ npx mcoin sandbox state import bug-1234.json")
        .action((file: string, raw: unknown) => importState(io, file, raw)),
    );
}

async function exportState(io: CliIo, raw: unknown): Promise<void> {
  const { z } = await import("zod");
  const { writeFileSync } = await import("node:fs");
  const controls = await import("#core/controls/declarations");
  const { ControlOptionsSchema, control } = await import("../../sandbox-control");
  const options = parseOptions(ControlOptionsSchema.extend({ out: z.string().min(1).optional() }), raw, "sandbox state export");
  const text = `${JSON.stringify(await control(io, options, controls.exportState), null, 2)}\n`;
  if (options.out) {
    writeFileSync(options.out, text);
    io.stdout.write(`exported to ${options.out}\n`);
  } else io.stdout.write(text);
}

async function importState(io: CliIo, file: string, raw: unknown): Promise<void> {
  const { readFileSync } = await import("node:fs");
  const controls = await import("#core/controls/declarations");
  const { CliError } = await import("../../errors");
  const { ControlOptionsSchema, control } = await import("../../sandbox-control");
  const options = parseOptions(ControlOptionsSchema, raw, "sandbox state import");
  let input: unknown;
  try {
    input = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new CliError("BAD_FILE", `${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = controls.importState.input.safeParse(input);
  if (!parsed.success) throw new CliError("BAD_FILE", `${file} is not a sandbox export: it needs { "version": 1, "data": { ... } }`, { suggestion: "mcoin sandbox state export writes one" });
  await control(io, options, controls.importState, { input: parsed.data });
  io.stdout.write(`imported ${file}\n`);
}

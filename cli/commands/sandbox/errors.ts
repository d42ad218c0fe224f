/**
 * `mcoin sandbox errors`: the mall's error reports the running sandbox collected (the pages' and the
 * server's; core/errors/report.ts), oldest first; `--clear` empties the collector afterwards.
 */
import { Command } from "commander";
import { baseUrlFlag, controlTokenFlag } from "../../flags";
import { macauTime } from "../../member";
import type { CliIo } from "../../io";
import { output, parseOptions } from "../../options";

export function errorsCommand(io: CliIo): Command {
  return new Command("errors")
    .description("list the mall's error reports the sandbox collected (pages and server), oldest first")
    .addOption(baseUrlFlag())
    .addOption(controlTokenFlag())
    .option("--clear", "empty the collector after listing")
    .option("--json", "print JSON")
    .addHelpText("after", "\nExamples:\n  $ npx mcoin sandbox errors\n  $ npx mcoin sandbox errors --json --clear")
    .action((raw: unknown) => errors(io, raw));
}

async function errors(io: CliIo, raw: unknown): Promise<void> {
  // zod and the controls' client load here, when it runs, not for --help.
  const { z } = await import("zod");
  const controls = await import("#core/controls/declarations");
  const { ControlOptionsSchema, control } = await import("../../sandbox-control");

  const options = parseOptions(ControlOptionsSchema.extend({ clear: z.boolean().default(false) }), raw, "sandbox errors");
  const { errors } = await control(io, options, controls.errors);
  if (options.clear) await control(io, options, controls.clearErrors);
  output(io, options.json, { errors }, () =>
    errors.length === 0
      ? ["no error reports"]
      : errors.flatMap((error) => [`${macauTime(error.at)}  ${error.kind.padEnd(19)} ${error.path}${error.screen ? ` (${error.screen})` : ""}`, `  ${error.message}`]),
  );
}

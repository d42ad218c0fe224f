/**
 * `mcoin sandbox errors`: the mall's error reports the running sandbox collected (the pages' and the
 * server's; core/errors/report.ts), oldest first; `--clear` empties the collector afterwards.
 */
import { Command, Option } from "commander";
import { CONTROL_TOKEN_ENV } from "#core/environments";

export function errorsCommand(): Command {
  return new Command("errors")
    .description("list the mall's error reports the sandbox collected (pages and server), oldest first")
    .option("--base-url <url>", "the sandbox's address (default: MCOIN_SANDBOX_URL or http://127.0.0.1:4010)")
    .addOption(new Option("--control-token <token>", "the sandbox's control token, when it has one").env(CONTROL_TOKEN_ENV))
    .option("--clear", "empty the collector after listing")
    .option("--json", "print JSON")
    .addHelpText("after", "\nExamples:\n  $ npx mcoin sandbox errors\n  $ npx mcoin sandbox errors --json --clear")
    // What it runs (zod, the sandbox's control header) loads only when it runs, not for --help.
    .action(async (raw: unknown) => (await import("./errors.run")).runErrors(raw));
}

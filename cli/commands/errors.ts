/**
 * `mcoin sandbox errors`: the mall's error reports the running sandbox collected (the pages' and the
 * server's; app/lib/errors/report.ts), oldest first; `--clear` empties the collector afterwards.
 */
import { Command, Option } from "commander";
import { z } from "zod";
import { CONTROL_TOKEN_HEADER } from "../../sandbox/access";
import type { CollectedError } from "../../app/lib/errors/report";
import { CONTROL_TOKEN_ENV, callFailure, sandboxUrl } from "../context";
import { CliError } from "../errors";
import { output, parseOptions } from "../options";
import { macauTime } from "../member";

const Options = z.object({
  baseUrl: z.string().url().optional(),
  controlToken: z.string().min(1).optional(),
  clear: z.boolean().default(false),
  json: z.boolean().default(false),
});

export function errorsCommand(): Command {
  return new Command("errors")
    .description("list the mall's error reports the sandbox collected (pages and server), oldest first")
    .option("--base-url <url>", "the sandbox's address (default: MCOIN_SANDBOX_URL or http://127.0.0.1:4010)")
    .addOption(new Option("--control-token <token>", "the sandbox's control token, when it has one").env(CONTROL_TOKEN_ENV))
    .option("--clear", "empty the collector after listing")
    .option("--json", "print JSON")
    .addHelpText("after", "\nExamples:\n  $ npx mcoin sandbox errors\n  $ npx mcoin sandbox errors --json --clear")
    .action(async (raw) => {
      const options = parseOptions(Options, raw, "sandbox errors");
      const base = (options.baseUrl ?? sandboxUrl()).replace(/\/+$/, "");
      const headers: Record<string, string> = options.controlToken ? { [CONTROL_TOKEN_HEADER]: options.controlToken } : {};
      const ask = async (method: "GET" | "DELETE") => {
        let response: Response;
        try {
          response = await fetch(`${base}/__sandbox/errors`, { method, headers });
        } catch (error) {
          throw callFailure(error);
        }
        if (!response.ok) {
          throw new CliError(`HTTP_${response.status}`, `the sandbox refused: HTTP ${response.status}`, {
            suggestion: response.status === 401 ? `it needs its control token: pass --control-token or set ${CONTROL_TOKEN_ENV}` : undefined,
          });
        }
        return (await response.json()) as { errors?: CollectedError[] };
      };
      const { errors = [] } = await ask("GET");
      if (options.clear) await ask("DELETE");
      output(options.json, { errors }, () =>
        errors.length === 0
          ? "no error reports"
          : errors
              .map((error) => `${macauTime(error.at)}  ${error.kind.padEnd(19)} ${error.path}${error.screen ? ` (${error.screen})` : ""}\n  ${error.message}`)
              .join("\n"),
      );
    });
}

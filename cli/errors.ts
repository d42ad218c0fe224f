/**
 * The CLI's one error type and one printer. Exit codes: 0 ok, 1 a business or network failure,
 * 2 bad usage.
 */
import { EXIT_FAILURE, EXIT_USAGE, HarnessError } from "#harness/errors";
import type { CliIo } from "./io";
import { writeJson, writeLines } from "./terminal-text";

export const EXIT_OK = 0;
export { EXIT_FAILURE, EXIT_USAGE };

/** The harness's error (harness/recording/errors.ts), raised by a command: one printer prints both. */
export class CliError extends HarnessError {
  constructor(code: string, message: string, options: { exitCode?: number; suggestion?: string; cause?: unknown } = {}) {
    super(code, message, options);
    this.name = "CliError";
  }
}

export function usageError(message: string, suggestion?: string): CliError {
  return new CliError("USAGE", message, { exitCode: EXIT_USAGE, suggestion });
}

/** Prints an error for a person (stderr) or a machine (--json, stdout) and sets the run's exit code. */
export function printError(io: CliIo, error: unknown, json: boolean): void {
  const cliError = error instanceof HarnessError ? error : new CliError("UNEXPECTED", error instanceof Error ? error.message : String(error), { cause: error });
  // The message often quotes the gateway's or the sandbox's words: printed like any result, escaped.
  if (json) writeJson(io.stdout, cliError.toJSON());
  else writeLines(io.stderr, [`error: ${cliError.message}`, ...(cliError.suggestion ? [`hint: ${cliError.suggestion}`] : [])]);
  io.exitCode = cliError.exitCode;
}

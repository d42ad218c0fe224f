/**
 * The CLI's one error type and one printer. Exit codes: 0 ok, 1 a business or network failure,
 * 2 bad usage.
 */
import { writeJson, writeLines } from "./terminal-text";

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

export class CliError extends Error {
  readonly code: string;
  readonly exitCode: number;
  readonly suggestion?: string;

  constructor(code: string, message: string, options: { exitCode?: number; suggestion?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "CliError";
    this.code = code;
    this.exitCode = options.exitCode ?? EXIT_FAILURE;
    this.suggestion = options.suggestion;
  }

  toJSON() {
    return { error: { code: this.code, message: this.message, suggestion: this.suggestion } };
  }
}

export function usageError(message: string, suggestion?: string): CliError {
  return new CliError("USAGE", message, { exitCode: EXIT_USAGE, suggestion });
}

/** Prints an error for a person (stderr) or a machine (--json, stdout) and sets the exit code. */
export function printError(error: unknown, json: boolean): void {
  const cliError = error instanceof CliError ? error : new CliError("UNEXPECTED", error instanceof Error ? error.message : String(error), { cause: error });
  // The message often quotes the gateway's or the sandbox's words: printed like any result, escaped.
  if (json) writeJson(process.stdout, cliError.toJSON());
  else writeLines(process.stderr, [`error: ${cliError.message}`, ...(cliError.suggestion ? [`hint: ${cliError.suggestion}`] : [])]);
  process.exitCode = cliError.exitCode;
}

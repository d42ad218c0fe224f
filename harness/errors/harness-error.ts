/**
 * The harness's one error type: a code, a message, what to do about it, and the exit code a command
 * line gives it (1 a failure, 2 bad input: a file that is not a recording, a rules file that is not
 * one). The CLI's own error (cli/errors.ts) is one of these, so its one printer prints both.
 */

export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

export class HarnessError extends Error {
  readonly code: string;
  readonly exitCode: number;
  readonly suggestion?: string;

  constructor(code: string, message: string, options: { exitCode?: number; suggestion?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "HarnessError";
    this.code = code;
    this.exitCode = options.exitCode ?? EXIT_FAILURE;
    this.suggestion = options.suggestion;
  }

  toJSON() {
    return { error: { code: this.code, message: this.message, suggestion: this.suggestion } };
  }
}

/** Bad input, named: exit 2. */
export function usageError(message: string, suggestion?: string): HarnessError {
  return new HarnessError("USAGE", message, { exitCode: EXIT_USAGE, suggestion });
}

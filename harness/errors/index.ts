/**
 * harness/errors: the harness's one error type, apart from every mode so that the CLI's error module
 * (cli/errors.ts), which its start loads before any command, reaches it without the rest.
 */
export { EXIT_FAILURE, EXIT_USAGE, HarnessError, usageError } from "./harness-error";

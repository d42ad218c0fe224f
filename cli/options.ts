/**
 * What the commands share to read their options and print their result: zod schemas whose failures
 * are usage errors (exit 2), and the one printer of a result (cli/terminal-text.ts says why it takes
 * lines).
 */
import type { z } from "zod";
import { usageError } from "./errors";
import type { CliIo } from "./io";
import { writeJson, writeLines } from "./terminal-text";

export function parseOptions<T>(schema: z.ZodType<T>, raw: unknown, command: string): T {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  // The option as typed: controlToken is --control-token.
  const where = issue?.path.length ? `--${String(issue.path[0]).replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}` : "options";
  throw usageError(`${where}: ${issue?.message ?? "invalid"}`, `see: mcoin ${command} --help`);
}

/**
 * Writes a result for a person, or as one JSON document with --json. `human` gives the lines to
 * print; whatever is inside a line, a line break included, is shown escaped.
 */
export function output(io: CliIo, json: boolean, value: unknown, human: () => readonly string[]): void {
  if (json) writeJson(io.stdout, value, 2);
  else writeLines(io.stdout, human());
}

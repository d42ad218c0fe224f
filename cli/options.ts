/** Option parsing shared by the commands: zod schemas whose failures are usage errors (exit 2). */
import type { z } from "zod";
import { usageError } from "./errors";

export function parseOptions<T>(schema: z.ZodType<T>, raw: unknown, command: string): T {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  // The option as typed: controlToken is --control-token.
  const where = issue?.path.length ? `--${String(issue.path[0]).replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}` : "options";
  throw usageError(`${where}: ${issue?.message ?? "invalid"}`, `see: mcoin ${command} --help`);
}

/** Writes a result for a person, or as one JSON document with --json. */
export function output(json: boolean, value: unknown, human: () => string): void {
  process.stdout.write(json ? `${JSON.stringify(value, null, 2)}\n` : `${human()}\n`);
}

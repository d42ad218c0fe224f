/**
 * The public modules' edge (lib/gateway.ts): each function's arguments checked with zod before the
 * core sees them, so a wrong call fails saying what was expected and how to call it, instead of a
 * TypeError from deep inside (`Cannot read properties of undefined (reading 'replace')`).
 */
import { z } from "zod";

/** A function where one is expected (zod 4's `z.function()` is no schema of its own). */
export const FunctionArg = z.custom<(...args: never[]) => unknown>((value) => typeof value === "function", { message: "expected a function" });

/** A wrong call of a public function: what was expected, where, and a call that works. */
export class UsageError extends TypeError {
  readonly code = "USAGE";
  readonly usage: string;

  constructor(message: string, usage: string) {
    super(`${message}\n  call it as: ${usage}`);
    this.name = "UsageError";
    this.usage = usage;
  }
}

/**
 * Checks `args` (the call's arguments, as a tuple) against `schema` and returns them unchanged;
 * throws a UsageError naming each argument that does not match, with `usage` as a call that works.
 */
export function checkedArguments<A extends readonly unknown[]>(name: string, parameters: readonly string[], schema: z.ZodType, args: A, usage: string): A {
  // A missing argument is checked as `undefined`, so it is named like any other that does not match.
  const padded = args.length < parameters.length ? [...args, ...new Array<undefined>(parameters.length - args.length).fill(undefined)] : args;
  const checked = schema.safeParse(padded);
  if (checked.success) return args;
  const problems = checked.error.issues.map((issue) => {
    const [index, ...path] = issue.path;
    const parameter = typeof index === "number" ? (parameters[index] ?? `argument ${index + 1}`) : "arguments";
    const where = [parameter, ...path.map(String)].join(".");
    return `${where}: ${issue.message}`;
  });
  throw new UsageError(`${name}(${parameters.join(", ")}): ${problems.join("; ")}`, usage);
}

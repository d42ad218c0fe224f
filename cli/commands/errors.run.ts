/** What `mcoin sandbox errors` runs (its definition, cli/commands/errors.ts, loads this only when it runs). */
import { z } from "zod";
import * as controls from "#core/controls/declarations";
import { control } from "../sandbox-control";
import { output, parseOptions } from "../options";
import { macauTime } from "../member";

const Options = z.object({
  baseUrl: z.string().url().optional(),
  controlToken: z.string().min(1).optional(),
  clear: z.boolean().default(false),
  json: z.boolean().default(false),
});

export async function runErrors(raw: unknown): Promise<void> {
  const options = parseOptions(Options, raw, "sandbox errors");
  const { errors } = await control(options, controls.errors);
  if (options.clear) await control(options, controls.clearErrors);
  output(options.json, { errors }, () =>
    errors.length === 0
      ? ["no error reports"]
      : errors.flatMap((error) => [`${macauTime(error.at)}  ${error.kind.padEnd(19)} ${error.path}${error.screen ? ` (${error.screen})` : ""}`, `  ${error.message}`]),
  );
}

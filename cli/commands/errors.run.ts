/** What `mcoin sandbox errors` runs (its definition, cli/commands/errors.ts, loads this only when it runs). */
import { z } from "zod";
import { CONTROL_TOKEN_HEADER } from "../../sandbox/access";
import type { CollectedError } from "#core/errors/report";
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

export async function runErrors(raw: unknown): Promise<void> {
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
      ? ["no error reports"]
      : errors.flatMap((error) => [`${macauTime(error.at)}  ${error.kind.padEnd(19)} ${error.path}${error.screen ? ` (${error.screen})` : ""}`, `  ${error.message}`]),
  );
}

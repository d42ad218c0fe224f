/**
 * How the `mcoin sandbox` subcommands about one member run (cli/member.ts describes their options):
 * the options parsed, the member signed in, the app's client for them, and any failed call as the
 * CLI's error. It loads zod and the app's client, so a command imports it when it runs.
 */
import { z } from "zod";
import type { ApiClient } from "#core/api/client";
import { EnvSchema, apiClient, apiTarget, callFailure, memberToken } from "./context";
import { usageError } from "./errors";
import type { CliIo } from "./io";
import { parseOptions } from "./options";

export const MemberOptionsSchema = z.object({
  login: z.string().min(1).optional(),
  token: z.string().min(1).optional(),
  lang: z.enum(["zh", "en"]).default("en"),
  env: EnvSchema,
  baseUrl: z.string().url().optional(),
  json: z.boolean().default(false),
});
export type MemberOptions = z.infer<typeof MemberOptionsSchema>;

/**
 * Parses `mcoin sandbox NAME`'s options by `schema`, signs in as the member they name, and runs
 * `run` with the app's client signed in as them; any failed call becomes the CLI's error.
 */
export async function runAsMember<T extends MemberOptions>(io: CliIo, name: string, schema: z.ZodType<T>, raw: unknown, run: (options: T, client: ApiClient) => Promise<void>): Promise<void> {
  const path = `sandbox ${name}`;
  const options = parseOptions(schema, raw, path);
  if (!options.login && !options.token) throw usageError("say whose: --login OPENID (or --token TOKEN)", `e.g. mcoin ${path} --login mpay-1001`);
  try {
    const token = await memberToken(io, options.env, options);
    await run(options, apiClient(io, options.env, { token, lang: options.lang, baseUrl: options.baseUrl }));
  } catch (error) {
    throw callFailure(error, apiTarget(io, options.env, options.baseUrl));
  }
}

/**
 * `mcoin api METHOD PATH`: the mCoin API exactly as the app calls it (bearer token, mpay: 1,
 * Accept-Language, the same error mapping). A path the registry declares is checked against its
 * declaration both ways; any other path is sent as given.
 */
import { Command } from "commander";
import { baseUrlOption, envOption } from "../flags";
import { usageError } from "../errors";
import { output, parseOptions } from "../options";
import { jsonLines, writeLines } from "../terminal-text";

export function apiCommand(): Command {
  return new Command("api")
    .description("call the mCoin API as the app does and print the reply's data")
    .argument("<method>", "GET, POST, PUT or DELETE")
    .argument("<path>", "e.g. /api/auth/basicinformation")
    .option("--data <json>", "the body (POST, PUT) or the query (GET, DELETE), as JSON")
    .option("--token <token>", "the member's session token")
    .option("--login <openId>", "sign in as this member first (POST /member/login; the sandbox's demo members)")
    .option("--lang <lang>", "Accept-Language: zh or en", "zh")
    .addOption(envOption())
    .addOption(baseUrlOption())
    .option("--json", "print JSON")
    .addHelpText(
      "after",
      `
Examples:
  $ npx mcoin api GET /api/system/time
  $ npx mcoin api GET /api/auth/basicinformation --login mpay-1001
  $ npx mcoin api POST /api/auth/setClause --data '{"clauseid":7,"status":1}' --token sbx_...`,
    )
    .action(api);
}

async function api(rawMethod: string, path: string, raw: unknown): Promise<void> {
  // zod, the registry and the app's client load here, when it runs, not for --help.
  const { z } = await import("zod");
  const { defineEndpoint } = await import("#core/api/define");
  const { endpointFor } = await import("#core/api/registry");
  const { EnvSchema, apiClient, callFailure, memberToken, parseJsonOption } = await import("../context");

  const options = parseOptions(
    z.object({
      data: z.string().optional(),
      token: z.string().optional(),
      login: z.string().optional(),
      lang: z.enum(["zh", "en"]).default("zh"),
      env: EnvSchema,
      baseUrl: z.string().url().optional(),
      json: z.boolean().default(false),
    }),
    raw,
    "api",
  );
  const method = z.enum(["GET", "POST", "PUT", "DELETE"]).safeParse(rawMethod.toUpperCase());
  if (!method.success) throw usageError(`METHOD must be GET, POST, PUT or DELETE, not ${rawMethod}`);
  if (!path.startsWith("/")) throw usageError("PATH must start with /", "e.g. mcoin api GET /api/system/time");
  const input = parseJsonOption(options.data, "--data") ?? {};
  try {
    const token = await memberToken(options.env, options);
    // The registry's declaration checks the input before anything is sent; a path it does not know
    // (a newer gateway's) goes as it is, and says so.
    const declared = endpointFor(method.data, path);
    if (!declared) writeLines(process.stderr, [`note: ${method.data} ${path} is not in the registry (core/api/registry.ts): sent without checking its input or reply`]);
    const endpoint = declared ?? defineEndpoint({ name: `${method.data} ${path}`, method: method.data, path, auth: false, request: z.unknown(), data: z.unknown() });
    const reply = await apiClient(options.env, { token, lang: options.lang, baseUrl: options.baseUrl }).call(endpoint, input as never);
    output(options.json, { message: reply.message, data: reply.data, ...(options.login ? { token } : {}) }, () => [...(options.login ? [`token: ${token}`] : []), ...jsonLines(reply.data)]);
  } catch (error) {
    throw callFailure(error);
  }
}

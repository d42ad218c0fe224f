/**
 * `mcoin api METHOD PATH`: the mCoin API exactly as the app calls it (bearer token, mpay: 1,
 * Accept-Language, the same error mapping). A path the app declares is checked against its
 * declaration both ways; any other path is sent as given.
 */
import { Command } from "commander";
import { z } from "zod";
import { defineEndpoint, type HttpMethod } from "../../app/lib/api/define";
import { ENDPOINTS } from "../../app/lib/api/endpoints";
import { EnvSchema, apiClient, baseUrlOption, callFailure, envOption, memberToken, parseJsonOption } from "../context";
import { usageError } from "../errors";
import { output, parseOptions } from "../options";

const ApiOptions = z.object({
  data: z.string().optional(),
  token: z.string().optional(),
  login: z.string().optional(),
  lang: z.enum(["zh", "en"]).default("zh"),
  env: EnvSchema,
  baseUrl: z.string().url().optional(),
  json: z.boolean().default(false),
});

const Method = z.enum(["GET", "POST", "PUT", "DELETE"]);

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
    .addHelpText("after", `
Examples:
  $ npx mcoin api GET /api/system/time
  $ npx mcoin api GET /api/auth/basicinformation --login mpay-1001
  $ npx mcoin api POST /api/auth/setClause --data '{"clauseid":7,"status":1}' --token sbx_...`)
    .action(async (rawMethod: string, path: string, raw) => {
      const options = parseOptions(ApiOptions, raw, "api");
      const method = Method.safeParse(rawMethod.toUpperCase());
      if (!method.success) throw usageError(`METHOD must be GET, POST, PUT or DELETE, not ${rawMethod}`);
      if (!path.startsWith("/")) throw usageError("PATH must start with /", "e.g. mcoin api GET /api/system/time");
      const input = parseJsonOption(options.data, "--data") ?? {};
      try {
        const token = await memberToken(options.env, options);
        const declared = Object.values(ENDPOINTS).find((endpoint) => endpoint.method === method.data && endpoint.path === path);
        const endpoint = declared ?? defineEndpoint({ name: `${method.data} ${path}`, method: method.data as HttpMethod, path, auth: false, request: z.unknown(), data: z.unknown() });
        const reply = await apiClient(options.env, { token, lang: options.lang, baseUrl: options.baseUrl }).call(endpoint, input as never);
        output(options.json, { message: reply.message, data: reply.data, ...(options.login ? { token } : {}) }, () =>
          [options.login ? `token: ${token}` : "", JSON.stringify(reply.data, null, 2)].filter(Boolean).join("\n"),
        );
      } catch (error) {
        throw callFailure(error);
      }
    });
}

/** What `mcoin api` runs (its definition, cli/commands/api.ts, loads this only when it runs). */
import { z } from "zod";
import { defineEndpoint, type HttpMethod } from "#core/api/define";
import { endpointFor } from "#core/api/registry";
import { EnvSchema, apiClient, callFailure, memberToken, parseJsonOption } from "../context";
import { usageError } from "../errors";
import { output, parseOptions } from "../options";
import { jsonLines, writeLines } from "../terminal-text";

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

export async function runApi(rawMethod: string, path: string, raw: unknown): Promise<void> {
  const options = parseOptions(ApiOptions, raw, "api");
  const method = Method.safeParse(rawMethod.toUpperCase());
  if (!method.success) throw usageError(`METHOD must be GET, POST, PUT or DELETE, not ${rawMethod}`);
  if (!path.startsWith("/")) throw usageError("PATH must start with /", "e.g. mcoin api GET /api/system/time");
  const input = parseJsonOption(options.data, "--data") ?? {};
  try {
    const token = await memberToken(options.env, options);
    // The registry's declaration checks the input before anything is sent; a path it does not know
    // (a newer gateway's) goes as it is, and says so.
    const declared = endpointFor(method.data, path);
    if (!declared) writeLines(process.stderr, [`note: ${method.data} ${path} is not in the registry (core/api/registry.ts): sent without checking its input or reply`]);
    const endpoint = declared ?? defineEndpoint({ name: `${method.data} ${path}`, method: method.data as HttpMethod, path, auth: false, request: z.unknown(), data: z.unknown() });
    const reply = await apiClient(options.env, { token, lang: options.lang, baseUrl: options.baseUrl }).call(endpoint, input as never);
    output(options.json, { message: reply.message, data: reply.data, ...(options.login ? { token } : {}) }, () =>
      [...(options.login ? [`token: ${token}`] : []), ...jsonLines(reply.data)],
    );
  } catch (error) {
    throw callFailure(error);
  }
}

/** `mcoin gateway call FUNCTION`: a real call through the app's own secure gateway client, the reply decrypted. */
import { Command, Option } from "commander";
import { baseUrlOption, envOption } from "../../flags";
import { output, parseOptions } from "../../options";
import { jsonLines } from "../../terminal-text";

export function callCommand(): Command {
  return new Command("call")
    .description("call a function of the secure gateway and print the decrypted reply")
    .argument("<function>", "getTaskDetail, scanTypeTaskNotify, or a /path")
    .option("--data <json>", "the request body (JSON)", "{}")
    .addOption(envOption())
    .option("--token <token>", "the Token header")
    .addOption(baseUrlOption())
    .option("--sign-secret <secret>", "sign with this secret instead of the environment's")
    .addOption(new Option("--timeout <ms>", "give up after this long (default 30000)"))
    .option("-v, --verbose", "log the exchange in plain text on stderr")
    .option("--json", "print JSON")
    .addHelpText(
      "after",
      `
Example:
  $ npx mcoin gateway call getTaskDetail --data '{"task_no":"T1","cust_id_ciphertext":"C1"}' --env sandbox`,
    )
    .action(call);
}

async function call(name: string, raw: unknown): Promise<void> {
  // zod and the gateway client load here, when it runs, not for --help.
  const { z } = await import("zod");
  const { EnvSchema, callFailure, functionUrl, gatewayClient, gatewaySettingsFor, parseJsonOption } = await import("../../context");

  const options = parseOptions(
    z.object({
      data: z.string().default("{}"),
      env: EnvSchema,
      token: z.string().optional(),
      baseUrl: z.string().url().optional(),
      signSecret: z.string().optional(),
      timeout: z.coerce.number().int().min(1).max(300_000).optional(),
      verbose: z.boolean().default(false),
      json: z.boolean().default(false),
    }),
    raw,
    "gateway call",
  );
  const body = parseJsonOption(options.data, "--data") as Record<string, unknown>;
  const url = functionUrl(name);
  // The task center's fixed fields, unless given.
  const data = url.includes("/bservice/discount/gateway/") ? { system_name: "taskCenter", data_source: "H5", ...body } : body;
  const client = gatewayClient(gatewaySettingsFor(options.env, { baseUrl: options.baseUrl, signSecret: options.signSecret, timeoutMs: options.timeout }), options.verbose);
  let reply: unknown;
  try {
    reply = await client.call(url, data, { token: options.token ?? (typeof data.cust_id_ciphertext === "string" ? data.cust_id_ciphertext : undefined) });
  } catch (error) {
    throw callFailure(error);
  }
  output(options.json, reply, () => jsonLines(reply));
}

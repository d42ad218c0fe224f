/** `mcoin gateway encrypt`: seals a body as the secure gateway expects, with the app's envelope code. */
import { Command } from "commander";
import { usageError } from "../../errors";
import { baseUrlOption, envOption } from "../../flags";
import type { CliIo } from "../../io";
import { output, parseOptions } from "../../options";

export function encryptCommand(io: CliIo): Command {
  return new Command("encrypt")
    .description("seal a JSON body as the gateway expects: print the headers, the encrypted body, and the key and IV used")
    .requiredOption("--body <json>", "the request body (JSON)")
    .addOption(envOption())
    .addOption(baseUrlOption())
    .option("--function <name>", "the function called (getTaskDetail, scanTypeTaskNotify or a /path)", "getTaskDetail")
    .option("--token <token>", "the Token header")
    .option("--key <key>", "use this 16-character AES key instead of a random one")
    .option("--iv <iv>", "use this 16-character IV instead of a random one")
    .option("--nonce <nonce>", "use this 10-character nonce instead of a random one")
    .option("--time <iso>", "the moment for Request-Time (default now)")
    .option("--json", "print one JSON document (save it to decrypt or verify later)")
    .addHelpText(
      "after",
      `
Examples:
  $ npx mcoin gateway encrypt --body '{"task_no":"T1","cust_id_ciphertext":"C1"}'
  $ npx mcoin gateway encrypt --body '{"task_no":"T1"}' --json > request.json
  $ npx mcoin gateway decrypt request.json --private-key fixtures/keys/sandbox-gateway-private.pem`,
    )
    .action((raw: unknown) => encrypt(io, raw));
}

async function encrypt(io: CliIo, raw: unknown): Promise<void> {
  // zod and the envelope code load here, when it runs, not for --help.
  const { z } = await import("zod");
  const { sealRequest } = await import("#core/node/gateway/envelope");
  const { EnvSchema, functionUrl, gatewaySettingsFor, parseJsonOption } = await import("../../context");
  const { maskedHeaders } = await import("../../wire");

  const options = parseOptions(
    z.object({
      body: z.string(),
      env: EnvSchema,
      baseUrl: z.string().url().optional(),
      function: z.string().default("getTaskDetail"),
      token: z.string().optional(),
      key: z.string().length(16, "must be 16 characters").optional(),
      iv: z.string().length(16, "must be 16 characters").optional(),
      nonce: z.string().length(10, "must be 10 characters").optional(),
      time: z.string().optional(),
      json: z.boolean().default(false),
    }),
    raw,
    "gateway encrypt",
  );
  const body = parseJsonOption(options.body, "--body");
  const now = options.time ? Date.parse(options.time) : io.clock.now();
  if (!Number.isFinite(now)) throw usageError("--time is not a date", "e.g. --time 2026-11-21T10:00:00+08:00");
  const settings = gatewaySettingsFor(io, options.env, { baseUrl: options.baseUrl });
  const url = functionUrl(options.function);
  const sealed = sealRequest(settings, { functionUrl: url, body, token: options.token, now, key: options.key, iv: options.iv, nonce: options.nonce });
  const result = { url: `${settings.baseUrl}${url}`, headers: sealed.headers, body: sealed.body, key: sealed.key, iv: sealed.iv, nonce: sealed.nonce, requestTime: sealed.requestTime };
  output(io, options.json, result, () => [
    `POST ${result.url}`,
    // The Token is the member's live ciphertext: masked on a screen, whole in --json.
    ...Object.entries(maskedHeaders(sealed.headers)).map(([name, value]) => `${name}: ${value}`),
    "",
    sealed.body,
    "",
    `key: ${sealed.key}`,
    `iv:  ${sealed.iv}`,
  ]);
}

/** `mcoin gateway call FUNCTION`: a real call through the app's own secure gateway client, the reply decrypted. */
import { Command, Option } from "commander";
import { usageError } from "../../errors";
import { baseUrlOption, envOption, withWireOptions } from "../../flags";
import type { CliIo } from "../../io";
import { output, parseOptions } from "../../options";
import { jsonLines, writeLines } from "../../terminal-text";

export function callCommand(io: CliIo): Command {
  return withWireOptions(new Command("call"))
    .description("call a function of the secure gateway and print the decrypted reply")
    .argument("<function>", "getTaskDetail, scanTypeTaskNotify, or a /path")
    .option("--data <json>", "the request body (JSON)", "{}")
    .addOption(envOption())
    .option("--token <token>", "the Token header")
    .addOption(baseUrlOption())
    .option("--sign-secret <secret>", "sign with this secret instead of the environment's")
    .addOption(new Option("--timeout <ms>", "give up after this long, in milliseconds (default 30 s)"))
    .option("-v, --verbose", "log the exchange in plain text on stderr")
    .option("--json", "print JSON")
    .addHelpText(
      "after",
      `
Examples:
  $ npx mcoin gateway call getTaskDetail --data '{"task_no":"T1","cust_id_ciphertext":"C1"}' --env sandbox
  $ npx mcoin gateway call getTaskDetail --data '{"task_no":"T1","cust_id_ciphertext":"C1"}' --wire
  $ npx mcoin gateway call scanTypeTaskNotify --data '{"task_no":"T1","cust_id_ciphertext":"C1","check_value":15}' --idempotency-key notify-T1-0001

--wire prints the sealed request (its headers: Encrypt, Nonce, Request-Time, Signature; the Token
masked) and the ciphertext, then the reply's status, Signature and ciphertext. The secure gateway
takes no Idempotency-Key of its own (the mall sends none): it goes only with --idempotency-key or -H.`,
    )
    .action((name: string, raw: unknown) => call(io, name, raw));
}

async function call(io: CliIo, name: string, raw: unknown): Promise<void> {
  // zod and the gateway client load here, when it runs, not for --help.
  const { z } = await import("zod");
  const { IDEMPOTENCY_HEADER, IdempotencyKeySchema } = await import("#core/api/shop-endpoints");
  const { EnvSchema, callFailure, functionUrl, gatewayClient, gatewaySettingsFor, gatewayTarget, parseJsonOption, transportOf } = await import("../../context");
  const { headerIn, wireLines, wireTransport } = await import("../../wire");

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
      header: z.array(z.tuple([z.string(), z.string()])).default([]),
      idempotencyKey: IdempotencyKeySchema.optional(),
      wire: z.boolean().default(false),
    }),
    raw,
    "gateway call",
  );
  const keyHeader = headerIn(options.header, IDEMPOTENCY_HEADER);
  if (options.idempotencyKey !== undefined && keyHeader !== undefined && options.idempotencyKey !== keyHeader) throw usageError("--idempotency-key and -H Idempotency-Key differ: give the key once");
  const body = parseJsonOption(options.data, "--data") as Record<string, unknown>;
  const url = functionUrl(name);
  // The task center's fixed fields, unless given.
  const data = url.includes("/bservice/discount/gateway/") ? { system_name: "taskCenter", data_source: "H5", ...body } : body;
  const settings = gatewaySettingsFor(io, options.env, { baseUrl: options.baseUrl, signSecret: options.signSecret, timeoutMs: options.timeout });
  // Headers given with -H go over the sealed request's own (a wrong Signature, to see the refusal).
  const wire = wireTransport(transportOf(io), [...options.header, ...(options.idempotencyKey && keyHeader === undefined ? [[IDEMPOTENCY_HEADER, options.idempotencyKey] as [string, string]] : [])]);
  const token = options.token ?? (typeof data.cust_id_ciphertext === "string" ? data.cust_id_ciphertext : undefined);
  const client = gatewayClient(io, settings, options.verbose, wire.transport, token ? [token] : []);
  const printWire = () => {
    const exchange = wire.last();
    if (options.wire && exchange) writeLines(io.stderr, wireLines(exchange, { replyBody: true }));
  };
  let reply: unknown;
  try {
    reply = await client.call(url, data, { token });
  } catch (error) {
    printWire();
    throw callFailure(error, gatewayTarget(options.env, settings, options.baseUrl));
  }
  printWire();
  output(io, options.json, reply, () => jsonLines(reply));
}

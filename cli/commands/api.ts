/**
 * `mcoin api METHOD PATH`: the mCoin API exactly as the app calls it (bearer token, mpay: 1,
 * Accept-Language, an Idempotency-Key on a state change, the same error mapping). A path the registry
 * declares is checked against its declaration both ways; any other path is sent as given.
 */
import { Command } from "commander";
import { baseUrlOption, envOption, withWireOptions } from "../flags";
import { usageError } from "../errors";
import type { CliIo } from "../io";
import { output, parseOptions } from "../options";
import { jsonLines, writeLines } from "../terminal-text";

export function apiCommand(io: CliIo): Command {
  return withWireOptions(new Command("api"))
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
  $ npx mcoin api POST /api/auth/setClause --data '{"clauseid":7,"status":1}' --token sbx_...
  $ npx mcoin api POST /api/mini/userAddress/update --data '{"id":1,"action":"DEFAULT"}' --login mpay-1001 --wire
  $ npx mcoin api POST /api/mini/userAddress/update --data '{"id":1,"action":"DEFAULT"}' --login mpay-1001 --idempotency-key 5f0c...

A state change the registry marks idempotent (and any POST, PUT or DELETE it does not declare) is
sent with a fresh Idempotency-Key, printed on stderr: send it again with --idempotency-key to retry
the call safely. The human output masks the session token; --json prints it whole.`,
    )
    .action((rawMethod: string, path: string, raw: unknown) => api(io, rawMethod, path, raw));
}

async function api(io: CliIo, rawMethod: string, path: string, raw: unknown): Promise<void> {
  // zod, the registry and the app's client load here, when it runs, not for --help.
  const { z } = await import("zod");
  const { defineEndpoint } = await import("#core/api/define");
  const { endpointFor } = await import("#core/api/registry");
  const { IDEMPOTENCY_HEADER, IdempotencyKeySchema } = await import("#core/api/shop-endpoints");
  const { EnvSchema, apiClient, apiTarget, callFailure, memberToken, parseJsonOption, transportOf } = await import("../context");
  const { headerIn, maskSecret, newIdempotencyKey, wireLines, wireTransport } = await import("../wire");

  const options = parseOptions(
    z.object({
      data: z.string().optional(),
      token: z.string().optional(),
      login: z.string().optional(),
      lang: z.enum(["zh", "en"]).default("zh"),
      env: EnvSchema,
      baseUrl: z.string().url().optional(),
      json: z.boolean().default(false),
      header: z.array(z.tuple([z.string(), z.string()])).default([]),
      idempotencyKey: IdempotencyKeySchema.optional(),
      wire: z.boolean().default(false),
    }),
    raw,
    "api",
  );
  const method = z.enum(["GET", "POST", "PUT", "DELETE"]).safeParse(rawMethod.toUpperCase());
  if (!method.success) throw usageError(`METHOD must be GET, POST, PUT or DELETE, not ${rawMethod}`);
  if (!path.startsWith("/")) throw usageError("PATH must start with /", "e.g. mcoin api GET /api/system/time");
  const input = parseJsonOption(options.data, "--data") ?? {};
  const declared = endpointFor(method.data, path);
  const chosenKey = chooseKey(options.idempotencyKey, headerIn(options.header, IDEMPOTENCY_HEADER));
  const malformed = chosenKey === undefined ? undefined : IdempotencyKeySchema.safeParse(chosenKey).error;
  if (malformed) throw usageError(`-H Idempotency-Key ${chosenKey}: ${malformed.issues[0]?.message}`);
  if (chosenKey !== undefined && method.data === "GET") throw usageError("an Idempotency-Key is for a state change (POST, PUT, DELETE), not a GET");
  // The app keys the state changes the registry marks idempotent (docs/architecture.md, "Idempotency");
  // a path the registry does not know may be one, and a key costs nothing on any other call.
  const needsKey = method.data !== "GET" && (declared ? declared.idempotent === true : true);
  const key = chosenKey ?? (needsKey ? newIdempotencyKey() : undefined);
  const wire = wireTransport(transportOf(io), [
    ...options.header.filter(([name]) => name.toLowerCase() !== IDEMPOTENCY_HEADER.toLowerCase()),
    ...(key ? [[IDEMPOTENCY_HEADER, key] as [string, string]] : []),
  ]);
  // The key before the call: when its outcome is unknown (a timeout), the same key repeats it safely.
  if (key && chosenKey === undefined) writeLines(io.stderr, [`${IDEMPOTENCY_HEADER}: ${key} (to retry this call safely: --idempotency-key ${key})`]);
  let token: string | undefined;
  try {
    token = await memberToken(io, options.env, options);
    // The registry's declaration checks the input before anything is sent; a path it does not know
    // (a newer gateway's) goes as it is, and says so.
    if (!declared) writeLines(io.stderr, [`note: ${method.data} ${path} is not in the registry (core/api/registry.ts): sent without checking its input or reply`]);
    const endpoint = declared ?? defineEndpoint({ name: `${method.data} ${path}`, method: method.data, read: false, path, auth: false, request: z.unknown(), data: z.unknown() });
    const reply = await apiClient(io, options.env, { token, lang: options.lang, baseUrl: options.baseUrl, transport: wire.transport }).call(endpoint, input as never);
    if (options.wire) printWire(io, wire.last(), wireLines);
    // A live token only in --json, which a script reads; a person's screen shows it masked.
    output(io, options.json, { message: reply.message, data: reply.data, ...(key ? { idempotencyKey: key } : {}), ...(options.login ? { token } : {}) }, () => [
      ...(options.login && token ? [`token: ${maskSecret(token)} (--json prints it whole)`] : []),
      ...jsonLines(reply.data),
    ]);
  } catch (error) {
    if (options.wire) printWire(io, wire.last(), wireLines);
    throw callFailure(error, apiTarget(io, options.env, options.baseUrl));
  }
}

/** The key chosen by --idempotency-key or -H Idempotency-Key, which must agree when both are given. */
function chooseKey(option: string | undefined, header: string | undefined): string | undefined {
  if (option !== undefined && header !== undefined && option !== header) throw usageError("--idempotency-key and -H Idempotency-Key differ: give the key once");
  return option ?? header;
}

function printWire(io: CliIo, exchange: import("../wire").WireExchange | undefined, lines: typeof import("../wire").wireLines): void {
  if (exchange) writeLines(io.stderr, lines(exchange, { replyBody: false }));
}

/** What `mcoin gateway`'s subcommands run (their definitions, cli/commands/gateway.ts, load this only when they run). */
import { readFileSync } from "node:fs";
import { z } from "zod";
import { HEADER, headerValue, openReply, sealRequest, signatureOf, verifySignature } from "#core/node/gateway/envelope";
import { aesDecrypt, formatRequestTime } from "#core/node/gateway/primitives";
import { recoverKeyAndIv } from "#core/node/gateway/private-key";
import { readCaptures } from "../captures";
import { EnvSchema, callFailure, functionUrl, gatewayClient, gatewaySettingsFor, parseJsonOption } from "../context";
import { CliError, usageError } from "../errors";
import { output, parseOptions } from "../options";
import { jsonLines } from "../terminal-text";

const Json = z.boolean().default(false);
/** The AES key and IV are 16 characters; the nonce 10. */
const SixteenChars = z.string().length(16, "must be 16 characters");
const TenChars = z.string().length(10, "must be 10 characters");

function readPrivateKey(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    throw usageError(`cannot read the private key ${file}`);
  }
}

// --- encrypt ----------------------------------------------------------------------------------

const EncryptOptions = z.object({
  body: z.string(),
  env: EnvSchema,
  function: z.string().default("getTaskDetail"),
  token: z.string().optional(),
  key: SixteenChars.optional(),
  iv: SixteenChars.optional(),
  nonce: TenChars.optional(),
  time: z.string().optional(),
  json: Json,
});

export function runEncrypt(raw: unknown): void {
  const options = parseOptions(EncryptOptions, raw, "gateway encrypt");
  const body = parseJsonOption(options.body, "--body");
  const now = options.time ? Date.parse(options.time) : Date.now();
  if (!Number.isFinite(now)) throw usageError("--time is not a date", "e.g. --time 2026-11-21T10:00:00+08:00");
  const settings = gatewaySettingsFor(options.env);
  const url = functionUrl(options.function);
  const sealed = sealRequest(settings, { functionUrl: url, body, token: options.token, now, key: options.key, iv: options.iv, nonce: options.nonce });
  const result = { url: `${settings.baseUrl}${url}`, headers: sealed.headers, body: sealed.body, key: sealed.key, iv: sealed.iv, nonce: sealed.nonce, requestTime: sealed.requestTime };
  output(options.json, result, () =>
    [
      `POST ${result.url}`,
      ...Object.entries(sealed.headers).map(([name, value]) => `${name}: ${value}`),
      "",
      sealed.body,
      "",
      `key: ${sealed.key}`,
      `iv:  ${sealed.iv}`,
    ],
  );
}



// --- sign ------------------------------------------------------------------------------------

const SignOptions = z.object({
  body: z.string().min(1),
  time: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, "must be YYYY-MM-DD HH:mm:ss").optional(),
  nonce: TenChars,
  env: EnvSchema,
  secret: z.string().optional(),
  md5Key: z.string().optional(),
  json: Json,
});

export function runSign(raw: unknown): void {
  const options = parseOptions(SignOptions, raw, "gateway sign");
  const settings = gatewaySettingsFor(options.env, { signSecret: options.secret, md5Key: options.md5Key });
  const requestTime = options.time ?? formatRequestTime(Date.now());
  const signature = signatureOf({ secret: settings.signature.secret, requestTime, nonce: options.nonce, body: options.body, md5Key: settings.signature.md5Key });
  const header = JSON.stringify({ algorithm: "MD5", keyVersion: settings.signature.keyVersion, signature });
  output(options.json, { signature, requestTime, nonce: options.nonce, header }, () => [signature, `Signature: ${header}`]);
}



// --- verify ----------------------------------------------------------------------------------

const VerifyOptions = z.object({ env: EnvSchema, secret: z.string().optional(), md5Key: z.string().optional(), json: Json });

export function runVerify(file: string, raw: unknown): void {
  const options = parseOptions(VerifyOptions, raw, "gateway verify");
  const settings = gatewaySettingsFor(options.env, { signSecret: options.secret, md5Key: options.md5Key });
  const results = readCaptures(file).map((capture) => ({
    url: capture.url ?? headerValue(capture.request.headers, HEADER.function) ?? "",
    ...verifySignature(capture.request.headers, capture.request.body, { secret: settings.signature.secret, md5Key: settings.signature.md5Key }),
  }));
  output(options.json, { results }, () =>
    results.flatMap((result) => (result.ok ? [`✓ signature ok  ${result.url}`] : [`✗ signature mismatch  ${result.url}`, `  expected ${result.expected}`, `  found    ${result.actual ?? "(none)"}`])),
  );
  if (results.some((result) => !result.ok)) process.exitCode = 1;
}



// --- decrypt ---------------------------------------------------------------------------------

const DecryptOptions = z.object({
  body: z.string().optional(),
  key: SixteenChars.optional(),
  iv: SixteenChars.optional(),
  privateKey: z.string().optional(),
  json: Json,
});

export function runDecrypt(file: string | undefined, raw: unknown): void {
  const options = parseOptions(DecryptOptions, raw, "gateway decrypt");
  if (!file) {
    if (!options.body || !options.key || !options.iv) throw usageError("give a capture file, or --body with --key and --iv", "see: mcoin gateway decrypt --help");
    let plain: string;
    try {
      plain = aesDecrypt(options.body, options.key, options.iv);
    } catch {
      throw new CliError("DECRYPT_FAILED", "the body does not decrypt with this key and IV");
    }
    const value = parseMaybeJson(plain);
    output(options.json, { body: value }, () => (typeof value === "string" ? [value] : jsonLines(value)));
    return;
  }
  const privateKey = options.privateKey ? readPrivateKey(options.privateKey) : undefined;
  const results = readCaptures(file).map((capture) => {
    let key = options.key ?? capture.key;
    let iv = options.iv ?? capture.iv;
    if (privateKey) {
      const encrypt = headerValue(capture.request.headers, HEADER.encrypt);
      if (!encrypt) throw new CliError("NO_ENCRYPT_HEADER", `${capture.url ?? "a captured request"} has no Encrypt header`);
      try {
        ({ key, iv } = recoverKeyAndIv(privateKey, (JSON.parse(encrypt) as { symmetricKey: string }).symmetricKey));
      } catch {
        throw new CliError("KEY_UNRECOVERABLE", "the Encrypt header does not open with this private key");
      }
    }
    if (!key || !iv) throw usageError("the capture records no key and IV", "give --private-key, or --key and --iv");
    const request = openReply(capture.request.body, key, iv);
    const response = capture.response ? openReply(capture.response.body, key, iv) : undefined;
    return {
      url: capture.url ?? headerValue(capture.request.headers, HEADER.function) ?? "",
      key,
      iv,
      request: request.value,
      requestDecrypted: request.decrypted,
      ...(response ? { status: capture.response?.status, response: response.value, responseDecrypted: response.decrypted } : {}),
    };
  });
  if (results.some((result) => !result.requestDecrypted)) process.exitCode = 1;
  output(options.json, { results }, () =>
    results.flatMap((result, index) => [
      ...(index > 0 ? [""] : []),
      `${result.url}  (key ${result.key}, iv ${result.iv})`,
      `request${result.requestDecrypted ? "" : " (not decrypted, raw)"}:`,
      ...indented(result.request),
      ...("response" in result ? [`response${result.responseDecrypted ? "" : " (not decrypted, raw)"}${result.status ? ` ${result.status}` : ""}:`, ...indented(result.response)] : []),
    ]),
  );
}


function parseMaybeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A body as indented lines: JSON pretty-printed, a text (undecrypted, so anyone's) as one line. */
function indented(value: unknown): string[] {
  return (typeof value === "string" ? [value] : jsonLines(value)).map((line) => `  ${line}`);
}


// --- call ------------------------------------------------------------------------------------

const CallOptions = z.object({
  data: z.string().default("{}"),
  env: EnvSchema,
  token: z.string().optional(),
  baseUrl: z.string().url().optional(),
  signSecret: z.string().optional(),
  timeout: z.coerce.number().int().min(1).max(300_000).optional(),
  verbose: z.boolean().default(false),
  json: Json,
});

export async function runCall(name: string, raw: unknown): Promise<void> {
  const options = parseOptions(CallOptions, raw, "gateway call");
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

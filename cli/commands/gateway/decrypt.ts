/**
 * `mcoin gateway decrypt`: opens one encrypted body with --key and --iv, or captured requests and
 * replies (cli/captures.ts) with the gateway's private key, which recovers each call's key and IV
 * from its Encrypt header.
 */
import { readFileSync } from "node:fs";
import { Command } from "commander";
import { CliError, usageError } from "../../errors";
import type { CliIo } from "../../io";
import { output, parseOptions } from "../../options";
import { jsonLines } from "../../terminal-text";

export function decryptCommand(io: CliIo): Command {
  return new Command("decrypt")
    .description("open an encrypted body with --key/--iv, or captured requests and replies (HAR or JSON) with --private-key")
    .argument("[file]", "a HAR file, or JSON of headers and body (and optionally the response)")
    .option("--body <ciphertext>", "an encrypted body to open with --key and --iv")
    .option("--key <key>", "the 16-character AES key")
    .option("--iv <iv>", "the 16-character IV")
    .option("--private-key <pem>", "the gateway's private key, to recover key and IV from each Encrypt header")
    .option("--json", "print JSON")
    .addHelpText(
      "after",
      `
Examples:
  $ npx mcoin gateway decrypt --body 'Jw/Q1yca6k...' --key 0123456789abcdef --iv fedcba9876543210
  $ npx mcoin gateway decrypt capture.har --private-key fixtures/keys/sandbox-gateway-private.pem`,
    )
    .action((file: string | undefined, raw: unknown) => decrypt(io, file, raw));
}

async function decrypt(io: CliIo, file: string | undefined, raw: unknown): Promise<void> {
  // zod and the envelope code load here, when it runs, not for --help.
  const { z } = await import("zod");
  const { HEADER, headerValue, openReply } = await import("#core/node/gateway/envelope");
  const { aesDecrypt } = await import("#core/node/gateway/primitives");
  const { recoverKeyAndIv } = await import("#core/node/gateway/private-key");
  const { readCaptures } = await import("../../captures");

  const SixteenChars = z.string().length(16, "must be 16 characters");
  const options = parseOptions(
    z.object({
      body: z.string().optional(),
      key: SixteenChars.optional(),
      iv: SixteenChars.optional(),
      privateKey: z.string().optional(),
      json: z.boolean().default(false),
    }),
    raw,
    "gateway decrypt",
  );
  if (!file) {
    if (!options.body || !options.key || !options.iv) throw usageError("give a capture file, or --body with --key and --iv", "see: mcoin gateway decrypt --help");
    let plain: string;
    try {
      plain = aesDecrypt(options.body, options.key, options.iv);
    } catch {
      throw new CliError("DECRYPT_FAILED", "the body does not decrypt with this key and IV");
    }
    const value = parseMaybeJson(plain);
    output(io, options.json, { body: value }, () => (typeof value === "string" ? [value] : jsonLines(value)));
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
  if (results.some((result) => !result.requestDecrypted)) io.exitCode = 1;
  output(io, options.json, { results }, () =>
    results.flatMap((result, index) => [
      ...(index > 0 ? [""] : []),
      `${result.url}  (key ${result.key}, iv ${result.iv})`,
      `request${result.requestDecrypted ? "" : " (not decrypted, raw)"}:`,
      ...indented(result.request),
      ...("response" in result ? [`response${result.responseDecrypted ? "" : " (not decrypted, raw)"}${result.status ? ` ${result.status}` : ""}:`, ...indented(result.response)] : []),
    ]),
  );
}

function readPrivateKey(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    throw usageError(`cannot read the private key ${file}`);
  }
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

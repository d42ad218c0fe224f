/**
 * `mcoin gateway verify CAPTURE`: checks the Signature of captured requests and of their replies
 * (cli/captures.ts reads them). A reply is signed over its own body with its request's Request-Time
 * and Nonce (core/node/gateway/client.ts checks it so on every call); an unsigned reply is said to be
 * one, not failed: the spec's gateway may not sign.
 */
import { Command } from "commander";
import { envOption, withSigningSecrets } from "../../flags";
import type { CliIo } from "../../io";
import { output, parseOptions } from "../../options";

export function verifyCommand(io: CliIo): Command {
  return withSigningSecrets(new Command("verify"))
    .description("check the Signature of captured requests and their replies (a HAR file, or JSON of headers and body)")
    .argument("<file>", "the capture")
    .addOption(envOption())
    .option("--json", "print JSON")
    .addHelpText(
      "after",
      `
Examples:
  $ npx mcoin gateway verify request.json --env sandbox
  $ npx mcoin gateway verify capture.har   # each request's Signature, and its reply's when the reply is signed`,
    )
    .action((file: string, raw: unknown) => verify(io, file, raw));
}

async function verify(io: CliIo, file: string, raw: unknown): Promise<void> {
  // zod and the envelope code load here, when it runs, not for --help.
  const { z } = await import("zod");
  const { HEADER, headerValue, verifySignature } = await import("#core/node/gateway/envelope");
  const { readCaptures } = await import("../../captures");
  const { EnvSchema, gatewaySettingsFor } = await import("../../context");

  const options = parseOptions(z.object({ env: EnvSchema, secret: z.string().optional(), md5Key: z.string().optional(), json: z.boolean().default(false) }), raw, "gateway verify");
  const settings = gatewaySettingsFor(io, options.env, { signSecret: options.secret, md5Key: options.md5Key, quiet: true });
  const secrets = { secret: settings.signature.secret, md5Key: settings.signature.md5Key };
  const results = readCaptures(file).map((capture) => {
    const replySigned = capture.response?.headers ? headerValue(capture.response.headers, HEADER.signature) : undefined;
    // The reply's signature binds it to its request: the request's time and nonce, the reply's body.
    const replyHeaders = {
      [HEADER.requestTime]: headerValue(capture.request.headers, HEADER.requestTime) ?? "",
      [HEADER.nonce]: headerValue(capture.request.headers, HEADER.nonce) ?? "",
      [HEADER.signature]: replySigned ?? "",
    };
    return {
      url: capture.url ?? headerValue(capture.request.headers, HEADER.function) ?? "",
      ...verifySignature(capture.request.headers, capture.request.body, secrets),
      ...(capture.response ? { reply: replySigned === undefined ? { signed: false as const } : { signed: true as const, ...verifySignature(replyHeaders, capture.response.body, secrets) } } : {}),
    };
  });
  output(io, options.json, { results }, () =>
    results.flatMap((result) => [
      ...(result.ok ? [`✓ signature ok  ${result.url}`] : [`✗ signature mismatch  ${result.url}`, `  expected ${result.expected}`, `  found    ${result.actual ?? "(none)"}`]),
      ...(!result.reply
        ? []
        : !result.reply.signed
          ? ["  - the reply is not signed"]
          : result.reply.ok
            ? ["  ✓ reply signature ok"]
            : ["  ✗ reply signature mismatch", `    expected ${result.reply.expected}`, `    found    ${result.reply.actual ?? "(none)"}`]),
    ]),
  );
  if (results.some((result) => !result.ok || (result.reply?.signed && !result.reply.ok))) io.exitCode = 1;
}

/** `mcoin gateway verify CAPTURE`: checks the Signature of captured requests (cli/captures.ts reads them). */
import { Command } from "commander";
import { envOption, withSigningSecrets } from "../../flags";
import { output, parseOptions } from "../../options";

export function verifyCommand(): Command {
  return withSigningSecrets(new Command("verify"))
    .description("check the Signature of captured requests (a HAR file, or JSON of headers and body)")
    .argument("<file>", "the capture")
    .addOption(envOption())
    .option("--json", "print JSON")
    .addHelpText(
      "after",
      `
Example:
  $ npx mcoin gateway verify request.json --env sandbox`,
    )
    .action(verify);
}

async function verify(file: string, raw: unknown): Promise<void> {
  // zod and the envelope code load here, when it runs, not for --help.
  const { z } = await import("zod");
  const { HEADER, headerValue, verifySignature } = await import("#core/node/gateway/envelope");
  const { readCaptures } = await import("../../captures");
  const { EnvSchema, gatewaySettingsFor } = await import("../../context");

  const options = parseOptions(z.object({ env: EnvSchema, secret: z.string().optional(), md5Key: z.string().optional(), json: z.boolean().default(false) }), raw, "gateway verify");
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

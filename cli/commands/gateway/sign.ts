/** `mcoin gateway sign`: the Signature header of an encrypted body. */
import { Command } from "commander";
import { envOption, withSigningSecrets } from "../../flags";
import type { CliIo } from "../../io";
import { output, parseOptions } from "../../options";

export function signCommand(io: CliIo): Command {
  return withSigningSecrets(new Command("sign"))
    .description("compute the Signature of an encrypted body: UPPER(md5(secret + Request-Time + Nonce + body + MD5 key))")
    .requiredOption("--body <ciphertext>", "the encrypted body, exactly as sent")
    .requiredOption("--nonce <nonce>", "the 10-character Nonce")
    .option("--time <time>", "the Request-Time, YYYY-MM-DD HH:mm:ss (default now, Macau time)")
    .addOption(envOption())
    .option("--json", "print JSON")
    .addHelpText(
      "after",
      `
Example:
  $ npx mcoin gateway sign --body 'Jw/Q1yca6k...' --nonce Ab3dE5gH7j --time '2026-11-21 10:00:00'`,
    )
    .action((raw: unknown) => sign(io, raw));
}

async function sign(io: CliIo, raw: unknown): Promise<void> {
  // zod and the envelope code load here, when it runs, not for --help.
  const { z } = await import("zod");
  const { signatureOf } = await import("#core/node/gateway/envelope");
  const { formatRequestTime } = await import("#core/node/gateway/primitives");
  const { EnvSchema, gatewaySettingsFor } = await import("../../context");

  const options = parseOptions(
    z.object({
      body: z.string().min(1),
      time: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, "must be YYYY-MM-DD HH:mm:ss")
        .optional(),
      nonce: z.string().length(10, "must be 10 characters"),
      env: EnvSchema,
      secret: z.string().optional(),
      md5Key: z.string().optional(),
      json: z.boolean().default(false),
    }),
    raw,
    "gateway sign",
  );
  const settings = gatewaySettingsFor(io, options.env, { signSecret: options.secret, md5Key: options.md5Key, quiet: true });
  const requestTime = options.time ?? formatRequestTime(io.clock.now());
  const signature = signatureOf({ secret: settings.signature.secret, requestTime, nonce: options.nonce, body: options.body, md5Key: settings.signature.md5Key });
  const header = JSON.stringify({ algorithm: "MD5", keyVersion: settings.signature.keyVersion, signature });
  output(io, options.json, { signature, requestTime, nonce: options.nonce, header }, () => [signature, `Signature: ${header}`]);
}

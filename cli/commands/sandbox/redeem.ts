/**
 * `mcoin sandbox redeem CODE --store ID`: the merchant's side in the sandbox, for trying the wallet
 * end to end: a store's till takes a coupon's redemption code (once, at a store of its offer)
 * through the running sandbox's controls (POST /__sandbox/redeem).
 */
import { Command } from "commander";
import { baseUrlFlag, controlTokenFlag } from "../../flags";
import { macauTime } from "../../member";
import type { CliIo } from "../../io";
import { output, parseOptions } from "../../options";

export function redeemCommand(io: CliIo): Command {
  return new Command("redeem")
    .description("a merchant's till takes a coupon's 12-digit redemption code (once), as scanning its QR code would")
    .argument("<code>", "the redemption code shown on the order's detail")
    .requiredOption("--store <id>", "the store whose till it is: a code redeems only at the stores of its offer (the order's detail lists them)")
    .addOption(baseUrlFlag())
    .addOption(controlTokenFlag())
    .option("--json", "print JSON")
    .addHelpText(
      "after",
      "\nExamples:\n  $ npx mcoin sandbox redeem 483920174455 --store 3\n  $ npx mcoin sandbox redeem 483920174455 --store 3 --json\n\nA store's till that enters 10 codes that redeem nothing within a minute is refused for the rest of it.",
    )
    .action((code: string, raw: unknown) => redeem(io, code, raw));
}

async function redeem(io: CliIo, code: string, raw: unknown): Promise<void> {
  // zod and the controls' client load here, when it runs, not for --help.
  const { z } = await import("zod");
  const controls = await import("#core/controls/declarations");
  const { ControlOptionsSchema, control } = await import("../../sandbox-control");

  const options = parseOptions(ControlOptionsSchema.extend({ store: z.coerce.number().int().positive() }), raw, "sandbox redeem");
  const reply = await control(io, options, controls.redeem, { input: { code: code.replace(/\s+/g, ""), storeId: options.store } });
  output(io, options.json, reply, () => [
    `redeemed coupon ${String(reply.couponNo)} of order ${String(reply.orderNo)} at ${String(reply.store)}, ${macauTime(Number(reply.usedAt))} (Macau); the order is ${String(reply.orderStatus)}`,
  ]);
}

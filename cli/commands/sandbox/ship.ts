/**
 * `mcoin sandbox ship ORDER`: the merchant's side in the sandbox: a member's paid goods leave
 * (delivery) or are ready at the store (pick-up), through the running sandbox's controls
 * (POST /__sandbox/ship).
 */
import { Command } from "commander";
import { baseUrlFlag, controlTokenFlag } from "../../flags";
import type { CliIo } from "../../io";
import { output, parseOptions } from "../../options";

export function shipCommand(io: CliIo): Command {
  return new Command("ship")
    .description("send a member's paid goods (delivery: awaiting receipt) or make them ready at the store (pick-up: awaiting pick-up)")
    .argument("<orderNo>", "the order's number, e.g. MC20261121000013")
    .addOption(baseUrlFlag())
    .addOption(controlTokenFlag())
    .option("--json", "print JSON")
    .addHelpText("after", "\nExample:\n  $ npx mcoin sandbox ship MC20261121000013")
    .action((orderNo: string, raw: unknown) => ship(io, orderNo, raw));
}

async function ship(io: CliIo, orderNo: string, raw: unknown): Promise<void> {
  // zod and the controls' client load here, when it runs, not for --help.
  const controls = await import("#core/controls/declarations");
  const { ControlOptionsSchema, control } = await import("../../sandbox-control");

  const options = parseOptions(ControlOptionsSchema, raw, "sandbox ship");
  const reply = await control(io, options, controls.ship, { input: { orderNo: orderNo.trim().toUpperCase() } });
  output(io, options.json, reply, () => [`order ${String(reply.orderNo)} is now ${String(reply.status)}`]);
}

/**
 * The merchant's side in the sandbox, for trying the wallet end to end: `mcoin sandbox redeem CODE
 * --store ID` is a store's till taking a coupon's redemption code (once, at a store of its offer), `mcoin sandbox ship ORDER` sends (or
 * makes ready for pick-up) a member's paid goods. They call the running sandbox's controls
 * (POST /__sandbox/redeem, /__sandbox/ship) with its control token when it has one.
 */
import { Command, Option } from "commander";
import { CONTROL_TOKEN_ENV } from "#core/environments";

function withControlOptions(command: Command): Command {
  return command
    .option("--base-url <url>", "the sandbox's address (default: MCOIN_SANDBOX_URL or http://127.0.0.1:4010)")
    .addOption(new Option("--control-token <token>", "the sandbox's control token, when it has one").env(CONTROL_TOKEN_ENV))
    .option("--json", "print JSON");
}

export function redeemCommand(): Command {
  return withControlOptions(
    new Command("redeem")
      .description("a merchant's till takes a coupon's 12-digit redemption code (once), as scanning its QR code would")
      .argument("<code>", "the redemption code shown on the order's detail")
      .requiredOption("--store <id>", "the store whose till it is: a code redeems only at the stores of its offer (the order's detail lists them)"),
  )
    .addHelpText("after", "\nExamples:\n  $ npx mcoin sandbox redeem 483920174455 --store 3\n  $ npx mcoin sandbox redeem 483920174455 --store 3 --json\n\nA store's till that enters 10 codes that redeem nothing within a minute is refused for the rest of it.")
    // What they run (zod, the sandbox's control header) loads only when they run, not for --help.
    .action(async (code: string, raw: unknown) => (await import("./till.run")).runRedeem(code, raw));
}

export function shipCommand(): Command {
  return withControlOptions(
    new Command("ship")
      .description("send a member's paid goods (delivery: awaiting receipt) or make them ready at the store (pick-up: awaiting pick-up)")
      .argument("<orderNo>", "the order's number, e.g. MC20261121000013"),
  )
    .addHelpText("after", "\nExample:\n  $ npx mcoin sandbox ship MC20261121000013")
    .action(async (orderNo: string, raw: unknown) => (await import("./till.run")).runShip(orderNo, raw));
}

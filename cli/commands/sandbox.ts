/**
 * `mcoin sandbox`: serves the fixture-backed sandbox gateway until stopped. Its subcommands read a
 * member's money from a running one (`mcoin sandbox ledger`, `mcoin sandbox orders`) and play the
 * merchant's side (`mcoin sandbox redeem`, `mcoin sandbox ship`).
 */
import { Command, Option } from "commander";
import { CONTROL_TOKEN_ENV, DEFAULT_MALL_ORIGINS as SANDBOX_DEFAULT_MALL_ORIGINS, DEFAULT_SANDBOX_HOST as SANDBOX_DEFAULT_HOST } from "#core/environments";
import { errorsCommand } from "./errors";
import { ledgerCommand } from "./ledger";
import { ordersCommand } from "./orders";
import { redeemCommand, shipCommand } from "./till";
import { faultCommand, loadFaultKinds, logCommand, verifyCommand } from "./traffic";

/** Repeated --mall-origin flags, each of which may list several, comma-separated (as the variable does). */
const collectOrigins = (value: string, previous: string[] = []) => [...previous, ...value.split(",").filter((origin) => origin.trim() !== "")];

export function sandboxCommand(): Command {
  return new Command("sandbox")
    .description("serve the fixture-backed sandbox gateway (the nine calls, the sign-in page and /__sandbox/ controls)")
    // Its own options come before a subcommand's name, the subcommand's after it (both have --json).
    .enablePositionalOptions()
    // `fault`'s help lists core/controls/faults.ts's kinds: loaded on the way to it, for no other command.
    .hook("preSubcommand", async (_sandbox, subcommand) => {
      if (subcommand.name() === "fault") await loadFaultKinds();
    })
    .addCommand(ledgerCommand())
    .addCommand(ordersCommand())
    .addCommand(redeemCommand())
    .addCommand(shipCommand())
    .addCommand(errorsCommand())
    .addCommand(faultCommand())
    .addCommand(verifyCommand())
    .addCommand(logCommand())
    .option("-p, --port <port>", "port to listen on", "4010")
    .option("--host <host>", "interface to listen on; any but loopback makes the controls need a token", SANDBOX_DEFAULT_HOST)
    .addOption(
      new Option("--control-token <token>", "require this token of the /__sandbox/ controls (default: none on loopback, else a generated one)").env(CONTROL_TOKEN_ENV),
    )
    .addOption(
      new Option("--mall-origin <origin>", `an origin the sign-in page may return to; repeat for more (default: ${SANDBOX_DEFAULT_MALL_ORIGINS.join(", ")})`)
        .argParser(collectOrigins)
        .env("MCOIN_SANDBOX_MALL_ORIGINS"),
    )
    .option("--state <file>", "keep members, tokens, login codes, ledgers and orders in this file across restarts")
    .option("--latency <ms>", "add this delay to every gateway call", "0")
    .option("--fixtures <dir>", "read fixtures from this folder instead of fixtures/")
    .option("--json", "print the listening address as JSON")
    .addHelpText(
      "after",
      `
Examples:
  $ npx mcoin sandbox
  $ npx mcoin sandbox --port 4011 --state .sandbox-state.json --latency 100
  $ npx mcoin sandbox --mall-origin http://localhost:3100
  $ npx mcoin sandbox --host 0.0.0.0 --control-token "$(openssl rand -hex 16)"
  $ npx mcoin sandbox ledger --login mpay-1005
  $ npx mcoin sandbox orders --login mpay-1005 --json
  $ npx mcoin sandbox redeem 483920174455 --store 3   (store 3's till takes a redemption code)
  $ npx mcoin sandbox ship MC20261121000013        (paid goods leave, or are ready for pick-up)
  $ npx mcoin sandbox fault reset --path basicinformation --times 2   (see: mcoin sandbox fault --help)
  $ npx mcoin sandbox verify --path basicinformation --at-least 3
  $ npx mcoin sandbox log --unmatched

Controls (see README): POST /__sandbox/reset, POST /__sandbox/clock, POST /__sandbox/faults,
GET /__sandbox/log, POST /__sandbox/verify, PATCH /__sandbox/members/:openId, PATCH /__sandbox/offers/:id (stock, status),
GET /__sandbox/members/:openId/ledger and /orders, POST /__sandbox/redeem and /ship, GET /__sandbox/errors
(the mall's error reports), GET /oauth/authorize (the demo members'
sign-in page), POST /__wallet/pay (the wallet's stand-in, for the mall's origins). They take JSON
(Content-Type: application/json) and refuse web pages of other origins; with a control token,
send it as Authorization: Bearer <token> or X-Sandbox-Token: <token>.`,
    )
    // What it runs (zod, the sandbox's access rules; the sandbox itself when served) loads only when it runs.
    .action(async (raw: unknown) => (await import("./sandbox.run")).runSandbox(raw));
}

/**
 * The options several commands take, as commander describes them: light (commander only), so the
 * command definitions can use them without loading what the commands run (cli/context.ts).
 */
import { Option, type Command } from "commander";
import { CONTROL_TOKEN_ENV } from "#core/environments";

/** The --env option every calling command takes. */
export function envOption() {
  return new Option("-e, --env <env>", "environment: sandbox, dev, sit, uat or prod").default("sandbox");
}

export function baseUrlOption() {
  return new Option("--base-url <url>", "call this base URL instead of the environment's (a recording proxy, another sandbox)");
}

/** --base-url of the `mcoin sandbox` subcommands that call a running sandbox's controls. */
export function baseUrlFlag() {
  return new Option("--base-url <url>", "the sandbox's address (default: MCOIN_SANDBOX_URL or http://127.0.0.1:4010)");
}

export function controlTokenFlag() {
  return new Option("--control-token <token>", "the sandbox's control token, when it has one").env(CONTROL_TOKEN_ENV);
}

/** --secret and --md5-key of `mcoin gateway sign` and `verify`: other secrets than the environment's. */
export function withSigningSecrets(command: Command): Command {
  return command.option("--secret <secret>", "the signing secret (default: the environment's)").option("--md5-key <key>", "the MD5 key (default: the environment's)");
}

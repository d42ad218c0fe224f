/**
 * The options several commands take, as commander describes them: light (commander only), so the
 * command definitions can use them without loading what the commands run (cli/context.ts).
 */
import { Option, type Command } from "commander";
import { CONTROL_TOKEN_ENV, DEFAULT_SANDBOX_URL } from "#core/environments";
import { usageError } from "./errors";

/** The --env option every calling command takes. */
export function envOption() {
  return new Option("-e, --env <env>", "environment: sandbox, dev, sit, uat or prod").default("sandbox");
}

export function baseUrlOption() {
  return new Option("--base-url <url>", `call this base URL instead of the environment's (a recording proxy, another sandbox); the sandbox's is MCOIN_SANDBOX_URL, else ${DEFAULT_SANDBOX_URL}`);
}

/** --base-url of the `mcoin sandbox` subcommands that call a running sandbox's controls. */
export function baseUrlFlag() {
  return new Option("--base-url <url>", `the sandbox's address (default: MCOIN_SANDBOX_URL, else ${DEFAULT_SANDBOX_URL})`);
}

export function controlTokenFlag() {
  return new Option("--control-token <token>", "the sandbox's control token, when it has one").env(CONTROL_TOKEN_ENV);
}

/** --secret and --md5-key of `mcoin gateway sign` and `verify`: other secrets than the environment's. */
export function withSigningSecrets(command: Command): Command {
  return command.option("--secret <secret>", "the signing secret (default: the environment's)").option("--md5-key <key>", "the MD5 key (default: the environment's)");
}

/** An HTTP header's name (RFC 9110's token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** What a header's value may hold: no CR, LF, NUL or other control character. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/** `-H NAME:VALUE`, repeatable: each header a usage error when malformed. */
export function parseHeaderOption(text: string, previous: [string, string][] = []): [string, string][] {
  const at = text.indexOf(":");
  const name = at > 0 ? text.slice(0, at).trim() : "";
  const value = at > 0 ? text.slice(at + 1).trim() : "";
  if (!HEADER_NAME.test(name)) throw usageError(`-H ${text}: NAME:VALUE, e.g. -H 'X-Trace-Id: t-1'`);
  if (!HEADER_VALUE.test(value)) throw usageError(`-H ${name}: a header's value cannot carry control characters`);
  return [...previous, [name, value]];
}

/** -H, --header and --idempotency-key and --wire of `mcoin api` and `mcoin gateway call`. */
export function withWireOptions(command: Command): Command {
  return command
    .option("-H, --header <name:value>", "send this header too, over the app's own of that name; repeatable", parseHeaderOption)
    .option("--idempotency-key <key>", "the Idempotency-Key to send (16 to 64 letters, digits, '-' or '_'): repeat a call with the key it printed")
    .option("--wire", "print on stderr the request as it went out (headers, body or ciphertext, signature) and the reply's status and headers; live tokens masked");
}

/** The traffic inspector's flags, the same on `mcoin sandbox` and `mcoin record` (docs/inspector.md); parsed by cli/inspect-options.ts. */
export function withInspectorOptions(command: Command): Command {
  return command
    .option("--inspect-size <n>", "the traffic inspector (/__sandbox/inspect) keeps this many exchanges", "1000")
    .option("--inspect-body-bytes <n>", "the inspector keeps this much of each body; a longer one is cut, with a note", "65536")
    .option("--inspect-dir <dir>", "where the inspector saves a selection as a recording, one folder each (default: ~/.local/share/mcoin/recordings, outside the work tree)");
}

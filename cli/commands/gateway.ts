/**
 * `mcoin gateway`: the secure gateway from the terminal, with the app's own envelope code.
 *   encrypt  seal a body: headers, encrypted body, and the key and IV used
 *   sign     the signature of an encrypted body
 *   verify   check a captured request's signature
 *   decrypt  open a body (--key/--iv) or a captured request and reply (--private-key)
 *   call     a real call, reply decrypted
 */
import { Command, Option } from "commander";
import { baseUrlOption, envOption } from "../flags";

/** --secret and --md5-key: sign or verify with other secrets than the environment's. */
function withSigningSecrets(command: Command): Command {
  return command
    .option("--secret <secret>", "the signing secret (default: the environment's)")
    .option("--md5-key <key>", "the MD5 key (default: the environment's)");
}

export function gatewayCommand(): Command {
  // Each subcommand's run (zod, the app's envelope code and clients) loads only when it runs, not for --help.
  return new Command("gateway")
    .description("seal, sign, verify, open and call the secure gateway (task center)")
    .addCommand(encryptCommand())
    .addCommand(signCommand())
    .addCommand(verifyCommand())
    .addCommand(decryptCommand())
    .addCommand(callCommand())
    .addHelpText("after", `
Example:
  $ npx mcoin gateway call getTaskDetail --data '{"task_no":"T1","cust_id_ciphertext":"C1"}' --env sandbox`);
}

// --- encrypt ----------------------------------------------------------------------------------

function encryptCommand(): Command {
  return new Command("encrypt")
    .description("seal a JSON body as the gateway expects: print the headers, the encrypted body, and the key and IV used")
    .requiredOption("--body <json>", "the request body (JSON)")
    .addOption(envOption())
    .option("--function <name>", "the function called (getTaskDetail, scanTypeTaskNotify or a /path)", "getTaskDetail")
    .option("--token <token>", "the Token header")
    .option("--key <key>", "use this 16-character AES key instead of a random one")
    .option("--iv <iv>", "use this 16-character IV instead of a random one")
    .option("--nonce <nonce>", "use this 10-character nonce instead of a random one")
    .option("--time <iso>", "the moment for Request-Time (default now)")
    .option("--json", "print one JSON document (save it to decrypt or verify later)")
    .addHelpText("after", `
Examples:
  $ npx mcoin gateway encrypt --body '{"task_no":"T1","cust_id_ciphertext":"C1"}'
  $ npx mcoin gateway encrypt --body '{"task_no":"T1"}' --json > request.json
  $ npx mcoin gateway decrypt request.json --private-key fixtures/keys/sandbox-gateway-private.pem`)
    .action(async (raw: unknown) => (await import("./gateway.run")).runEncrypt(raw));
}

// --- sign ------------------------------------------------------------------------------------

function signCommand(): Command {
  return withSigningSecrets(new Command("sign"))
    .description("compute the Signature of an encrypted body: UPPER(md5(secret + Request-Time + Nonce + body + MD5 key))")
    .requiredOption("--body <ciphertext>", "the encrypted body, exactly as sent")
    .requiredOption("--nonce <nonce>", "the 10-character Nonce")
    .option("--time <time>", "the Request-Time, YYYY-MM-DD HH:mm:ss (default now, Macau time)")
    .addOption(envOption())
    .option("--json", "print JSON")
    .addHelpText("after", `
Example:
  $ npx mcoin gateway sign --body 'Jw/Q1yca6k...' --nonce Ab3dE5gH7j --time '2026-11-21 10:00:00'`)
    .action(async (raw: unknown) => (await import("./gateway.run")).runSign(raw));
}

// --- verify ----------------------------------------------------------------------------------

function verifyCommand(): Command {
  return withSigningSecrets(new Command("verify"))
    .description("check the Signature of captured requests (a HAR file, or JSON of headers and body)")
    .argument("<file>", "the capture")
    .addOption(envOption())
    .option("--json", "print JSON")
    .addHelpText("after", `
Example:
  $ npx mcoin gateway verify request.json --env sandbox`)
    .action(async (file: string, raw: unknown) => (await import("./gateway.run")).runVerify(file, raw));
}

// --- decrypt ---------------------------------------------------------------------------------

function decryptCommand(): Command {
  return new Command("decrypt")
    .description("open an encrypted body with --key/--iv, or captured requests and replies (HAR or JSON) with --private-key")
    .argument("[file]", "a HAR file, or JSON of headers and body (and optionally the response)")
    .option("--body <ciphertext>", "an encrypted body to open with --key and --iv")
    .option("--key <key>", "the 16-character AES key")
    .option("--iv <iv>", "the 16-character IV")
    .option("--private-key <pem>", "the gateway's private key, to recover key and IV from each Encrypt header")
    .option("--json", "print JSON")
    .addHelpText("after", `
Examples:
  $ npx mcoin gateway decrypt --body 'Jw/Q1yca6k...' --key 0123456789abcdef --iv fedcba9876543210
  $ npx mcoin gateway decrypt capture.har --private-key fixtures/keys/sandbox-gateway-private.pem`)
    .action(async (file: string | undefined, raw: unknown) => (await import("./gateway.run")).runDecrypt(file, raw));
}

// --- call ------------------------------------------------------------------------------------

function callCommand(): Command {
  return new Command("call")
    .description("call a function of the secure gateway and print the decrypted reply")
    .argument("<function>", "getTaskDetail, scanTypeTaskNotify, or a /path")
    .option("--data <json>", "the request body (JSON)", "{}")
    .addOption(envOption())
    .option("--token <token>", "the Token header")
    .addOption(baseUrlOption())
    .option("--sign-secret <secret>", "sign with this secret instead of the environment's")
    .addOption(new Option("--timeout <ms>", "give up after this long (default 30000)"))
    .option("-v, --verbose", "log the exchange in plain text on stderr")
    .option("--json", "print JSON")
    .addHelpText("after", `
Example:
  $ npx mcoin gateway call getTaskDetail --data '{"task_no":"T1","cust_id_ciphertext":"C1"}' --env sandbox`)
    .action(async (name: string, raw: unknown) => (await import("./gateway.run")).runCall(name, raw));
}

/**
 * `mcoin record`: a recording proxy. Point the mall (or anything) at it; it forwards each call to the
 * environment's gateway and writes the exchange as a replayable recording, redacted by the rules of
 * cli/redaction.ts (tokens become placeholders a replay fills in; keys, signatures, customer
 * ciphertexts and phone numbers become `<redacted:NAME>`). A recording in which the secret scan still
 * finds something is refused, not written. Secure gateway calls are opened with the private key (the
 * sandbox's by default); without one they are kept sealed and marked not replayable. `--har` also
 * writes the session as one HAR 1.2 file, redacted and scanned the same way.
 */
import { Command } from "commander";
import { envOption } from "../flags";

/** Repeated --redact-field options, in order. */
function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

export function recordCommand(): Command {
  return new Command("record")
    .description("run a recording proxy: forward to the environment and write each exchange as a replayable file")
    .addOption(envOption())
    .requiredOption("--out <dir>", "where to write the recordings")
    .option("-p, --port <port>", "port to listen on", "4020")
    .option("--host <host>", "interface to listen on", "127.0.0.1")
    .option("--private-key <pem>", "the gateway's private key, to open secure calls (default: the sandbox's, for --env sandbox)")
    .option("--redact-rules <file>", "a JSON file of extra redaction rules (see below)")
    .option("--redact-field <name>", "also redact this field wherever it appears (repeatable)", collect)
    .option("--har <file>", "also write the session as a HAR 1.2 file (rewritten after each exchange)")
    .option("--json", "print the listening address as JSON")
    .addHelpText("after", `
Redaction: tokens become <token>, the task center's ciphertext <cust>, a login's code <code>;
keys, signatures, cookies and phone numbers become <redacted:NAME>. A recording in which a secret
still shows (a JWT, a bearer token, a PEM block, a phone number, a long hex or base64 run, a value
under a sensitive name) is refused: not written, and the place is printed.

A rules file (--redact-rules):
  {"rules": [
    {"name": "member-id", "fields": ["openId"]},
    {"name": "partner-key", "headers": ["X-Partner-Key"], "placeholder": "<redacted:key>"},
    {"name": "staff-card", "pattern": "SC-\\\\d{6}", "in": ["request", "response"]}
  ]}

Example:
  $ npx mcoin record --env sandbox --out recordings --port 4020 --har recordings/session.har
  $ MCOIN_SANDBOX_URL=http://127.0.0.1:4020 npm run serve    # the mall, through the recorder
  $ npx mcoin replay recordings --env sandbox --login mpay-1001`)
    // What it runs (zod, the app's envelope code, the redaction and its secret scan) loads only when it runs.
    .action(async (raw: unknown) => (await import("./record.run")).runRecord(raw));
}

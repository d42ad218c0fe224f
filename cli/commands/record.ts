/**
 * `mcoin record`: a recording proxy. Point the mall (or anything) at it; it forwards each call to the
 * environment's gateway and writes the exchange as a replayable recording (harness/record), redacted
 * by the rules of harness/redaction (tokens become placeholders a replay fills in; keys, signatures,
 * cookies, e-mail addresses, card and phone numbers become `<redacted:NAME>`), and by value: a secret
 * seen once is hidden wherever it turns up afterwards. A recording in which the secret scan still
 * finds something is refused, not written, and the session exits 1 naming it. Secure gateway calls are opened with the
 * private key (the sandbox's by default); without one they are kept sealed and marked not
 * replayable. `--har` also writes the session as one HAR 1.2 file, redacted and scanned the same way.
 */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { Command } from "commander";
import type { EnvironmentName } from "#core/environments";
import { usageError } from "../errors";
import { baseUrlOption, envOption, withInspectorOptions } from "../flags";
import type { CliIo } from "../io";
import { output, parseOptions } from "../options";
import { writeJson, writeLines } from "../terminal-text";

/** Repeated --redact-field options, in order. */
function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

export function recordCommand(io: CliIo): Command {
  const command = new Command("record")
    .description("run a recording proxy: forward to the environment and write each exchange as a replayable file")
    .addOption(envOption())
    .addOption(baseUrlOption())
    .requiredOption("--out <dir>", "where to write the recordings")
    .option("-p, --port <port>", "port to listen on", "4020")
    .option("--host <host>", "interface to listen on", "127.0.0.1")
    .option("--private-key <pem>", "the gateway's private key, to open secure calls (default: the sandbox's, for --env sandbox)")
    .option("--redact-rules <file>", "a JSON file of extra redaction rules (see below)")
    .option("--redact-field <name>", "also redact this field wherever it appears (repeatable)", collect)
    .option("--pseudonym-key <file>", "the key personal data's stand-ins are made with (default: your own, ~/.config/mcoin/pseudonym.key, made on first use)")
    .option("--har <file>", "also write the session as a HAR 1.2 file (rewritten after each exchange)")
    .option("--control-token <token>", "require this token of the traffic inspector's API (default: none on loopback, else a generated one)")
    .option("--json", "print the listening address as JSON")
    .addHelpText(
      "after",
      `
Personal data: the fields the registry declares personal (names, phones, street addresses, the
member's location, open ids, redemption codes, coupon and membership numbers, avatars) get stand-ins
that keep them valid: the same value the same stand-in in every file (JSON and HAR) and session
made with your key, a Macau mobile still 8 digits starting with 6, a name a name in the same script,
a redemption code as many digits, a location the nearest public place. Recording a sandbox, its demo
members' made-up data stays. A file in which a declared field still holds a real value is refused.

Redaction: tokens become <token>, the task center's ciphertext <cust>, a login's code <code>;
keys, signatures, cookies, e-mail addresses, card and phone numbers become <redacted:NAME>. A secret
seen once (a token in a sign-in's reply or an Authorization header) is hidden wherever it turns up
afterwards: a query, any header, the path, a body field, free text. A recording in which a secret
still shows (a JWT, a bearer token, a PEM block, a phone number, an e-mail address, a card number, a
long hex or base64 run, a value under a sensitive name) is refused: not written, the file and the
place are printed then and again when the recorder stops, and it exits 1. Idempotency keys, nonces
and request ids are not secrets.

A rules file (--redact-rules):
  {"rules": [
    {"name": "member-id", "fields": ["openId"]},
    {"name": "partner-key", "headers": ["X-Partner-Key"], "placeholder": "<redacted:key>"},
    {"name": "staff-card", "pattern": "SC-\\\\d{6}", "in": ["request", "response"]}
  ]}

Example:
  $ npx mcoin record --env sandbox --out recordings --port 4020 --har recordings/session.har
  $ MCOIN_SANDBOX_URL=http://127.0.0.1:4020 npm run serve    # the mall, through the recorder
  $ npx mcoin replay recordings --env sandbox --reset       # signs in as the recorded member
  $ npx mcoin inspect --base-url http://127.0.0.1:4020 --open   # every exchange, live, in a browser`,
    )
    .action((raw: unknown) => record(io, raw));
  return withInspectorOptions(command);
}

/** Records until the person stops it (Ctrl-C, SIGTERM); the exit code says whether everything was written. */
async function record(io: CliIo, raw: unknown): Promise<void> {
  // zod, the envelope code, the redaction and its secret scan load here, when it runs, not for --help.
  const { z } = await import("zod");
  const { InspectOptionsShape } = await import("../inspect-options");
  const { EnvSchema, apiBaseUrl, fetchOf, gatewaySettingsFor, isSandboxKey, mcoinVersion, sandboxKeys } = await import("../context");
  const { fieldRule, loadRulesFile, rulesWith } = await import("#harness/redaction");
  const { startRecorder } = await import("#harness/record");

  const options = parseOptions(
    z.object({
      env: EnvSchema,
      baseUrl: z.string().url().optional(),
      out: z.string().min(1),
      port: z.coerce.number().int().min(0).max(65_535).default(4020),
      host: z.string().default("127.0.0.1"),
      privateKey: z.string().optional(),
      redactRules: z.string().min(1).optional(),
      redactField: z.array(z.string().regex(/^[^\s<>]+$/, "a field name has no spaces or angle brackets")).default([]),
      pseudonymKey: z.string().min(1).optional(),
      har: z.string().min(1).optional(),
      controlToken: z.string().min(16, "at least 16 characters").optional(),
      ...InspectOptionsShape,
      json: z.boolean().default(false),
    }),
    raw,
    "record",
  );
  const rules = rulesWith([...(options.redactRules ? loadRulesFile(options.redactRules) : []), ...options.redactField.map(fieldRule)]);
  const out = resolve(options.out);
  const harFile = options.har ? resolve(options.har) : undefined;
  // Where it cannot write fails now, not at the first exchange.
  const { ensureWritableDir } = await import("../writable");
  ensureWritableDir(out, "--out");
  if (harFile) ensureWritableDir(dirname(harFile), "--har");
  const apiBase = apiBaseUrl(io, options.env, options.baseUrl);
  const gatewayBase = options.env === "sandbox" || options.baseUrl ? apiBase : gatewayBaseOr(apiBase, () => gatewaySettingsFor(io, options.env).baseUrl);
  const privateKey = readPrivateKey(options.privateKey, options.env, () => sandboxKeys(io).privateKey);

  const { inspectorActions, recorderInspector } = await import("#harness/inspector");
  const { replayTarget } = await import("../replay-target");
  const { terminalLog } = await import("../terminal-text");
  const { isLoopbackHost } = await import("../../sandbox/access");
  const { controlRefusal } = await import("../../sandbox/control-guard");
  const { randomBytes } = await import("node:crypto");
  const controlToken = options.controlToken ?? (isLoopbackHost(options.host) ? null : randomBytes(24).toString("base64url"));
  const sandboxKey = options.env === "sandbox" && privateKey !== undefined && privateKey.trim() === sandboxKeys(io).privateKey.trim();
  const version = mcoinVersion();
  const { defaultInspectDir, pseudonymsFor } = await import("../privacy");
  const { pseudonyms } = await pseudonymsFor(io, { keyFile: options.pseudonymKey, sandbox: options.env === "sandbox" });
  const inspectDir = options.inspectDir ? resolve(options.inspectDir) : defaultInspectDir(io);
  const inspector = recorderInspector({
    capacity: options.inspectSize,
    bodyLimit: options.inspectBodyBytes,
    keys: { privateKey, ...signingSecrets(options.env, () => gatewaySettingsFor(io, options.env).signature) },
    target: apiBase,
    guard: (request) => controlRefusal(request, controlToken),
    actions: inspectorActions({ recordingsDir: inspectDir, privateKey, sandboxKey, rules, pseudonyms, version, replayTarget: () => replayTarget(io, { env: options.env, baseUrl: apiBase }) }),
    // Faults are the sandbox's: the recorder passes one on when its target is a sandbox.
    ...(options.env === "sandbox" ? { addFault: (fault: { path: string; kind: string; times: number }) => sandboxFault(fetchOf(io), io.env.MCOIN_SANDBOX_CONTROL_TOKEN, apiBase, fault) } : {}),
  });
  const recorder = await startRecorder({
    apiBase,
    gatewayBase,
    privateKey,
    sandboxKey: isSandboxKey(io, privateKey),
    rules,
    pseudonyms,
    out,
    harFile,
    version,
    port: options.port,
    host: options.host,
    quiet: options.json,
    log: terminalLog(io),
    watch: inspector,
  });
  const { port } = recorder;
  const url = `http://${options.host}:${port}`;
  // Listening for Ctrl-C before saying where it listens: whoever reads that may stop it at once.
  const stopped = io.untilStopped();
  output(io, options.json, { url, port, target: apiBase, out, har: harFile ?? null, inspector: `${url}/__sandbox/inspect`, controlToken }, () => [
    `recording ${apiBase} on ${url} into ${out}${harFile ? ` and ${harFile}` : ""} (Ctrl-C stops)`,
    `  traffic inspector: ${url}/__sandbox/inspect (saves into ${inspectDir})`,
    ...(controlToken ? [`  control token: ${controlToken} (the inspector asks for it)`] : []),
  ]);
  await stopped;
  // Closed first: the pictures still being fetched are kept (or said not to be) before the summary counts them.
  const written = await recorder.close();
  // A refusal is said when it happens and again at the end, where it cannot scroll away unseen; it makes the exit code 1.
  const refusals = recorder.refusals();
  if (options.json) writeJson(io.stdout, { summary: recorder.summary(), refused: refusals });
  else writeLines(io.stdout, [recorder.summary()]);
  if (refusals.length > 0) writeLines(io.stderr, ["NOT EVERYTHING WAS WRITTEN: a secret survived redaction in", ...refusals.map((line) => `  ${line}`)]);
  io.exitCode = written ? 0 : 1;
}

/** The signing secret and MD5 key that check signatures, when the environment's settings have them. */
function signingSecrets(env: EnvironmentName, signature: () => { secret: string; md5Key: string }): { signSecret?: string; md5Key?: string } {
  try {
    const { secret, md5Key } = signature();
    return { signSecret: secret, md5Key };
  } catch {
    return {};
  }
}

/** A fault added to the sandbox behind the recorder (with `token`, its control token from MCOIN_SANDBOX_CONTROL_TOKEN); null when it took it. */
async function sandboxFault(send: typeof fetch, token: string | undefined, apiBase: string, fault: { path: string; kind: string; times: number }): Promise<Response | null> {
  const response = await send(`${apiBase.replace(/\/+$/, "")}/__sandbox/faults`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { "x-sandbox-token": token } : {}) },
    body: JSON.stringify(fault),
  }).catch((error: Error) => Response.json({ ok: false, error: `the sandbox behind the recorder did not answer: ${error.message}` }, { status: 502 }));
  if (response.ok) return null;
  const said = (await response.json().catch(() => ({}))) as { error?: string };
  return Response.json({ ok: false, error: `the sandbox refused the fault: ${said.error ?? `HTTP ${response.status}`}` }, { status: response.status });
}

/** The private key that opens secure calls: the one given, else the sandbox's for the sandbox. */
function readPrivateKey(file: string | undefined, env: EnvironmentName, sandboxKey: () => string): string | undefined {
  if (file) {
    try {
      return readFileSync(file, "utf8");
    } catch {
      throw usageError(`cannot read the private key ${file}`);
    }
  }
  return env === "sandbox" ? sandboxKey() : undefined;
}

/** The secure gateway's base URL, or the API's when the environment configures no gateway. */
function gatewayBaseOr(apiBase: string, gatewayBase: () => string): string {
  try {
    return gatewayBase();
  } catch {
    return apiBase;
  }
}

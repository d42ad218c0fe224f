/**
 * `mcoin sandbox`: serves the fixture-backed sandbox gateway until stopped. Its subcommands
 * (cli/commands/sandbox/) talk to a running one: a member's money (`ledger`, `orders`), the
 * merchant's side (`redeem`, `ship`), the mall's error reports (`errors`) and its traffic (`fault`,
 * `verify`, `log`).
 */
import { resolve } from "node:path";
import { Command, Option } from "commander";
import { CONTROL_TOKEN_ENV, DEFAULT_MALL_ORIGINS, DEFAULT_SANDBOX_HOST, DEFAULT_SANDBOX_PORT, DEFAULT_TENANT_LIMITS } from "#core/environments";
import { CliError, usageError } from "../errors";
import { withInspectorOptions } from "../flags";
import type { CliIo } from "../io";
import { output, parseOptions } from "../options";
import { writeLines } from "../terminal-text";
import { errorsCommand } from "./sandbox/errors";
import { tenantsCommand } from "./sandbox/tenants";
import { faultCommand, loadFaultKinds } from "./sandbox/fault";
import { ledgerCommand } from "./sandbox/ledger";
import { logCommand } from "./sandbox/log";
import { ordersCommand } from "./sandbox/orders";
import { redeemCommand } from "./sandbox/redeem";
import { shipCommand } from "./sandbox/ship";
import { stateCommand } from "./sandbox/state";
import { verifyCommand } from "./sandbox/verify";

/** Repeated --mall-origin flags, each of which may list several, comma-separated (as the variable does). */
const collectOrigins = (value: string, previous: string[] = []) => [...previous, ...value.split(",").filter((origin) => origin.trim() !== "")];

export function sandboxCommand(io: CliIo): Command {
  return withInspectorOptions(
    new Command("sandbox")
      .description("serve the fixture-backed sandbox gateway (the nine calls, the sign-in page and /__sandbox/ controls)")
      // Its own options come before a subcommand's name, the subcommand's after it (both have --json).
      .enablePositionalOptions()
      // `fault`'s help lists core/controls/faults.ts's kinds: loaded on the way to it, for no other command.
      .hook("preSubcommand", async (_sandbox, subcommand) => {
        if (subcommand.name() === "fault") await loadFaultKinds();
      })
      .addCommand(ledgerCommand(io))
      .addCommand(ordersCommand(io))
      .addCommand(redeemCommand(io))
      .addCommand(shipCommand(io))
      .addCommand(errorsCommand(io))
      .addCommand(stateCommand(io))
      .addCommand(faultCommand(io))
      .addCommand(verifyCommand(io))
      .addCommand(logCommand(io))
      .addCommand(tenantsCommand(io))
      .option("-p, --port <port>", "port to listen on", String(DEFAULT_SANDBOX_PORT))
      .option("--host <host>", "interface to listen on; any but loopback makes the controls need a token", DEFAULT_SANDBOX_HOST)
      .addOption(new Option("--control-token <token>", "require this token of the /__sandbox/ controls (default: none on loopback, else a generated one)").env(CONTROL_TOKEN_ENV))
      .addOption(
        new Option("--mall-origin <origin>", `an origin the sign-in page may return to; repeat for more (default: ${DEFAULT_MALL_ORIGINS.join(", ")})`)
          .argParser(collectOrigins)
          .env("MCOIN_SANDBOX_MALL_ORIGINS"),
      )
      .option("--state <file>", "keep members, tokens, login codes, ledgers and orders in this file across restarts")
      .option("--latency <ms>", "add this delay to every gateway call", "0")
      .option("--fixtures <dir>", "read fixtures from this folder instead of fixtures/")
      .option("--stubs <dir>", "answer with the stub mappings (WireMock's format) of this WireMock root or folder before the sandbox's own rules")
      .option("--strict-stubs", "with --stubs: a mapping file with a problem stops the start (every problem named) instead of being left out with a warning")
      .option("--global-response-templating", "as WireMock's flag: every stub's response is a Handlebars template, not only those with transformers [\"response-template\"]")
      .option("--recordings <dir>", "answer with these recordings (mcoin record's JSON files and HAR) the requests they match")
      .option("--strict", "with --recordings: a gateway call no recording matches gets a 404 naming the closest, instead of the sandbox's answer")
      .addOption(
        new Option("--at <state>", "with --recordings: serve the state the member saw last (end) or, from the first recorded reply, each call's replies in the order recorded (start)")
          .choices(["end", "start"])
          .default("end"),
      )
      .option("--max-tenants <n>", "how many tenants (/tenants/NAME/...) the sandbox holds besides its default one", String(DEFAULT_TENANT_LIMITS.maxTenants))
      .option("--tenant-max-orders <n>", "how many orders a tenant may hold before its writes are refused (until it is reset)", String(DEFAULT_TENANT_LIMITS.maxOrders))
      .option("--tenant-rate <n>", "a tenant's requests a second, on average (twice as many at once); past it, 429", String(DEFAULT_TENANT_LIMITS.requestsPerSecond))
      .option("--json", "print the listening address as JSON")
      .addHelpText(
        "after",
        `
Examples:
  $ npx mcoin sandbox
  $ npx mcoin inspect --open                       (the traffic inspector: every call, live, decrypted)
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
  $ npx mcoin sandbox --recordings recordings/ --strict --at start
  $ MCOIN_SANDBOX_URL=http://sandbox.ci:4020/tenants/ci-42 npm start   (a tenant: its own members, orders, clock, faults)

Controls (docs/sandbox.md, "Controls"): POST /__sandbox/reset, POST /__sandbox/clock, POST /__sandbox/faults,
GET /__sandbox/log, POST /__sandbox/verify, PATCH /__sandbox/members/:openId, PATCH /__sandbox/offers/:id (stock, status),
GET /__sandbox/members/:openId/ledger and /orders, POST /__sandbox/redeem and /ship, GET /__sandbox/errors
(the mall's error reports), GET /oauth/authorize (the demo members'
sign-in page), POST /__wallet/pay (the wallet's stand-in, for the mall's origins). They take JSON
(Content-Type: application/json) and refuse web pages of other origins; with a control token,
send it as Authorization: Bearer <token> or X-Sandbox-Token: <token>.`,
      )
      .action((raw: unknown) => serve(io, raw)),
  );
}

/** Serves until the person stops it (Ctrl-C, SIGTERM), then closes the server. */
async function serve(io: CliIo, raw: unknown): Promise<void> {
  // zod and the sandbox's access rules load here, when it runs; the sandbox itself (msw and its
  // handlers) only once the options are good.
  const { z } = await import("zod");
  const { InspectOptionsShape } = await import("../inspect-options");
  const { MallOriginSchema, isLoopbackHost } = await import("../../sandbox/access");

  const options = parseOptions(
    z.object({
      port: z.coerce.number().int().min(0).max(65_535).default(DEFAULT_SANDBOX_PORT),
      host: z.string().min(1).default(DEFAULT_SANDBOX_HOST),
      controlToken: z.string().min(16, "at least 16 characters").optional(),
      mallOrigin: z.array(MallOriginSchema).min(1).optional(),
      state: z.string().min(1).optional(),
      latency: z.coerce.number().int().min(0).max(60_000).default(0),
      fixtures: z.string().min(1).optional(),
      stubs: z.string().min(1).optional(),
      strictStubs: z.boolean().default(false),
      globalResponseTemplating: z.boolean().default(false),
      recordings: z.string().min(1).optional(),
      strict: z.boolean().default(false),
      at: z.enum(["end", "start"]).default("end"),
      maxTenants: z.coerce.number().int().min(0).max(10_000).default(DEFAULT_TENANT_LIMITS.maxTenants),
      tenantMaxOrders: z.coerce.number().int().min(1).max(10_000_000).default(DEFAULT_TENANT_LIMITS.maxOrders),
      tenantRate: z.coerce.number().min(1).max(1_000_000).default(DEFAULT_TENANT_LIMITS.requestsPerSecond),
      ...InspectOptionsShape,
      json: z.boolean().default(false),
    }),
    raw,
    "sandbox",
  );
  if (options.strict && !options.recordings) throw usageError("--strict applies to --recordings: give the folder of recordings to serve");
  if (options.strictStubs && !options.stubs) throw usageError("--strict-stubs applies to --stubs: give the folder of mappings to load");
  if (options.at !== "end" && !options.recordings) throw usageError("--at applies to --recordings: give the folder of recordings to serve");
  const serving = options.recordings ? await import("#harness/serve") : undefined;
  const served = serving && options.recordings ? serving.servedRecordings(resolve(options.recordings)) : undefined;
  const recordings = served?.exchanges;
  if (served && served.leftOut.length > 0)
    writeLines(io.stderr, [`warning: --recordings: not served, the sandbox's own controls answer them: ${served.leftOut.length} control call(s) (${served.leftOut.join(", ")})`]);
  const personas = serving && recordings ? serving.personasOf(recordings, options.at) : [];
  let running: Awaited<ReturnType<typeof import("../../sandbox/server").startSandboxServer>>;
  const { inspectorActions } = await import("#harness/inspector");
  const { rulesWith } = await import("#harness/redaction");
  const { mcoinVersion, sandboxKeys } = await import("../context");
  const { replayTarget } = await import("../replay-target");
  const { defaultInspectDir, pseudonymsFor } = await import("../privacy");
  const inspectDir = options.inspectDir ? resolve(options.inspectDir) : defaultInspectDir(io);
  const actions = inspectorActions({
    recordingsDir: inspectDir,
    privateKey: sandboxKeys(io).privateKey,
    sandboxKey: true,
    rules: rulesWith(),
    pseudonyms: (await pseudonymsFor(io, { sandbox: true, fixturesDir: options.fixtures ? resolve(options.fixtures) : undefined })).pseudonyms,
    version: mcoinVersion(),
    replayTarget: (mount) => replayTarget(io, { env: "sandbox", baseUrl: `${running.url}${mount}` }),
  });
  try {
    const { startSandboxServer } = await import("../../sandbox/server");
    running = await startSandboxServer({
      port: options.port,
      host: options.host,
      controlToken: options.controlToken,
      mallOrigins: options.mallOrigin,
      latencyMs: options.latency,
      stateFile: options.state ? resolve(options.state) : undefined,
      fixturesDir: options.fixtures ? resolve(options.fixtures) : undefined,
      stubsDir: options.stubs ? resolve(options.stubs) : undefined,
      strictStubs: options.strictStubs,
      warn: (lines) => writeLines(io.stderr, lines),
      globalResponseTemplating: options.globalResponseTemplating,
      recordings: recordings && { exchanges: recordings, strict: options.strict, at: options.at },
      inspect: { capacity: options.inspectSize, bodyLimit: options.inspectBodyBytes, actions },
      tenantLimits: { maxTenants: options.maxTenants, maxOrders: options.tenantMaxOrders, requestsPerSecond: options.tenantRate },
    });
  } catch (error) {
    if ((error as Error).name === "StubFileError") throw usageError(`--stubs: ${(error as Error).message.split("\n").join("; ")}`);
    const code = (error as { code?: string }).code;
    throw new CliError(code ?? "START_FAILED", `the sandbox could not start: ${(error as Error).message}`, {
      suggestion: code === "EADDRINUSE" ? `port ${options.port} is taken; try --port ${options.port + 1}` : undefined,
      cause: error,
    });
  }
  const port = Number(new URL(running.url).port);
  const url = isLoopbackHost(new URL(running.url).hostname) ? `http://localhost:${port}` : running.url;
  const mallOrigins = options.mallOrigin ?? DEFAULT_MALL_ORIGINS;
  const { controlToken } = running;
  // Listening for Ctrl-C before saying where it listens: whoever reads that may stop it at once.
  const stopped = io.untilStopped();
  output(io, options.json, { url, port, host: options.host, inspector: `${url}/__sandbox/inspect`, controlToken, mallOrigins, latencyMs: options.latency, state: options.state ?? null }, () =>
    [
      `mCoin sandbox gateway listening on ${url}${isLoopbackHost(options.host) ? "" : ` (bound to ${options.host})`}`,
      `  login page: ${url}/oauth/authorize (returns to ${mallOrigins.join(", ")})`,
      `  traffic inspector: ${url}/__sandbox/inspect (the last ${options.inspectSize} calls, live; saves into ${inspectDir})`,
      `  tenants: ${url}/tenants/NAME/... is a sandbox of its own (up to ${options.maxTenants}, ${options.tenantMaxOrders} orders and ${options.tenantRate} requests/s each; GET ${url}/__sandbox/tenants)`,
      controlToken ? `  control token: ${controlToken} (send as X-Sandbox-Token or Authorization: Bearer)` : "",
      options.latency ? `  latency: +${options.latency} ms per call` : "",
      options.state ? `  state file: ${resolve(options.state)}` : "",
      options.stubs ? `  stubs: ${running.sandbox.state.stubs.size} from ${resolve(options.stubs)}` : "",
      recordings
        ? `  recordings: ${recordings.length} exchanges from ${resolve(options.recordings ?? "")}${recordings[0]?.pictures ? ` and ${recordings[0].pictures.size} pictures` : ""}, served at the ${options.at}${options.strict ? " (strict: nothing else is answered)" : ""}`
        : "",
      personas.length > 0
        ? `  personas on the login page: ${personas.map((persona) => (persona.nickname === persona.openId ? persona.openId : `${persona.nickname} (${persona.openId})`)).join(", ")}`
        : "",
    ].filter(Boolean),
  );
  await stopped;
  await running.close();
}

/**
 * `mcoin bridge SCENARIO`: the mall in real Chromium with a scripted host in place of the wallet's
 * bridge (cli/bridge/runner.ts). Prints a transcript of every bridge call with its arguments and
 * answer and every host event, writes it as JSON with --out, exits 1 when a step or an expectation
 * fails. Its subcommands (cli/commands/bridge/) compare two transcripts (`diff`) and check a saved one
 * against expectations (`verify`).
 */
import { mkdirSync, writeFileSync, existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { Command, Option } from "commander";
import { CONTROL_TOKEN_ENV, DEFAULT_MALL_URL, DEFAULT_SANDBOX_URL } from "#core/environments";
import { CliError, usageError } from "../errors";
import type { CliIo } from "../io";
import { output, parseOptions } from "../options";
import { writeJson, writeLines } from "../terminal-text";
import { diffCommand } from "./bridge/diff";
import { verifyCommand } from "./bridge/verify";

export function bridgeCommand(io: CliIo): Command {
  return (
    new Command("bridge")
      .description("run the mall in Chromium with a scripted wallet host; print and save the transcript of bridge calls")
      .argument("[scenario]", "a scenario file (JSON), e.g. e2e/scenarios/purchase-paid.json")
      .option("--app <url>", `the mall's address (default: MCOIN_APP_URL, else ${DEFAULT_MALL_URL})`)
      .option("--sandbox <url>", `the sandbox gateway's address (default: MCOIN_SANDBOX_URL, else ${DEFAULT_SANDBOX_URL})`)
      .addOption(new Option("--control-token <token>", "the sandbox's control token, when it has one").env(CONTROL_TOKEN_ENV))
      .option("--headed", "show the browser (needs a display)")
      .option("--out <file>", "write the transcript as JSON")
      .option("--screenshots <dir>", "where the scenario's screenshot steps write (default: the current folder)")
      .option("--schema", "print the scenario file's JSON Schema and exit")
      .option("--json", "print the transcript as JSON instead of lines")
      .addHelpText(
        "after",
        `
A scenario names a device profile (wallet version, language, platform, screen), a launch (a demo
member, a path, a login state), rules for the wallet's methods (tradePay, getLocation, startApp, ...:
a fixed answer, one chosen by the call's arguments, a sequence, a delay, a timeout), the cashier's
outcome (pay, fail, cancel, delayed), a timeline of host events (hidden, visible, back, resume after N
minutes, offline, online, deny/allow a permission), steps (click, fill, goto, historyBack, historyForward, waitFor,
wait, screenshot) and expectations (text shown, a call made N times with these arguments, calls in order,
the final path). Exit codes: 0 every step and expectation held, 1 one did not, 2 bad usage.

Examples:
  $ npx mcoin bridge e2e/scenarios/purchase-paid.json --out paid.json
  $ npx mcoin bridge --schema > scenario.schema.json
  $ npx mcoin bridge diff paid.json failed.json
  $ npx mcoin bridge verify paid.json --expect e2e/scenarios/purchase-paid.json`,
      )
      .action((file: string | undefined, raw: unknown) => bridge(io, file, raw))
      // `mcoin bridge diff A B --json` is diff's --json, not the runner's.
      .enablePositionalOptions()
      .addCommand(diffCommand(io))
      .addCommand(verifyCommand(io))
  );
}

async function bridge(io: CliIo, file: string | undefined, raw: unknown): Promise<void> {
  // zod, the scenario runner and its browser load here, when it runs, not for --help.
  const { z } = await import("zod");
  const { readScenario, runScenario } = await import("../bridge/runner");
  const { scenarioJsonSchema } = await import("../bridge/scenario");
  const { formatEntry } = await import("../bridge/transcript");
  const { addressOf } = await import("../context");

  const options = parseOptions(
    z.object({
      app: z.string().url().optional(),
      sandbox: z.string().url().optional(),
      controlToken: z.string().optional(),
      headed: z.boolean().default(false),
      out: z.string().optional(),
      screenshots: z.string().optional(),
      schema: z.boolean().default(false),
      json: z.boolean().default(false),
    }),
    raw,
    "bridge",
  );
  if (options.schema) {
    writeJson(io.stdout, scenarioJsonSchema(), 2);
    return;
  }
  if (!file) throw usageError("name a scenario file", "see: mcoin bridge --help");
  const app = addressOf(io, "mall", options.app, "--app");
  const sandbox = addressOf(io, "sandbox", options.sandbox, "--sandbox");
  if (!existsSync(file)) throw usageError(`${file} does not exist`);
  if (options.headed && process.platform === "linux" && !io.env.DISPLAY && !io.env.WAYLAND_DISPLAY) {
    throw usageError("--headed needs a display (DISPLAY is not set)", "run headless, or under xvfb-run");
  }
  let loaded;
  try {
    loaded = await readScenario(file);
  } catch (error) {
    throw usageError((error as Error).message, "see: mcoin bridge --schema");
  }
  writeLines(
    io.stderr,
    loaded.warnings.map((warning) => `warning: ${warning}`),
  );
  if (!options.json) writeLines(io.stdout, [`scenario: ${loaded.scenario.name}`]);
  let transcript;
  try {
    transcript = await runScenario({
      ...loaded,
      appUrl: app,
      sandboxUrl: sandbox,
      controlToken: options.controlToken,
      headed: options.headed,
      screenshotsDir: options.screenshots,
      chromium: io.env.MCOIN_CHROMIUM,
      fetch: io.fetch,
      pageLog: io.env.MCOIN_BRIDGE_DEBUG ? (line) => writeLines(io.stderr, [line]) : undefined,
      onEntry: options.json ? undefined : (entry) => writeLines(io.stdout, formatEntry(entry)),
    });
  } catch (error) {
    throw new CliError("BRIDGE_FAILED", (error as Error).message.split("\n")[0], {
      suggestion: `is the mall running at ${app} and the sandbox at ${sandbox}? (npm start) To reach them elsewhere: --app URL (or MCOIN_APP_URL) and --sandbox URL (or MCOIN_SANDBOX_URL)`,
    });
  }
  if (options.out) {
    mkdirSync(dirname(resolve(options.out)), { recursive: true });
    writeFileSync(options.out, `${JSON.stringify(transcript, null, 2)}\n`);
  }
  const { expectations, entries, final, ok } = transcript;
  output(io, options.json, transcript, () => {
    const lines = expectations.map((result) => `${result.ok ? "✓" : "✗"} ${result.message}`);
    const failedStep = entries.find((entry) => entry.kind === "step" && !entry.ok);
    return [
      `ended on ${final.path}`,
      ...lines,
      failedStep && failedStep.kind === "step" ? `✗ ${failedStep.error}` : null,
      ok ? "ok" : "FAILED",
      options.out ? `transcript: ${options.out}` : null,
    ].filter((line) => line !== null);
  });
  if (!ok) io.exitCode = 1;
}

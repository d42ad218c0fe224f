/**
 * `mcoin bridge SCENARIO`: the mall in real Chromium with a scripted host in place of the wallet's
 * bridge (cli/bridge/runner.ts). Prints a transcript of every bridge call with its arguments and
 * answer and every host event, writes it as JSON with --out, exits 1 when a step or an expectation
 * fails. `mcoin bridge diff A B` compares two transcripts, ignoring times; `mcoin bridge verify T
 * --expect FILE` checks a saved transcript against expectations (a scenario file, or a bare list).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { Command, Option } from "commander";
import { z } from "zod";
import { CONTROL_TOKEN_ENV, sandboxUrl } from "../context";
import { CliError, usageError } from "../errors";
import { output, parseOptions } from "../options";
import { readScenario, runScenario } from "../bridge/runner";
import { ExpectationSchema, scenarioJsonSchema } from "../bridge/scenario";
import { checkExpectation, diffTranscripts, formatDifferences, type Transcript, type TranscriptEntry } from "../bridge/transcript";

const RunOptions = z.object({
  app: z.string().url(),
  sandbox: z.string().url(),
  controlToken: z.string().optional(),
  headed: z.boolean().default(false),
  out: z.string().optional(),
  screenshots: z.string().optional(),
  schema: z.boolean().default(false),
  json: z.boolean().default(false),
});

const short = (value: unknown, max = 160) => {
  const text = JSON.stringify(value) ?? "";
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};

/** One entry as the terminal shows it. */
export function formatEntry(entry: TranscriptEntry): string {
  const number = `#${String(entry.seq).padStart(3, " ")}`;
  if (entry.kind === "call") {
    const answer = entry.timedOut ? "(no answer: timeout)" : entry.error ? `✗ ${entry.error.errorCode} ${entry.error.errorMessage}` : short(entry.answer ?? {});
    return `${number} → ${entry.method} ${short(entry.args)}\n       ← ${answer}${entry.note ? `  (${entry.note})` : ""}`;
  }
  if (entry.kind === "event") return `${number} ⚑ host ${entry.event}${entry.detail ? ` ${short(entry.detail)}` : ""}`;
  if (entry.kind === "gateway") return `${number}   gateway ${entry.method} ${entry.path}`;
  return `${number} ▸ ${short(entry.step)}${entry.ok ? "" : `\n       ✗ ${entry.error}`}`;
}

function readJson(file: string): unknown {
  if (!existsSync(file)) throw usageError(`${file} does not exist`);
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw usageError(`${file} is not JSON: ${(error as Error).message}`);
  }
}

const TranscriptFileSchema = z.object({ entries: z.array(z.record(z.string(), z.unknown())), final: z.object({ path: z.string(), text: z.string() }) }).passthrough();

function readTranscript(file: string): Transcript {
  const parsed = TranscriptFileSchema.safeParse(readJson(file));
  if (!parsed.success) throw usageError(`${file} is not a bridge transcript (written by mcoin bridge --out)`);
  return parsed.data as unknown as Transcript;
}

export function bridgeCommand(): Command {
  const bridge = new Command("bridge")
    .description("run the mall in Chromium with a scripted wallet host; print and save the transcript of bridge calls")
    .argument("[scenario]", "a scenario file (JSON), e.g. e2e/scenarios/purchase-paid.json")
    .addOption(new Option("--app <url>", "the mall's address").env("MCOIN_APP_URL").default("http://localhost:3000"))
    .addOption(new Option("--sandbox <url>", "the sandbox gateway's address").default(sandboxUrl()))
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
    .action(async (file: string | undefined, raw) => {
      const options = parseOptions(RunOptions, raw, "bridge");
      if (options.schema) {
        process.stdout.write(`${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`);
        return;
      }
      if (!file) throw usageError("name a scenario file", "see: mcoin bridge --help");
      if (!existsSync(file)) throw usageError(`${file} does not exist`);
      if (options.headed && process.platform === "linux" && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
        throw usageError("--headed needs a display (DISPLAY is not set)", "run headless, or under xvfb-run");
      }
      let loaded;
      try {
        loaded = await readScenario(file);
      } catch (error) {
        throw usageError((error as Error).message, "see: mcoin bridge --schema");
      }
      if (!options.json) process.stdout.write(`scenario: ${loaded.scenario.name}\n`);
      let transcript: Transcript;
      try {
        transcript = await runScenario({
          ...loaded,
          appUrl: options.app,
          sandboxUrl: options.sandbox,
          controlToken: options.controlToken,
          headed: options.headed,
          screenshotsDir: options.screenshots,
          onEntry: options.json ? undefined : (entry) => process.stdout.write(`${formatEntry(entry)}\n`),
        });
      } catch (error) {
        throw new CliError("BRIDGE_FAILED", (error as Error).message.split("\n")[0], { suggestion: `is the mall running at ${options.app} and the sandbox at ${options.sandbox}? (npm start)` });
      }
      if (options.out) {
        mkdirSync(dirname(resolve(options.out)), { recursive: true });
        writeFileSync(options.out, `${JSON.stringify(transcript, null, 2)}\n`);
      }
      output(options.json, transcript, () => {
        const lines = transcript.expectations.map((result) => `${result.ok ? "✓" : "✗"} ${result.message}`);
        const failedStep = transcript.entries.find((entry) => entry.kind === "step" && !entry.ok);
        return [
          `ended on ${transcript.final.path}`,
          ...lines,
          failedStep && failedStep.kind === "step" ? `✗ ${failedStep.error}` : null,
          transcript.ok ? "ok" : "FAILED",
          options.out ? `transcript: ${options.out}` : null,
        ]
          .filter(Boolean)
          .join("\n");
      });
      if (!transcript.ok) process.exitCode = 1;
    });

  bridge
    .command("diff")
    .description("compare two transcripts (times and signatures ignored); exit 1 when they differ")
    .argument("<a>", "a transcript (mcoin bridge --out)")
    .argument("<b>", "another transcript")
    .option("--gateway", "compare the gateway calls too (they interleave differently on every run)")
    .option("--json", "print the differences as JSON")
    .action((a: string, b: string, raw: { json?: boolean; gateway?: boolean }) => {
      const differences = diffTranscripts(readTranscript(a), readTranscript(b), { gateway: Boolean(raw.gateway) });
      output(Boolean(raw.json), differences, () => formatDifferences(differences));
      if (differences.length > 0) process.exitCode = 1;
    });

  bridge
    .command("verify")
    .description("check a saved transcript against expectations; exit 1 naming each that does not hold")
    .argument("<transcript>", "a transcript (mcoin bridge --out)")
    .requiredOption("--expect <file>", "a scenario file (its expect list) or a JSON list of expectations")
    .option("--json", "print the results as JSON")
    .action((file: string, raw: { expect: string; json?: boolean }) => {
      const transcript = readTranscript(file);
      const source = readJson(raw.expect);
      const list = Array.isArray(source) ? source : (source as { expect?: unknown }).expect;
      const parsed = z.array(ExpectationSchema).safeParse(list ?? []);
      if (!parsed.success) throw usageError(`${raw.expect}: ${parsed.error.issues[0]?.path.join(".")}: ${parsed.error.issues[0]?.message}`);
      const results = parsed.data.map((expectation) => checkExpectation(transcript, expectation));
      output(Boolean(raw.json), results, () => results.map((result) => `${result.ok ? "✓" : "✗"} ${result.message}`).join("\n") || "no expectations");
      if (results.some((result) => !result.ok)) process.exitCode = 1;
    });

  return bridge;
}

/** What `mcoin bridge` and its subcommands run (their definitions, cli/commands/bridge.ts, load this only when they run). */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { z } from "zod";
import { CliError, usageError } from "../errors";
import { output, parseOptions } from "../options";
import { readScenario, runScenario } from "../bridge/runner";
import { ExpectationSchema, scenarioJsonSchema } from "../bridge/scenario";
import { checkExpectation, diffTranscripts, formatDifferences, type Transcript } from "../bridge/transcript";
import { writeJson, writeLines } from "../terminal-text";
import { formatEntry } from "../bridge/transcript";

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

export async function runBridge(file: string | undefined, raw: unknown): Promise<void> {
  const options = parseOptions(RunOptions, raw, "bridge");
  if (options.schema) {
    writeJson(process.stdout, scenarioJsonSchema(), 2);
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
  if (!options.json) writeLines(process.stdout, [`scenario: ${loaded.scenario.name}`]);
  let transcript: Transcript;
  try {
    transcript = await runScenario({
      ...loaded,
      appUrl: options.app,
      sandboxUrl: options.sandbox,
      controlToken: options.controlToken,
      headed: options.headed,
      screenshotsDir: options.screenshots,
      onEntry: options.json ? undefined : (entry) => writeLines(process.stdout, formatEntry(entry)),
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
    ].filter((line) => line !== null);
  });
  if (!transcript.ok) process.exitCode = 1;
}

export function runDiff(a: string, b: string, raw: { json?: boolean; gateway?: boolean }): void {
  const differences = diffTranscripts(readTranscript(a), readTranscript(b), { gateway: Boolean(raw.gateway) });
  output(Boolean(raw.json), differences, () => formatDifferences(differences));
  if (differences.length > 0) process.exitCode = 1;
}

export function runVerify(file: string, raw: { expect: string; json?: boolean }): void {
  const transcript = readTranscript(file);
  const source = readJson(raw.expect);
  const list = Array.isArray(source) ? source : (source as { expect?: unknown }).expect;
  const parsed = z.array(ExpectationSchema).safeParse(list ?? []);
  if (!parsed.success) throw usageError(`${raw.expect}: ${parsed.error.issues[0]?.path.join(".")}: ${parsed.error.issues[0]?.message}`);
  const results = parsed.data.map((expectation) => checkExpectation(transcript, expectation));
  output(Boolean(raw.json), results, () => (results.length === 0 ? ["no expectations"] : results.map((result) => `${result.ok ? "✓" : "✗"} ${result.message}`)));
  if (results.some((result) => !result.ok)) process.exitCode = 1;
}

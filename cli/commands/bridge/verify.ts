/**
 * `mcoin bridge verify TRANSCRIPT --expect FILE`: a saved transcript checked against expectations (a
 * scenario file's, or a bare list), so a run captured once can guard a flow.
 */
import { Command } from "commander";
import { usageError } from "../../errors";
import type { CliIo } from "../../io";
import { output } from "../../options";

export function verifyCommand(io: CliIo): Command {
  return new Command("verify")
    .description("check a saved transcript against expectations; exit 1 naming each that does not hold")
    .argument("<transcript>", "a transcript (mcoin bridge --out)")
    .requiredOption("--expect <file>", "a scenario file (its expect list) or a JSON list of expectations")
    .option("--json", "print the results as JSON")
    .action((file: string, raw: { expect: string; json?: boolean }, command: Command) => verify(io, file, raw, command));
}

async function verify(io: CliIo, file: string, raw: { expect: string; json?: boolean }, command: Command): Promise<void> {
  // zod, the scenario's schema and the transcripts load here, when it runs, not for --help.
  const { z } = await import("zod");
  const { ExpectationSchema } = await import("../../bridge/scenario");
  const { checkExpectation } = await import("../../bridge/transcript");
  const { readJson, readTranscript } = await import("../../bridge/transcript-file");

  const transcript = readTranscript(file);
  const source = readJson(raw.expect);
  const list = Array.isArray(source) ? source : (source as { expect?: unknown }).expect;
  const parsed = z.array(ExpectationSchema).safeParse(list ?? []);
  if (!parsed.success) throw usageError(`${raw.expect}: ${parsed.error.issues[0]?.path.join(".")}: ${parsed.error.issues[0]?.message}`);
  const results = parsed.data.map((expectation) => checkExpectation(transcript, expectation));
  // --json before `verify` (`mcoin bridge --json verify ...`) is taken as meant too.
  output(io, Boolean(raw.json || command.parent?.opts().json), results, () => (results.length === 0 ? ["no expectations"] : results.map((result) => `${result.ok ? "✓" : "✗"} ${result.message}`)));
  if (results.some((result) => !result.ok)) io.exitCode = 1;
}

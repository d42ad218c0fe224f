/** `mcoin bridge diff A B`: two transcripts compared, times, sequence numbers, nonces and signatures ignored. */
import { Command } from "commander";
import type { CliIo } from "../../io";
import { output } from "../../options";

export function diffCommand(io: CliIo): Command {
  return new Command("diff")
    .description("compare two transcripts (times and signatures ignored); exit 1 when they differ")
    .argument("<a>", "a transcript (mcoin bridge --out)")
    .argument("<b>", "another transcript")
    .option("--gateway", "compare the gateway calls too (they interleave differently on every run)")
    .option("--json", "print the differences as JSON")
    .action((a: string, b: string, raw: { json?: boolean; gateway?: boolean }, command: Command) => diff(io, a, b, raw, command));
}

async function diff(io: CliIo, a: string, b: string, raw: { json?: boolean; gateway?: boolean }, command: Command): Promise<void> {
  // zod and the transcripts' comparison load here, when it runs, not for --help.
  const { diffTranscripts, formatDifferences } = await import("../../bridge/transcript");
  const { readTranscript } = await import("../../bridge/transcript-file");

  const differences = diffTranscripts(readTranscript(a), readTranscript(b), { gateway: Boolean(raw.gateway) });
  // --json before `diff` (`mcoin bridge --json diff A B`) is taken as meant too.
  const json = Boolean(raw.json || command.parent?.opts().json);
  output(io, json, differences, () => formatDifferences(differences));
  if (differences.length > 0) io.exitCode = 1;
}

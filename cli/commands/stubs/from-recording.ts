/**
 * `mcoin stubs from-recording DIR --out ROOT`: a recording folder (or file) written as a WireMock
 * root, `ROOT/mappings/` and `ROOT/__files/`, that WireMock and `mcoin sandbox --stubs ROOT` both
 * load (harness/stubs; docs/stubs.md, "Mappings from recordings").
 */
import { Command } from "commander";
import type { CliIo } from "../../io";
import { output, parseOptions } from "../../options";

export function fromRecordingCommand(io: CliIo): Command {
  return new Command("from-recording")
    .description("write a recording folder as WireMock mappings (mappings/ and __files/)")
    .argument("<dir>", "a recording folder (mcoin record --out), or one recording or HAR file")
    .requiredOption("--out <root>", "the WireMock root to write: a new or empty folder")
    .option("--force", "write into a folder that is not empty, replacing its mappings/ and __files/")
    .option("--json", "print what was written as JSON")
    .addHelpText(
      "after",
      `
Examples:
  $ npx mcoin stubs from-recording examples/partner-ci/recordings/real-member --out stubs/real-member
  $ java -jar wiremock-standalone.jar --root-dir stubs/real-member
  $ npx mcoin sandbox --stubs stubs/real-member`,
    )
    .action((dir: string, raw: unknown) => fromRecording(io, dir, raw));
}

async function fromRecording(io: CliIo, dir: string, raw: unknown): Promise<void> {
  const { z } = await import("zod");
  const { writeWireMockRoot } = await import("#harness/stubs");
  const options = parseOptions(z.object({ out: z.string().min(1), force: z.boolean().default(false), json: z.boolean().default(false) }), raw, "stubs from-recording");
  const written = await writeWireMockRoot(dir, options.out, { force: options.force });
  output(io, options.json, written, () => [
    ...written.notes,
    `wrote ${written.mappings.length} mapping${written.mappings.length === 1 ? "" : "s"} to ${options.out}/mappings and ${written.files.length} file${written.files.length === 1 ? "" : "s"} to ${options.out}/__files`,
    ...[...written.mappings, ...written.files].map((file) => `  ${file}`),
  ]);
}

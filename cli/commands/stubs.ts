/** `mcoin stubs`: WireMock stub mappings made from what the harness keeps (cli/commands/stubs/). */
import { Command } from "commander";
import type { CliIo } from "../io";
import { fromRecordingCommand } from "./stubs/from-recording";

export function stubsCommand(io: CliIo): Command {
  return new Command("stubs")
    .description("WireMock stub mappings made from recordings")
    .addHelpText(
      "after",
      `
Example:
  $ npx mcoin stubs from-recording examples/partner-ci/recordings/real-member --out stubs/real-member`,
    )
    .addCommand(fromRecordingCommand(io));
}

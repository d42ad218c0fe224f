/**
 * `mcoin replay FILE|DIR`: sends recorded exchanges again (plain or through the secure gateway,
 * built by the app's own client code) and compares each reply with the recorded one, field by
 * field, leaving out the recording's `ignore` paths; exits 1 when any differ. Recordings are JSON
 * files or HAR files (cli/har-read.ts). Each recording says whom it acts as (`needs`), so a folder
 * replays with no flags; what still cannot be sent is reported as skipped (an error with --strict).
 * With --drift it compares shapes instead of values (cli/drift.ts): per endpoint, the fields whose
 * presence or type differ from the recording and from the app's zod declaration.
 */
import { Command, Option } from "commander";
import { CONTROL_TOKEN_ENV } from "#core/environments";
import { baseUrlOption, envOption } from "../flags";
import { DEFAULT_MAX_AGE_DAYS, MAX_AGE_ENV } from "../replay-defaults";

export function replayCommand(): Command {
  return new Command("replay")
    .description("send recorded exchanges again and compare the replies with the recorded ones (or their shapes, with --drift)")
    .argument("<path>", "a recording (.json), a HAR file (.har) or a folder of them, e.g. fixtures/recordings")
    .addOption(envOption())
    .addOption(baseUrlOption())
    .option("--token <token>", "the member's token for every recording that needs one (instead of its needs.member)")
    .option("--login <openId>", "sign in as this member for every recording that needs a token (instead of its needs.member)")
    .option("--cust <ciphertext>", "the task-center member ciphertext for every recording that needs one (instead of its needs.cust)")
    .option("--reset", "reset the sandbox to its fixtures first (sandbox only)")
    .addOption(new Option("--control-token <token>", "the sandbox's control token, for --reset when it has one").env(CONTROL_TOKEN_ENV))
    .option("--strict", "fail (exit 1) when any recording is skipped")
    .addOption(new Option("--max-age <days>", "warn about recordings older than this many days").env(MAX_AGE_ENV).default(String(DEFAULT_MAX_AGE_DAYS)))
    .option("--drift", "compare the shapes of the live replies (fields and types, not values) with the recordings and the app's declarations")
    .option("--json", "print JSON")
    .addHelpText("after", `
Examples:
  $ npx mcoin replay fixtures/recordings
  $ npx mcoin replay capture.har --login mpay-1001
  $ npx mcoin replay fixtures/recordings --env uat --drift`)
    // What it runs (zod, the app's clients and endpoint declarations, the recordings) loads only when it runs.
    .action(async (path: string, raw: unknown) => (await import("./replay.run")).runReplayCommand(path, raw));
}

/**
 * `mcoin replay FILE|DIR`: sends recorded exchanges again (plain or through the secure gateway,
 * built by the app's own client code) and compares each reply with the recorded one, field by
 * field, leaving out the recording's `ignore` paths; exits 1 when any differ. Recordings are JSON
 * files or HAR files (cli/har-read.ts). Each recording says whom it acts as (`needs`), so a folder
 * replays with no flags; what still cannot be sent is reported as skipped (an error with --strict).
 * With --drift it compares shapes instead of values (cli/drift.ts): per endpoint, the fields whose
 * presence or type differ from the recording and from the registry's zod declaration. The sending
 * and comparing is cli/replayer.ts; this file reads the options and prints.
 */
import { Command, Option } from "commander";
import { CONTROL_TOKEN_ENV } from "#core/environments";
import type { Outcome } from "../replayer";
import { EXIT_FAILURE, usageError } from "../errors";
import { baseUrlOption, envOption } from "../flags";
import { output, parseOptions } from "../options";
import { writeLines } from "../terminal-text";

/** How old a recording may grow before replay warns about it. */
const MAX_AGE_ENV = "MCOIN_REPLAY_MAX_AGE_DAYS";
const DEFAULT_MAX_AGE_DAYS = 180;

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
    .addHelpText(
      "after",
      `
Examples:
  $ npx mcoin replay fixtures/recordings
  $ npx mcoin replay capture.har --login mpay-1001
  $ npx mcoin replay fixtures/recordings --env uat --drift`,
    )
    .action(replay);
}

async function replay(path: string, raw: unknown): Promise<void> {
  // zod, the app's clients, the registry and the recordings load here, when it runs, not for --help.
  const { z } = await import("zod");
  const controls = await import("#core/controls/declarations");
  const { EnvSchema, apiBaseUrl } = await import("../context");
  const { readRecordings } = await import("../recording-files");
  const { control } = await import("../sandbox-control");
  const { ageWarnings, credentialsFor, driftReports, endpointLines, outcomeLines, plural, replayOne, skipNotice } = await import("../replayer");

  const options = parseOptions(
    z.object({
      env: EnvSchema,
      baseUrl: z.string().url().optional(),
      token: z.string().optional(),
      login: z.string().optional(),
      cust: z.string().optional(),
      reset: z.boolean().default(false),
      controlToken: z.string().optional(),
      json: z.boolean().default(false),
      strict: z.boolean().default(false),
      drift: z.boolean().default(false),
      maxAge: z.coerce
        .number({ error: `a number of days (or set ${MAX_AGE_ENV})` })
        .positive({ error: "a number of days above 0" })
        .default(DEFAULT_MAX_AGE_DAYS),
    }),
    raw,
    "replay",
  );
  const recordings = readRecordings(path);
  const base = apiBaseUrl(options.env, options.baseUrl);
  // --reset: the sandbox back to its fixtures, so recordings made on a fresh one match again.
  if (options.reset) {
    if (options.env !== "sandbox") throw usageError("--reset resets the sandbox; it only works with --env sandbox");
    await control({ baseUrl: base, controlToken: options.controlToken }, controls.reset);
  }
  const warnings = ageWarnings(recordings, options.maxAge, Date.now());
  if (!options.json)
    writeLines(
      process.stderr,
      warnings.map((warning) => `warning: ${warning}`),
    );
  const credentials = await credentialsFor(options);

  if (options.drift) {
    const reports = await driftReports(options, base, recordings, credentials);
    const drifted = reports.filter((report) => report.drifts.length > 0);
    const unchecked = reports.filter((report) => report.drifts.length === 0 && report.skipped.length + report.failed.length === report.recordings.length);
    const skipped = reports.flatMap((report) => report.skipped);
    const failed = reports.flatMap((report) => report.failed);
    const summary = {
      endpoints: reports.length,
      drifted: drifted.length,
      unchecked: unchecked.length,
      recordings: recordings.length,
      failed: failed.length,
      skipped: skipped.length,
    };
    output(
      options.json,
      {
        summary,
        endpoints: reports.map(({ drifts, ...report }) => ({ ...report, drifts: drifts.map(({ reference, drift, line }) => ({ reference, ...drift, line })) })),
        warnings,
        strict: options.strict,
      },
      () => [
        ...reports.flatMap(endpointLines),
        "",
        `${plural(summary.drifted, "endpoint drifted", "endpoints drifted")}, ${summary.endpoints - summary.drifted - summary.unchecked} without drift, ${summary.unchecked} not checked (${plural(summary.recordings, "recording", "recordings")}; ${summary.failed} failed, ${summary.skipped} skipped)`,
        ...skipNotice(skipped, options.strict),
      ],
    );
    if (summary.drifted > 0 || summary.failed > 0 || (options.strict && summary.skipped > 0)) process.exitCode = EXIT_FAILURE;
    return;
  }

  const outcomes: Outcome[] = [];
  for (const [index, file] of recordings.entries()) {
    const outcome = await replayOne(options, base, file, credentials);
    outcomes.push(outcome);
    if (!options.json) writeLines(process.stdout, outcomeLines(index + 1, recordings.length, outcome));
  }
  const count = (result: Outcome["result"]) => outcomes.filter((outcome) => outcome.result === result).length;
  const summary = { matched: count("match"), differed: count("differ"), failed: count("error"), skipped: count("skipped") };
  const skipped = outcomes.filter((outcome) => outcome.result === "skipped");
  output(options.json, { summary, outcomes, warnings, strict: options.strict }, () => [
    "",
    `${summary.matched} matched, ${summary.differed} differed, ${summary.failed} failed, ${summary.skipped} skipped`,
    ...skipNotice(skipped, options.strict),
  ]);
  if (summary.differed > 0 || summary.failed > 0 || (options.strict && summary.skipped > 0)) process.exitCode = EXIT_FAILURE;
}

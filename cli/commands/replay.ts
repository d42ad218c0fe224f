/**
 * `mcoin replay FILE|DIR`: sends recorded exchanges again (plain or through the secure gateway,
 * built by the app's own client code) and compares each reply with the recorded one, field by
 * field, leaving out the recording's `ignore` paths; exits 1 when any differ. Recordings are JSON
 * files or HAR files (harness/recording/har-read.ts); a HAR copy of JSON recordings beside it is left
 * out (harness/recording/files.ts). Each recording says whom it acts as (`needs`), so a folder
 * replays with no flags. The run fails (exit 1) when anything differs or fails, when nothing was
 * checked, and when anything was skipped unless --allow-skips: CI must not pass on a replay that
 * checked nothing. Volatile values (times, the gateway's host, order numbers) are compared by form
 * (harness/replay/normalise.ts) unless --exact; calls that depend on elapsed time wait as recorded
 * (harness/replay/pace.ts) unless --pace fast.
 * Calls to the sandbox's own controls in a recording (harness/recording/control-calls.ts) are not
 * sent unless --allow-controls, and the run names them apart from the skips.
 * With --drift it compares shapes instead of values (harness/replay/drift.ts): per endpoint, the
 * fields whose presence or type differ from the recording and from the registry's zod declaration.
 * The sending and comparing is harness/replay's; this file reads the options and prints.
 */
import { Command, Option } from "commander";
import { CONTROL_TOKEN_ENV, DEFAULT_MALL_ORIGINS } from "#core/environments";
import type { Outcome } from "#harness/replay";
import { EXIT_FAILURE, usageError } from "../errors";
import { baseUrlOption, envOption } from "../flags";
import type { CliIo } from "../io";
import { output, parseOptions } from "../options";
import { writeLines } from "../terminal-text";

/** Repeated --ignore options, in order. */
function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** How old a recording may grow before replay warns about it. */
const MAX_AGE_ENV = "MCOIN_REPLAY_MAX_AGE_DAYS";
const DEFAULT_MAX_AGE_DAYS = 180;

export function replayCommand(io: CliIo): Command {
  return new Command("replay")
    .description("send recorded exchanges again and compare the replies with the recorded ones (or their shapes, with --drift)")
    .argument("<path>", "a recording (.json), a HAR file (.har) or a folder of them, e.g. fixtures/recordings")
    .addOption(envOption())
    .addOption(baseUrlOption())
    .option("--app <url>", `the mall's address, where the sandbox's sign-in page returns a member (default: MCOIN_APP_URL, else ${DEFAULT_MALL_ORIGINS.join(" or ")})`)
    .option("--token <token>", "the member's token for every recording that needs one (instead of its needs.member)")
    .option("--login <openId>", "sign in as this member for every recording that needs a token (instead of its needs.member)")
    .option("--cust <ciphertext>", "the task-center member ciphertext for every recording that needs one (instead of its needs.cust)")
    .option("--reset", "reset the sandbox to its fixtures first (sandbox only); the recordings' members it does not know are created after")
    .addOption(new Option("--control-token <token>", "the sandbox's control token, for --reset when it has one").env(CONTROL_TOKEN_ENV))
    .option("--allow-skips", "do not fail the run (exit 1) when a recording is skipped")
    .option("--allow-controls", "send the sandbox's control calls (/__sandbox/..., /oauth/...) a recording holds; they are left out otherwise")
    .addOption(new Option("--strict", "fail when a recording is skipped (the default)").hideHelp())
    .option("--ignore <jsonpath>", "leave this reply field out of every comparison, beside each file's ignore (repeatable), e.g. '$.data.sysTime'", collect)
    .addOption(
      new Option("--pace <pace>", "recorded: wait before a call that depends on elapsed time (a task's completion notice) as long as when recorded; fast: never wait")
        .choices(["recorded", "fast"])
        .default("recorded"),
    )
    .option("--exact", "compare times, the gateway's host, order numbers and codes as they are, not by their form")
    .addOption(new Option("--max-age <days>", "warn about recordings older than this many days").env(MAX_AGE_ENV).default(String(DEFAULT_MAX_AGE_DAYS)))
    .option("--drift", "compare the shapes of the live replies (fields and types, not values) with the recordings and the app's declarations")
    .option("--json", "print JSON")
    .addHelpText(
      "after",
      `
Examples:
  $ npx mcoin replay fixtures/recordings
  $ npx mcoin replay recordings --reset --ignore '$.data.list[*].likes'
  $ npx mcoin replay capture.har --login mpay-1001
  $ npx mcoin replay fixtures/recordings --env uat --drift`,
    )
    .action((path: string, raw: unknown) => replay(io, path, raw));
}

async function replay(io: CliIo, path: string, raw: unknown): Promise<void> {
  // zod, the app's clients, the registry and the recordings load here, when it runs, not for --help.
  const { z } = await import("zod");
  const controls = await import("#core/controls/declarations");
  const { EnvSchema } = await import("../context");
  const { JsonPathSchema, loadRecordings } = await import("#harness/recording");
  const { readRedaction } = await import("#harness/redaction");
  const { control } = await import("../sandbox-control");
  const { replayTarget } = await import("../replay-target");
  const { createPersonas } = await import("../replay-personas");
  const { controlCallsApart, controlNotice, controlsSentWarning } = await import("#harness/replay");
  const { KeyRing, Pacer, PACES, ageWarnings, credentialsFor, describeRepeated, driftReports, endpointLines, outcomeLines, plural, repeatedAcrossRecordings, replayExitCode, replayOne, skipNotice } =
    await import("#harness/replay");

  const options = parseOptions(
    z.object({
      env: EnvSchema,
      baseUrl: z.string().url().optional(),
      app: z.string().url().optional(),
      token: z.string().optional(),
      login: z.string().optional(),
      cust: z.string().optional(),
      reset: z.boolean().default(false),
      controlToken: z.string().optional(),
      json: z.boolean().default(false),
      strict: z.boolean().default(false),
      allowSkips: z.boolean().default(false),
      allowControls: z.boolean().default(false),
      ignore: z.array(JsonPathSchema).default([]),
      pace: z.enum(PACES).default("recorded"),
      exact: z.boolean().default(false),
      drift: z.boolean().default(false),
      maxAge: z.coerce
        .number({ error: `a number of days (or set ${MAX_AGE_ENV})` })
        .positive({ error: "a number of days above 0" })
        .default(DEFAULT_MAX_AGE_DAYS),
    }),
    raw,
    "replay",
  );
  if (options.strict && options.allowSkips) throw usageError("--strict and --allow-skips contradict each other", "a skip fails the run unless --allow-skips");
  const loaded = loadRecordings(path, readRedaction);
  const { notes } = loaded;
  // The sandbox's controls in a recording act on the target's state: set apart unless asked for.
  const { recordings, controls: leftOut, allowed } = controlCallsApart(loaded.recordings, options.allowControls);
  const controlLines = controlNotice(leftOut);
  const target = replayTarget(io, options);
  const base = target.apiBase;
  // --reset: the sandbox back to its fixtures, so recordings made on a fresh one match again.
  if (options.reset) {
    if (options.env !== "sandbox") throw usageError("--reset resets the sandbox; it only works with --env sandbox");
    await control(io, { baseUrl: base, controlToken: options.controlToken }, controls.reset);
  }
  // The members the recordings act as, created on a sandbox that does not know them (never on a real environment).
  const personas =
    options.env === "sandbox" && !options.token ? await createPersonas(io, { baseUrl: base, controlToken: options.controlToken }, recordings, options.login) : { created: [], lines: [] };
  if (!options.json) writeLines(io.stderr, personas.lines);
  const warnings = [...controlsSentWarning(allowed), ...ageWarnings(recordings, options.maxAge, io.clock.now())];
  if (!options.json) writeLines(io.stderr, [...notes.map((note) => `note: ${note}`), ...warnings.map((warning) => `warning: ${warning}`)]);
  const credentials = await credentialsFor(target);
  const keys = new KeyRing();

  if (options.drift) {
    const reports = await driftReports(target, recordings, credentials, keys);
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
      controls: leftOut.length,
    };
    output(
      io,
      options.json,
      {
        summary,
        endpoints: reports.map(({ drifts, ...report }) => ({ ...report, drifts: drifts.map(({ reference, drift, line }) => ({ reference, ...drift, line })) })),
        warnings,
        notes,
        controls: leftOut,
        allowSkips: options.allowSkips,
      },
      () => [
        ...reports.flatMap(endpointLines),
        "",
        `${plural(summary.drifted, "endpoint drifted", "endpoints drifted")}, ${summary.endpoints - summary.drifted - summary.unchecked} without drift, ${summary.unchecked} not checked (${plural(summary.recordings, "recording", "recordings")}; ${summary.failed} failed, ${summary.skipped} skipped)`,
        ...skipNotice(skipped, options.allowSkips),
        ...controlLines,
        ...(summary.endpoints === summary.unchecked ? ["NOTHING WAS CHECKED: no recording could be sent"] : []),
      ],
    );
    const checked = summary.recordings - summary.failed - summary.skipped;
    if (summary.drifted > 0 || replayExitCode({ checked, failed: summary.failed, skipped: summary.skipped, differed: 0 }, options.allowSkips) !== 0) io.exitCode = EXIT_FAILURE;
    return;
  }

  const outcomes: Outcome[] = [];
  const run = { keys, ignore: options.ignore, normalise: !options.exact };
  const pacer = new Pacer(options.pace, io.clock);
  for (const [index, file] of recordings.entries()) {
    const wait = await pacer.before(file.recording);
    if (wait && !options.json)
      writeLines(io.stderr, [`waited ${(wait.ms / 1000).toFixed(1)} s before ${file.recording.name}, as long after ${wait.after} as when recorded (--pace fast does not wait)`]);
    const outcome = await replayOne(target, file, credentials, run);
    pacer.answered(file.recording);
    outcomes.push(outcome);
    if (!options.json) writeLines(io.stdout, outcomeLines(index + 1, recordings.length, outcome));
  }
  const count = (result: Outcome["result"]) => outcomes.filter((outcome) => outcome.result === result).length;
  const summary = { matched: count("match"), differed: count("differ"), failed: count("error"), skipped: count("skipped"), controls: leftOut.length };
  const skipped = outcomes.filter((outcome) => outcome.result === "skipped");
  const repeated = repeatedAcrossRecordings(outcomes.map((outcome) => (outcome.result === "differ" ? outcome.differences : [])));
  const checked = summary.matched + summary.differed;
  output(io, options.json, { summary, outcomes, repeated, warnings, notes, controls: leftOut, personas: personas.created.map(({ openId }) => openId), allowSkips: options.allowSkips }, () => [
    "",
    ...(repeated.length > 0 ? ["the same differences in several recordings:", ...repeated.map((item) => `  ${describeRepeated(item)}`), ""] : []),
    `${summary.matched} matched, ${summary.differed} differed, ${summary.failed} failed, ${summary.skipped} skipped${summary.controls > 0 ? `, ${plural(summary.controls, "control call", "control calls")} not sent` : ""}`,
    ...skipNotice(skipped, options.allowSkips),
    ...controlLines,
    ...(checked === 0 ? ["NOTHING WAS CHECKED: no reply was compared, so this run proves nothing"] : []),
  ]);
  if (replayExitCode({ ...summary, checked }, options.allowSkips) !== 0) io.exitCode = EXIT_FAILURE;
}

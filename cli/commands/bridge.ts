/**
 * `mcoin bridge SCENARIO`: the mall in real Chromium with a scripted host in place of the wallet's
 * bridge (cli/bridge/runner.ts). Prints a transcript of every bridge call with its arguments and
 * answer and every host event, writes it as JSON with --out, exits 1 when a step or an expectation
 * fails. `mcoin bridge diff A B` compares two transcripts, ignoring times; `mcoin bridge verify T
 * --expect FILE` checks a saved transcript against expectations (a scenario file, or a bare list).
 */
import { Command, Option } from "commander";
import { CONTROL_TOKEN_ENV, sandboxUrl as sandboxUrlOf } from "#core/environments";

const sandboxUrl = (): string => sandboxUrlOf(process.env);

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
    // What they run (zod, the scenario runner and its browser, the transcripts) loads only when they run.
    .action(async (file: string | undefined, raw: unknown) => (await import("./bridge.run")).runBridge(file, raw));

  bridge
    .command("diff")
    .description("compare two transcripts (times and signatures ignored); exit 1 when they differ")
    .argument("<a>", "a transcript (mcoin bridge --out)")
    .argument("<b>", "another transcript")
    .option("--gateway", "compare the gateway calls too (they interleave differently on every run)")
    .option("--json", "print the differences as JSON")
    .action(async (a: string, b: string, raw: { json?: boolean; gateway?: boolean }) => (await import("./bridge.run")).runDiff(a, b, raw));

  bridge
    .command("verify")
    .description("check a saved transcript against expectations; exit 1 naming each that does not hold")
    .argument("<transcript>", "a transcript (mcoin bridge --out)")
    .requiredOption("--expect <file>", "a scenario file (its expect list) or a JSON list of expectations")
    .option("--json", "print the results as JSON")
    .action(async (file: string, raw: { expect: string; json?: boolean }) => (await import("./bridge.run")).runVerify(file, raw));

  return bridge;
}

/**
 * The sandbox's traffic tools from the terminal: `mcoin sandbox fault` injects a fault (every kind of
 * core/controls/faults.ts), `mcoin sandbox verify` asserts on the call log (exit 1 with the closest calls
 * when it does not hold), `mcoin sandbox log` lists the calls, `--unmatched` the near misses.
 */
import { Command } from "commander";
import type { FaultFamily } from "#core/controls/faults";
import { usageError } from "../errors";
import { baseUrlFlag, controlTokenFlag } from "../flags";

const FAMILY_TITLES: Record<FaultFamily, string> = {
  reply: "Replies",
  connection: "Connections",
  latency: "Latency",
  secure: "Secure gateway",
  business: "Business (the settlement notice; use --path pay/notify)",
};

/** core/controls/faults.ts, once loadFaultKinds has loaded it. */
let faults: typeof import("#core/controls/faults") | undefined;

/**
 * Loads core/controls/faults.ts (it builds zod schemas) for `mcoin sandbox fault`'s help: `mcoin sandbox`
 * calls it before handing over to `fault`, so the kinds are there however its help is asked for
 * (--help, `mcoin sandbox help fault`, a usage error), and nothing loads for any other command.
 */
export async function loadFaultKinds(): Promise<void> {
  faults ??= await import("#core/controls/faults");
}

/** Every kind, by family, for --help. */
function kindsHelp(): string {
  if (!faults) throw new Error("the fault kinds are not loaded: call loadFaultKinds() first");
  const { FAULTS, FAULT_KINDS } = faults;
  const families = [...new Set(FAULT_KINDS.map((kind) => FAULTS[kind].family))];
  return families
    .map((family) => [`${FAMILY_TITLES[family]}:`, ...FAULT_KINDS.filter((kind) => FAULTS[kind].family === family).map((kind) => `  ${kind.padEnd(20)} ${FAULTS[kind].summary}`)].join("\n"))
    .join("\n");
}

export function faultCommand(): Command {
  return new Command("fault")
    .description("inject a fault into the running sandbox, or list or clear them (KIND: list, clear, or a kind below)")
    .argument("<kind>", `a fault kind, "list" or "clear"`)
    .option("--path <fragment>", "the calls it hits: a path or a part of one (basicinformation, getTaskDetail, pay/notify)")
    .option("--times <n>", "the next N calls (default 1, unless --percent)")
    .option("--percent <p>", "a share of the calls, drawn at random (until cleared, or --times of them)")
    .option("--ms <ms>", "delay: a fixed delay")
    .option("--uniform <min-max>", "delay: a uniform range, e.g. 50-400")
    .option("--lognormal <median,sigma>", "delay: a lognormal spread, e.g. 120,0.6")
    .option("--skew-ms <ms>", "clock-skew: how far the gateway's clock is off (default 600000)")
    .addOption(baseUrlFlag())
    .addOption(controlTokenFlag())
    .option("--json", "print JSON")
    // The kinds are core/controls/faults.ts's, loaded (with zod) by loadFaultKinds on the way to this command.
    .addHelpText(
      "after",
      () => `
Kinds:
${kindsHelp()}

Reply, reset, empty and random-bytes faults stand in for the endpoint (it never sees the call); a
truncated reply is cut after the endpoint acted (the order exists, the client never heard).

Examples:
  $ npx mcoin sandbox fault reset --path basicinformation --times 2
  $ npx mcoin sandbox fault delay --path recommend --lognormal 120,0.6 --percent 50
  $ npx mcoin sandbox fault wrong-key --path getTaskDetail
  $ npx mcoin sandbox fault notice-twice --path pay/notify
  $ npx mcoin sandbox fault list
  $ npx mcoin sandbox fault clear`,
    )
    // What it runs (zod, the sandbox's fault declarations) loads only when it runs, not for --help.
    .action(async (kind: string, raw: unknown) => (await import("./traffic.run")).runFault(kind, raw));
}

/** `$.task_no=T1`: a JSONPath, then the value (JSON when it parses, else the text). */
function parseBodyMatch(text: string, previous: { path: string; value: unknown }[] = []) {
  const at = text.indexOf("=");
  if (at <= 0 || !text.startsWith("$")) throw usageError(`--body-match ${text}: JSONPATH=VALUE, e.g. '$.task_no=T1'`);
  const raw = text.slice(at + 1);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = raw;
  }
  return [...previous, { path: text.slice(0, at), value }];
}

export function verifyCommand(): Command {
  return new Command("verify")
    .description("check the sandbox's call log: exit 0 when it holds, 1 with the closest calls when it does not")
    .requiredOption("--path <fragment>", "the calls to count: a path or a part of one")
    .option("--method <method>", "only calls with this method")
    .option("--count <n>", "exactly N calls")
    .option("--at-least <n>", "at least N calls")
    .option("--at-most <n>", "at most N calls")
    .option("--body-match <jsonpath=value>", "only calls whose body (a GET's query; the secure gateway's opened) has this value; repeatable", parseBodyMatch)
    .option("--since <seq>", "only calls after this log sequence number")
    .addOption(baseUrlFlag())
    .addOption(controlTokenFlag())
    .option("--json", "print JSON")
    .addHelpText(
      "after",
      `
With no count, at least one call must match.

Examples:
  $ npx mcoin sandbox verify --path basicinformation --at-least 3
  $ npx mcoin sandbox verify --path /api/mini/order/create --method POST --count 1
  $ npx mcoin sandbox verify --path getTaskDetail --body-match '$.task_no=T1' --at-most 2`,
    )
    .action(async (raw: unknown) => (await import("./traffic.run")).runVerify(raw));
}

export function logCommand(): Command {
  return new Command("log")
    .description("list the calls the sandbox received (--unmatched: the ones it could not answer, with what they nearly matched)")
    .option("--unmatched", "only the near misses: unknown paths, wrong methods, bodies that fail the declaration, bad envelopes")
    .option("--since <seq>", "only calls after this log sequence number")
    .option("--path <fragment>", "only calls whose path holds this")
    .addOption(baseUrlFlag())
    .addOption(controlTokenFlag())
    .option("--json", "print JSON")
    .addHelpText("after", "\nExamples:\n  $ npx mcoin sandbox log --unmatched\n  $ npx mcoin sandbox log --path basicinformation --json")
    .action(async (raw: unknown) => (await import("./traffic.run")).runLog(raw));
}

/**
 * The sandbox's traffic tools from the terminal: `mcoin sandbox fault` injects a fault (every kind of
 * sandbox/faults.ts), `mcoin sandbox verify` asserts on the call log (exit 1 with the closest calls
 * when it does not hold), `mcoin sandbox log` lists the calls, `--unmatched` the near misses.
 */
import { Command } from "commander";
import { z } from "zod";
import { FAULTS, FAULT_KINDS, describeFault, type Fault, type FaultFamily, type FaultRequest } from "../../sandbox/faults";
import type { NearMiss } from "../../sandbox/near-miss";
import type { LoggedCall } from "../../sandbox/state";
import type { Verification } from "../../sandbox/verify";
import { usageError } from "../errors";
import { output, parseOptions } from "../options";
import { baseUrlFlag, control, controlTokenFlag } from "../sandbox-control";

const Target = z.object({ baseUrl: z.string().url().optional(), controlToken: z.string().min(1).optional(), json: z.boolean().default(false) });

const FAMILY_TITLES: Record<FaultFamily, string> = {
  reply: "Replies",
  connection: "Connections",
  latency: "Latency",
  secure: "Secure gateway",
  business: "Business (the settlement notice; use --path pay/notify)",
};

/** Every kind, by family, for --help. */
function kindsHelp(): string {
  const families = [...new Set(FAULT_KINDS.map((kind) => FAULTS[kind].family))];
  return families
    .map((family) => [`${FAMILY_TITLES[family]}:`, ...FAULT_KINDS.filter((kind) => FAULTS[kind].family === family).map((kind) => `  ${kind.padEnd(20)} ${FAULTS[kind].summary}`)].join("\n"))
    .join("\n");
}

const FaultOptions = Target.extend({
  path: z.string().min(1).max(256).optional(),
  times: z.coerce.number().int().min(1).max(10_000).optional(),
  percent: z.coerce.number().min(0.1).max(100).optional(),
  ms: z.coerce.number().int().min(0).max(120_000).optional(),
  uniform: z
    .string()
    .regex(/^\d+-\d+$/, "MIN-MAX in milliseconds, e.g. 50-400")
    .transform((text) => text.split("-").map(Number) as [number, number])
    .optional(),
  lognormal: z
    .string()
    .regex(/^\d+,\d+(\.\d+)?$/, "MEDIAN,SIGMA, e.g. 120,0.6")
    .transform((text) => {
      const [median, sigma] = text.split(",").map(Number);
      return { median, sigma };
    })
    .optional(),
  skewMs: z.coerce.number().int().optional(),
});

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
    .addHelpText(
      "after",
      `
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
    .action(async (kind: string, raw) => {
      const options = parseOptions(FaultOptions, raw, "sandbox fault");
      if (kind === "list" || kind === "clear") {
        if (kind === "clear") await control(options, "DELETE", "/__sandbox/faults");
        const { data } = await control<{ faults: Fault[] }>(options, "GET", "/__sandbox/faults");
        output(options.json, data, () => (data.faults.length === 0 ? "no faults waiting" : data.faults.map(describeFault).join("\n")));
        return;
      }
      if (!(FAULT_KINDS as string[]).includes(kind)) throw usageError(`unknown fault kind "${kind}"`, `the kinds: ${FAULT_KINDS.join(", ")} (see: mcoin sandbox fault --help)`);
      if (!options.path) throw usageError("--path is required: the calls the fault hits (a path or a part of one)", "for example: --path basicinformation");
      const latency = options.uniform ? { uniform: options.uniform } : options.lognormal ? { lognormal: options.lognormal } : options.ms !== undefined ? { fixed: options.ms } : undefined;
      if (kind === "delay" && !latency) throw usageError("a delay needs --ms, --uniform or --lognormal");
      const request: FaultRequest = {
        path: options.path,
        kind: kind as FaultRequest["kind"],
        ...(options.times !== undefined ? { times: options.times } : {}),
        ...(options.percent !== undefined ? { percent: options.percent } : {}),
        ...(latency ? { latency } : {}),
        ...(options.skewMs !== undefined ? { skewMs: options.skewMs } : {}),
      };
      const { data } = await control<{ fault: Fault }>(options, "POST", "/__sandbox/faults", request);
      output(options.json, data, () => `added ${describeFault(data.fault)}`);
    });
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

const VerifyOptions = Target.extend({
  path: z.string().min(1).max(256),
  method: z.string().optional(),
  count: z.coerce.number().int().min(0).optional(),
  atLeast: z.coerce.number().int().min(0).optional(),
  atMost: z.coerce.number().int().min(0).optional(),
  bodyMatch: z.array(z.object({ path: z.string(), value: z.unknown() })).default([]),
  since: z.coerce.number().int().min(0).optional(),
});

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
    .action(async (raw) => {
      const options = parseOptions(VerifyOptions, raw, "sandbox verify");
      const { json, baseUrl, controlToken, ...request } = options;
      const { data } = await control<Verification>({ baseUrl, controlToken }, "POST", "/__sandbox/verify", request, [409]);
      output(json, data, () => describeVerification(data));
      if (!data.ok) process.exitCode = 1;
    });
}

export function describeVerification(verification: Verification): string {
  if (verification.ok) return `✓ ${verification.expected}: ${verification.matched} matched`;
  const lines = [`✗ wanted ${verification.expected}; ${verification.matched} matched`];
  if (verification.closest.length === 0) lines.push("  no call came close");
  else {
    lines.push("  closest calls:");
    for (const call of verification.closest) lines.push(`  #${call.seq} ${call.method} ${call.path}${call.differs.length ? `  (${call.differs.join("; ")})` : "  (matches)"}`);
  }
  return lines.join("\n");
}

const LogOptions = Target.extend({
  unmatched: z.boolean().default(false),
  since: z.coerce.number().int().min(0).default(0),
  path: z.string().optional(),
});

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
    .action(async (raw) => {
      const options = parseOptions(LogOptions, raw, "sandbox log");
      const query = new URLSearchParams({ since: String(options.since), ...(options.unmatched ? { unmatched: "1" } : {}) });
      const { data } = await control<{ calls: LoggedCall[] }>(options, "GET", `/__sandbox/log?${query}`);
      const calls = options.path ? data.calls.filter((call) => call.path.includes(options.path!)) : data.calls;
      output(options.json, { calls }, () => (calls.length === 0 ? (options.unmatched ? "no unmatched calls" : "no calls") : calls.map(describeCall).join("\n")));
    });
}

function describeCall(call: LoggedCall): string {
  const head = `#${call.seq} ${new Date(call.at).toISOString().slice(11, 23)} ${call.method} ${call.path}${call.openId ? ` (${call.openId})` : ""}${call.fault ? ` [fault ${call.fault}]` : ""}`;
  return call.nearMiss ? `${head}\n${describeNearMiss(call.nearMiss)}` : head;
}

function describeNearMiss(nearMiss: NearMiss): string {
  const lines = [`  ✗ ${nearMiss.message}`];
  for (const candidate of nearMiss.closest) lines.push(`    ~ ${candidate.method} ${candidate.path}${candidate.name ? ` (${candidate.name})` : ""}: differs in ${candidate.differs.join(", ") || "nothing"}`);
  return lines.join("\n");
}

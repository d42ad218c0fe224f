/** What `mcoin sandbox fault`, `verify` and `log` run (their definitions, cli/commands/traffic.ts, load this only when they run). */
import { z } from "zod";
import * as controls from "#core/controls/declarations";
import type { LoggedCallView } from "#core/controls/declarations";
import { FAULT_KINDS, describeFault, type FaultRequest } from "#core/controls/faults";
import type { Verification } from "#core/controls/verify";
import { usageError } from "../errors";
import { output, parseOptions } from "../options";
import { callControl, control } from "../sandbox-control";

const Target = z.object({ baseUrl: z.string().url().optional(), controlToken: z.string().min(1).optional(), json: z.boolean().default(false) });

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

export async function runFault(kind: string, raw: unknown): Promise<void> {
  const options = parseOptions(FaultOptions, raw, "sandbox fault");
  if (kind === "list" || kind === "clear") {
    if (kind === "clear") await control(options, controls.clearFaults);
    const data = await control(options, controls.faults);
    output(options.json, data, () => (data.faults.length === 0 ? ["no faults waiting"] : data.faults.map(describeFault)));
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
  const data = await control(options, controls.addFault, { input: request });
  output(options.json, data, () => [`added ${describeFault(data.fault)}`]);
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

export async function runVerify(raw: unknown): Promise<void> {
  const options = parseOptions(VerifyOptions, raw, "sandbox verify");
  const { json, baseUrl, controlToken, ...request } = options;
  const { data } = await callControl({ baseUrl, controlToken }, controls.verify, { input: request });
  output(json, data, () => describeVerification(data));
  if (!data.ok) process.exitCode = 1;
}

export function describeVerification(verification: Verification): string[] {
  if (verification.ok) return [`✓ ${verification.expected}: ${verification.matched} matched`];
  const lines = [`✗ wanted ${verification.expected}; ${verification.matched} matched`];
  if (verification.closest.length === 0) lines.push("  no call came close");
  else {
    lines.push("  closest calls:");
    for (const call of verification.closest) lines.push(`  #${call.seq} ${call.method} ${call.path}${call.differs.length ? `  (${call.differs.join("; ")})` : "  (matches)"}`);
  }
  return lines;
}

const LogOptions = Target.extend({
  unmatched: z.boolean().default(false),
  since: z.coerce.number().int().min(0).default(0),
  path: z.string().optional(),
});

export async function runLog(raw: unknown): Promise<void> {
  const options = parseOptions(LogOptions, raw, "sandbox log");
  const data = await control(options, controls.log, { input: { since: options.since, ...(options.unmatched ? { unmatched: "1" as const } : {}) } });
  const calls = options.path ? data.calls.filter((call) => call.path.includes(options.path!)) : data.calls;
  output(options.json, { calls }, () => (calls.length === 0 ? [options.unmatched ? "no unmatched calls" : "no calls"] : calls.flatMap(describeCall)));
}

function describeCall(call: LoggedCallView): string[] {
  const head = `#${call.seq} ${new Date(call.at).toISOString().slice(11, 23)} ${call.method} ${call.path}${call.openId ? ` (${call.openId})` : ""}${call.fault ? ` [fault ${call.fault}]` : ""}`;
  return call.nearMiss ? [head, ...describeNearMiss(call.nearMiss)] : [head];
}

function describeNearMiss(nearMiss: NonNullable<LoggedCallView["nearMiss"]>): string[] {
  const lines = [`  ✗ ${nearMiss.message}`];
  for (const candidate of nearMiss.closest) lines.push(`    ~ ${candidate.method} ${candidate.path}${candidate.name ? ` (${candidate.name})` : ""}: differs in ${candidate.differs.join(", ") || "nothing"}`);
  return lines;
}

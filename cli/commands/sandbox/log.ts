/**
 * `mcoin sandbox log`: the calls the running sandbox received; `--unmatched` the near misses, each
 * with what it nearly matched.
 */
import { Command } from "commander";
import type { LoggedCallView } from "#core/controls/declarations";
import { baseUrlFlag, controlTokenFlag } from "../../flags";
import { output, parseOptions } from "../../options";

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
    .action(log);
}

async function log(raw: unknown): Promise<void> {
  // zod and the controls' client load here, when it runs, not for --help.
  const { z } = await import("zod");
  const controls = await import("#core/controls/declarations");
  const { ControlOptionsSchema, control } = await import("../../sandbox-control");

  const options = parseOptions(
    ControlOptionsSchema.extend({
      unmatched: z.boolean().default(false),
      since: z.coerce.number().int().min(0).default(0),
      path: z.string().optional(),
    }),
    raw,
    "sandbox log",
  );
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
  for (const candidate of nearMiss.closest)
    lines.push(`    ~ ${candidate.method} ${candidate.path}${candidate.name ? ` (${candidate.name})` : ""}: differs in ${candidate.differs.join(", ") || "nothing"}`);
  return lines;
}

/**
 * `mcoin sandbox verify --path FRAGMENT [count]`: asserts on the running sandbox's call log: exit 0
 * when it holds, 1 with the closest calls when it does not.
 */
import { Command } from "commander";
import type { FaultKind } from "#core/controls/faults";
import type { Verification } from "#core/controls/verify";
import { usageError } from "../../errors";
import { baseUrlFlag, controlTokenFlag } from "../../flags";
import type { CliIo } from "../../io";
import { output, parseOptions } from "../../options";

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

export function verifyCommand(io: CliIo): Command {
  return new Command("verify")
    .description("check the sandbox's call log: exit 0 when it holds, 1 with the closest calls when it does not")
    .requiredOption("--path <fragment>", "the calls to count: a path or a part of one")
    .option("--method <method>", "only calls with this method")
    .option("--count <n>", "exactly N calls")
    .option("--at-least <n>", "at least N calls")
    .option("--at-most <n>", "at most N calls")
    .option("--body-match <jsonpath=value>", "only calls whose body (a GET's query; the secure gateway's opened) has this value; repeatable", parseBodyMatch)
    .option("--since <seq>", "only calls after this log sequence number")
    .option("--fault <kind>", "only calls this fault acted on (as the log marks them), e.g. notice-twice")
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
  $ npx mcoin sandbox verify --path getTaskDetail --body-match '$.task_no=T1' --at-most 2
  $ npx mcoin sandbox verify --path pay/notify --fault notice-twice --count 2`,
    )
    .action((raw: unknown) => verify(io, raw));
}

async function verify(io: CliIo, raw: unknown): Promise<void> {
  // zod and the controls' client load here, when it runs, not for --help.
  const { z } = await import("zod");
  const controls = await import("#core/controls/declarations");
  const { FAULT_KINDS } = await import("#core/controls/faults");
  const { ControlOptionsSchema, callControl } = await import("../../sandbox-control");

  const options = parseOptions(
    ControlOptionsSchema.extend({
      path: z.string().min(1).max(256),
      method: z.string().optional(),
      count: z.coerce.number().int().min(0).optional(),
      atLeast: z.coerce.number().int().min(0).optional(),
      atMost: z.coerce.number().int().min(0).optional(),
      bodyMatch: z.array(z.object({ path: z.string(), value: z.unknown() })).default([]),
      since: z.coerce.number().int().min(0).optional(),
      fault: z.enum(FAULT_KINDS as [FaultKind, ...FaultKind[]], { error: `one of ${FAULT_KINDS.join(", ")}` }).optional(),
    }),
    raw,
    "sandbox verify",
  );
  // Said in the flags' words before anything is sent (the sandbox would refuse it in its fields').
  if (options.count !== undefined && (options.atLeast !== undefined || options.atMost !== undefined)) {
    throw usageError(`--count ${options.count} is exact: give it alone, or --at-least and/or --at-most`, "see: mcoin sandbox verify --help");
  }
  if (options.atLeast !== undefined && options.atMost !== undefined && options.atLeast > options.atMost) {
    throw usageError(`--at-least ${options.atLeast} is above --at-most ${options.atMost}: no count can hold`, "see: mcoin sandbox verify --help");
  }
  const { json, baseUrl, controlToken, ...request } = options;
  const { data } = await callControl(io, { baseUrl, controlToken }, controls.verify, { input: request });
  output(io, json, data, () => describeVerification(data));
  if (!data.ok) io.exitCode = 1;
}

function describeVerification(verification: Verification): string[] {
  if (verification.ok) return [`✓ ${verification.expected}: ${verification.matched} matched`];
  const lines = [`✗ wanted ${verification.expected}; ${verification.matched} matched`];
  if (verification.closest.length === 0) lines.push("  no call came close");
  else {
    lines.push("  closest calls:");
    // Calls alike (the same method, path and differences) are one line, with each call's number and how many.
    const groups = new Map<string, { seqs: number[]; line: string }>();
    for (const call of verification.closest) {
      const line = `${call.method} ${call.path}${call.differs.length ? `  (${call.differs.join("; ")})` : "  (matches)"}`;
      const group = groups.get(line) ?? groups.set(line, { seqs: [], line }).get(line)!;
      group.seqs.push(call.seq);
    }
    for (const { seqs, line } of groups.values()) lines.push(`  ${seqs.map((seq) => `#${seq}`).join(", ")} ${line}${seqs.length > 1 ? ` ×${seqs.length}` : ""}`);
  }
  return lines;
}

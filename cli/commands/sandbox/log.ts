/**
 * `mcoin sandbox log`: the calls the running sandbox received; `--unmatched` the near misses, each
 * with what it nearly matched; `--follow` each call as it is answered (the traffic inspector's stream,
 * cli/call-stream.ts), one line with its registry name, member, status, time and markers, until Ctrl-C.
 * `--follow` also follows `mcoin record` (--base-url its address). `--request-id` keeps the calls one
 * mall request (one page load) made: the mall sends its request id as X-Request-Id on each.
 */
import { Command } from "commander";
import type { LoggedCallView } from "#core/controls/declarations";
import type { ExchangeSummary } from "#core/controls/inspect";
import { baseUrlFlag, controlTokenFlag } from "../../flags";
import type { CliIo } from "../../io";
import { output, parseOptions } from "../../options";

export function logCommand(io: CliIo): Command {
  return new Command("log")
    .description("list the calls the sandbox received (--unmatched: the ones it could not answer, with what they nearly matched)")
    .option("--unmatched", "only the near misses: unknown paths, wrong methods, bodies that fail the declaration, bad envelopes")
    .option("--since <seq>", "only calls after this log sequence number")
    .option("--path <fragment>", "only calls whose path holds this")
    .option("--request-id <id>", "only the calls made for this mall request (its X-Request-Id: one page load's)")
    .option("-f, --follow", "then print each call as the sandbox answers it, with its status and time, until Ctrl-C (--json: one JSON line each)")
    .addOption(baseUrlFlag())
    .addOption(controlTokenFlag())
    .option("--json", "print JSON")
    .addHelpText(
      "after",
      "\nExamples:\n  $ npx mcoin sandbox log --unmatched\n  $ npx mcoin sandbox log --path basicinformation --json\n  $ npx mcoin sandbox log --follow\n  $ npx mcoin sandbox log --request-id 3f2c1a9e-5b7d-4e2a-9c1f-0a8b6d4e2f11",
    )
    .action((raw: unknown) => log(io, raw));
}

async function log(io: CliIo, raw: unknown): Promise<void> {
  // zod and the controls' client load here, when it runs, not for --help.
  const { z } = await import("zod");
  const controls = await import("#core/controls/declarations");
  const { ControlOptionsSchema, control } = await import("../../sandbox-control");

  const options = parseOptions(
    ControlOptionsSchema.extend({
      unmatched: z.boolean().default(false),
      since: z.coerce.number().int().min(0).default(0),
      path: z.string().optional(),
      requestId: z.string().min(1).max(128).optional(),
      follow: z.boolean().default(false),
    }),
    raw,
    "sandbox log",
  );
  if (options.follow) return follow(io, options);
  const data = await control(io, options, controls.log, {
    input: { since: options.since, ...(options.unmatched ? { unmatched: "1" as const } : {}), ...(options.requestId ? { requestId: options.requestId } : {}) },
  });
  const calls = options.path ? data.calls.filter((call) => call.path.includes(options.path!)) : data.calls;
  output(io, options.json, { calls }, () => (calls.length === 0 ? [options.unmatched ? "no unmatched calls" : "no calls"] : calls.flatMap(describeCall)));
}

/** One line a call, as the sandbox answers them, until Ctrl-C. */
async function follow(io: CliIo, options: { baseUrl?: string; controlToken?: string; json: boolean; unmatched: boolean; path?: string; requestId?: string }): Promise<void> {
  const { exchangeDetail, followCalls } = await import("../../call-stream");
  const { writeJson, writeLines } = await import("../../terminal-text");
  const stop = new AbortController();
  void io.untilStopped().then(() => stop.abort());
  await followCalls(
    io,
    options,
    (call) => {
      if (options.unmatched && !call.markers.nearMiss) return;
      if (options.path && !call.path.includes(options.path)) return;
      if (options.requestId && call.requestId !== options.requestId) return;
      if (options.json) return writeJson(io.stdout, call);
      const line = describeExchange(call);
      if (!call.markers.nearMiss) return writeLines(io.stdout, [line]);
      // What it nearly matched, from the inspector's detail of it.
      void exchangeDetail(io, options, call.seq).then((detail) => writeLines(io.stdout, [line, ...(detail?.nearMiss ? describeNearMiss(detail.nearMiss) : [])]));
    },
    stop.signal,
    // Once connected, on stderr, so that --json's lines stay JSON.
    () => writeLines(io.stderr, ["following the sandbox's calls (Ctrl-C stops)"]),
  );
}

function describeCall(call: LoggedCallView): string[] {
  const answered = call.status === undefined ? "" : ` → ${call.status === 0 ? "connection cut" : call.status} in ${call.ms ?? 0} ms`;
  const markers = [call.fault ? `fault ${call.fault}` : "", call.stub ? `stub ${call.stub}` : "", call.nearMiss ? "near miss" : "", call.sealed ? "secure" : ""].filter(Boolean);
  const head = `#${call.seq} ${new Date(call.at).toISOString().slice(11, 23)} ${call.method} ${call.path}${call.openId ? ` (${call.openId})` : ""}${answered}${markers.length ? ` [${markers.join(", ")}]` : ""}${call.requestId ? ` req ${call.requestId}` : ""}`;
  return call.nearMiss ? [head, ...describeNearMiss(call.nearMiss)] : [head];
}

/** `#seq time METHOD path (name, member) → status in ms [markers] req REQUEST-ID`. */
export function describeExchange(call: ExchangeSummary): string {
  const { markers } = call;
  const about = [call.name, call.member].filter(Boolean);
  const flags = [
    markers.fault ? `fault ${markers.fault}` : "",
    markers.stub ? `stub ${markers.stub}` : "",
    markers.recorded ? "recorded" : "",
    markers.nearMiss ? "near miss" : "",
    markers.invalid ? "invalid" : "",
  ].filter(Boolean);
  const answered = `→ ${call.status === 0 ? "connection cut" : call.status} in ${call.ms} ms`;
  return `#${call.seq} ${new Date(call.at).toISOString().slice(11, 23)} ${call.method} ${call.path}${about.length ? ` (${about.join(", ")})` : ""} ${answered}${flags.length ? ` [${flags.join(", ")}]` : ""}${call.requestId ? ` req ${call.requestId}` : ""}`;
}

function describeNearMiss(nearMiss: NonNullable<LoggedCallView["nearMiss"]>): string[] {
  const lines = [`  ✗ ${nearMiss.message}`];
  for (const candidate of nearMiss.closest)
    lines.push(`    ~ ${candidate.method} ${candidate.path}${candidate.name ? ` (${candidate.name})` : ""}: differs in ${candidate.differs.join(", ") || "nothing"}`);
  // The closest stubs, each condition it missed as WireMock's diff report shows it: wanted, then sent.
  for (const stub of nearMiss.stubs ?? []) {
    lines.push(`    ~ stub ${stub.name ? `${stub.name} (${stub.id})` : stub.id}, distance ${stub.distance.toFixed(2)}:`);
    for (const differ of stub.differs) lines.push(`        ${differ.field}: wants ${differ.expected}, got ${differ.actual}`);
  }
  return lines;
}

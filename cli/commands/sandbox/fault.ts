/**
 * `mcoin sandbox fault KIND --path FRAGMENT`: injects a fault into the running sandbox (every kind of
 * core/controls/faults.ts), or lists or clears the faults waiting.
 */
import { Command } from "commander";
import type { FaultFamily } from "#core/controls/faults";
import { usageError } from "../../errors";
import { baseUrlFlag, controlTokenFlag } from "../../flags";
import type { CliIo } from "../../io";
import { output, parseOptions } from "../../options";
import { writeLines } from "../../terminal-text";

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
 * Loads core/controls/faults.ts (it builds zod schemas) for this command's help: `mcoin sandbox`
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

export function faultCommand(io: CliIo): Command {
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
    .action((kind: string, raw: unknown) => fault(io, kind, raw));
}

async function fault(io: CliIo, kind: string, raw: unknown): Promise<void> {
  // zod, the faults' declaration and the controls' client load here, when it runs, not for --help.
  const { z } = await import("zod");
  const controls = await import("#core/controls/declarations");
  const { FAULT_KINDS, describeFault } = await import("#core/controls/faults");
  const { ControlOptionsSchema, control } = await import("../../sandbox-control");

  const options = parseOptions(
    ControlOptionsSchema.extend({
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
    }),
    raw,
    "sandbox fault",
  );
  // A flag the command cannot apply is refused rather than dropped: the fault would not be the one asked for.
  const given = (["path", "times", "percent", "ms", "uniform", "lognormal", "skewMs"] as const).filter((name) => options[name] !== undefined).map(flagName);
  if (kind === "list" || kind === "clear") {
    if (given.length > 0) throw usageError(`fault ${kind} takes no ${given.join(", ")}`, `${kind} ${kind === "clear" ? "removes" : "lists"} every fault waiting`);
    if (kind === "clear") {
      const before = await control(io, options, controls.faults);
      await control(io, options, controls.clearFaults);
      const cleared = before.faults.length;
      output(io, options.json, { cleared, faults: [] }, () => [cleared === 0 ? "no faults were waiting" : `cleared ${cleared} fault${cleared === 1 ? "" : "s"}`]);
      return;
    }
    const data = await control(io, options, controls.faults);
    output(io, options.json, data, () => (data.faults.length === 0 ? ["no faults waiting"] : data.faults.map(describeFault)));
    return;
  }
  const known = FAULT_KINDS.find((name) => name === kind);
  if (!known) throw usageError(`unknown fault kind "${kind}"`, `the kinds: ${FAULT_KINDS.join(", ")} (see: mcoin sandbox fault --help)`);
  if (!options.path) throw usageError("--path is required: the calls the fault hits (a path or a part of one)", "for example: --path basicinformation");
  const delays = given.filter((flag) => ["--ms", "--uniform", "--lognormal"].includes(flag));
  if (delays.length > 1) throw usageError(`${delays.join(" and ")} are two ways to say one delay: give one`, "--ms MS (fixed), --uniform MIN-MAX or --lognormal MEDIAN,SIGMA");
  if (delays.length > 0 && known !== "delay")
    throw usageError(`${delays[0]} is for a delay; a ${known} fault has no latency`, `to slow the calls down too: mcoin sandbox fault delay --path ${options.path} ${delays[0]} ...`);
  if (options.skewMs !== undefined && known !== "clock-skew") throw usageError(`--skew-ms is for clock-skew; a ${known} fault moves no clock`);
  const latency = options.uniform ? { uniform: options.uniform } : options.lognormal ? { lognormal: options.lognormal } : options.ms !== undefined ? { fixed: options.ms } : undefined;
  if (known === "delay" && !latency) throw usageError("a delay needs --ms, --uniform or --lognormal");
  const unmatched = await pathWarning(options.path);
  if (unmatched) writeLines(io.stderr, [unmatched]);
  const data = await control(io, options, controls.addFault, {
    input: {
      path: options.path,
      kind: known,
      ...(options.times !== undefined ? { times: options.times } : {}),
      ...(options.percent !== undefined ? { percent: options.percent } : {}),
      ...(latency ? { latency } : {}),
      ...(options.skewMs !== undefined ? { skewMs: options.skewMs } : {}),
    },
  });
  output(io, options.json, unmatched ? { ...data, warning: unmatched.replace(/^warning: /, "") } : data, () => [`added ${describeFault(data.fault)}`]);
}

/** `skewMs` as it was typed: --skew-ms. */
const flagName = (name: string) => `--${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

/**
 * A warning when `fragment` is part of no path the sandbox serves from the registry (its endpoints and
 * secure functions, core/api/registry.ts): such a fault waits for a call that never comes. A warning,
 * not a refusal: a fault may wait for a path a newer sandbox serves.
 */
async function pathWarning(fragment: string): Promise<string | undefined> {
  const { API_ENDPOINTS, SECURE_FUNCTIONS } = await import("#core/api/registry");
  const { nearest } = await import("#core/text/nearest");
  const paths = [...API_ENDPOINTS.map((endpoint) => endpoint.path), ...SECURE_FUNCTIONS.map((declared) => declared.url)];
  if (paths.some((path) => path === fragment || path.includes(fragment))) return undefined;
  const segments = [...new Set(paths.flatMap((path) => path.split("/").filter(Boolean)))];
  const near = nearest(
    fragment
      .replace(/^\/+|\/+$/g, "")
      .split("/")
      .pop() ?? fragment,
    segments,
  );
  return `warning: --path ${fragment} is part of no endpoint's path (core/api/registry.ts): the fault waits for a call that may never come${near ? `; did you mean ${near}?` : ""}`;
}

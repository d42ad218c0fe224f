/**
 * `mcoin task run`: a task-center browse task from the terminal, through the app's own task client:
 * the detail and its four checks, the wait with a progress bar, then the completion notice.
 */
import { Command } from "commander";
import { CliError } from "../../errors";
import { baseUrlOption, envOption } from "../../flags";
import type { CliIo } from "../../io";
import { output, parseOptions } from "../../options";
import { jsonLines, redrawLine, writeLines } from "../../terminal-text";

export function runCommand(io: CliIo): Command {
  return new Command("run")
    .description("read a task's detail, wait out its threshold with a progress bar, then send the completion notice")
    .requiredOption("--token <token>", "the taskCenterToken of the task link (sent as cust_id_ciphertext)")
    .requiredOption("--no <taskNo>", "the taskCenterNo of the task link")
    .addOption(envOption())
    .addOption(baseUrlOption())
    .option("-v, --verbose", "log the exchanges in plain text on stderr")
    .option("--json", "print the result as JSON (no progress bar)")
    .addHelpText(
      "after",
      `
Example:
  $ npx mcoin task run --token C1 --no T1 --env sandbox`,
    )
    .action((raw: unknown) => run(io, raw));
}

async function run(io: CliIo, raw: unknown): Promise<void> {
  // zod and the app's task client load here, when it runs, not for --help.
  const { z } = await import("zod");
  const { checkTaskDetail } = await import("#core/api/task-center");
  const { createTaskCenterClient } = await import("#core/node/task-center/client");
  const { EnvSchema, callFailure, gatewayClient, gatewaySettingsFor, gatewayTarget } = await import("../../context");

  const options = parseOptions(
    z.object({
      token: z.string().min(1),
      no: z.string().min(1),
      env: EnvSchema,
      baseUrl: z.string().url().optional(),
      verbose: z.boolean().default(false),
      json: z.boolean().default(false),
    }),
    raw,
    "task run",
  );
  const settings = gatewaySettingsFor(io, options.env, { baseUrl: options.baseUrl });
  const taskCenter = createTaskCenterClient(gatewayClient(io, settings, options.verbose, undefined, [options.token]));
  const task = { taskNo: options.no, custIdCiphertext: options.token };
  const target = gatewayTarget(options.env, settings, options.baseUrl);
  let detail: Awaited<ReturnType<typeof taskCenter.getTaskDetail>>;
  try {
    detail = await taskCenter.getTaskDetail(task);
  } catch (error) {
    throw callFailure(error, target);
  }
  const check = checkTaskDetail(detail);
  if (!check.show || check.thresholdValue === null) {
    throw new CliError("TASK_NOT_AVAILABLE", `task ${options.no} would show no widget (the ${check.reason} check fails): ${taskState(detail, check.reason)}`, {
      suggestion: `detail: ${JSON.stringify(detail)}`,
    });
  }
  await waitWithProgress(io, check.thresholdValue, !options.json);
  let response: unknown;
  try {
    response = await taskCenter.notify({ ...task, checkValue: check.thresholdValue });
  } catch (error) {
    const failure = callFailure(error, target);
    // What the refusal left the task as: read again, so the message says whether to send it again.
    const after = await taskCenter.getTaskDetail(task).then(
      (again) => `; the task is now ${taskState(again, checkTaskDetail(again).reason)}`,
      () => "",
    );
    throw new CliError(failure.code, `the completion notice of task ${options.no} was refused: ${failure.message}${after}`, { suggestion: failure.suggestion, cause: error });
  }
  output(io, options.json, { task: options.no, threshold: check.thresholdValue, response }, () => [`✓ task ${options.no} completed`, ...jsonLines(response)]);
}

/** A task's state as its detail gives it (core/api/task-center.ts, checkTaskDetail), in words. */
function taskState(detail: { result?: { subCode?: string; message?: string }; data?: Record<string, unknown> }, reason: string): string {
  const data = detail.data ?? {};
  switch (reason) {
    case "ok":
      return `still to do for this member (user_exec_status ${String(data.user_exec_status)}): it can be run again`;
    case "subCode":
      return `the task center does not offer it to this member (subCode ${detail.result?.subCode ?? "missing"}${detail.result?.message ? `: ${detail.result.message}` : ""}; 0000 is a task on offer)`;
    case "taskType":
      return `it is not a browse task (task_type ${String(data.task_type)}; the widget runs task_type 0)`;
    case "thresholdType":
      return `its threshold is not a time to browse (threshold_type ${String(data.threshold_type)}; the widget waits out threshold_type 0)`;
    case "userExecStatus":
      return `this member has already done it or has it under way (user_exec_status ${String(data.user_exec_status)}; 0 is not started)`;
    default:
      return `it has no time to wait out (threshold_value ${JSON.stringify(data.threshold_value) ?? "missing"})`;
  }
}

/** Waits `seconds` on the run's clock, drawing a bar on stderr (redrawn in place on a terminal, a line a second otherwise). */
async function waitWithProgress(io: CliIo, seconds: number, show: boolean): Promise<void> {
  const width = 24;
  const draw = (elapsed: number) => {
    if (!show) return;
    const filled = Math.round((elapsed / Math.max(seconds, 1)) * width);
    const line = `browsing [${"█".repeat(filled)}${"░".repeat(width - filled)}] ${elapsed}/${seconds} s`;
    if (io.stderr.isTTY) redrawLine(io.stderr, line);
    else writeLines(io.stderr, [line]);
  };
  draw(0);
  for (let elapsed = 1; elapsed <= seconds; elapsed++) {
    await io.clock.sleep(1000);
    draw(elapsed);
  }
  if (show && io.stderr.isTTY) writeLines(io.stderr, [""]);
}

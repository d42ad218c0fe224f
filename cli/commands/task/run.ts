/**
 * `mcoin task run`: a task-center browse task from the terminal, through the app's own task client:
 * the detail and its four checks, the wait with a progress bar, then the completion notice.
 */
import { Command } from "commander";
import { CliError } from "../../errors";
import { baseUrlOption, envOption } from "../../flags";
import { output, parseOptions } from "../../options";
import { jsonLines, redrawLine, writeLines } from "../../terminal-text";

export function runCommand(): Command {
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
    .action(run);
}

async function run(raw: unknown): Promise<void> {
  // zod and the app's task client load here, when it runs, not for --help.
  const { z } = await import("zod");
  const { checkTaskDetail } = await import("#core/api/task-center");
  const { createTaskCenterClient } = await import("#core/node/task-center/client");
  const { EnvSchema, callFailure, gatewayClient, gatewaySettingsFor } = await import("../../context");

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
  const taskCenter = createTaskCenterClient(gatewayClient(gatewaySettingsFor(options.env, { baseUrl: options.baseUrl }), options.verbose));
  const task = { taskNo: options.no, custIdCiphertext: options.token };
  try {
    const detail = await taskCenter.getTaskDetail(task);
    const check = checkTaskDetail(detail);
    if (!check.show || check.thresholdValue === null) {
      throw new CliError("TASK_NOT_AVAILABLE", `task ${options.no} would show no widget: the ${check.reason} check fails`, {
        suggestion: `detail: ${JSON.stringify(detail)}`,
      });
    }
    await waitWithProgress(check.thresholdValue, !options.json);
    const response = await taskCenter.notify({ ...task, checkValue: check.thresholdValue });
    output(options.json, { task: options.no, threshold: check.thresholdValue, response }, () => [`✓ task ${options.no} completed`, ...jsonLines(response)]);
  } catch (error) {
    throw callFailure(error);
  }
}

/** Waits `seconds`, drawing a bar on stderr (redrawn in place on a terminal, a line a second otherwise). */
async function waitWithProgress(seconds: number, show: boolean): Promise<void> {
  const width = 24;
  const draw = (elapsed: number) => {
    if (!show) return;
    const filled = Math.round((elapsed / Math.max(seconds, 1)) * width);
    const line = `browsing [${"█".repeat(filled)}${"░".repeat(width - filled)}] ${elapsed}/${seconds} s`;
    if (process.stderr.isTTY) redrawLine(process.stderr, line);
    else writeLines(process.stderr, [line]);
  };
  draw(0);
  for (let elapsed = 1; elapsed <= seconds; elapsed++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    draw(elapsed);
  }
  if (show && process.stderr.isTTY) writeLines(process.stderr, [""]);
}

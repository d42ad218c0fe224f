/** What `mcoin task run` runs (its definition, cli/commands/task.ts, loads this only when it runs). */
import { z } from "zod";
import { checkTaskDetail } from "#core/api/task-center";
import { createTaskCenterClient } from "#core/node/task-center/client";
import { EnvSchema, callFailure, gatewayClient, gatewaySettingsFor } from "../context";
import { CliError } from "../errors";
import { output, parseOptions } from "../options";
import { jsonLines, redrawLine, writeLines } from "../terminal-text";

const RunOptions = z.object({
  token: z.string().min(1),
  no: z.string().min(1),
  env: EnvSchema,
  baseUrl: z.string().url().optional(),
  verbose: z.boolean().default(false),
  json: z.boolean().default(false),
});

export async function runTask(raw: unknown): Promise<void> {
  const options = parseOptions(RunOptions, raw, "task run");
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

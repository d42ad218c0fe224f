/**
 * `mcoin task run`: a task-center browse task from the terminal, through the app's own task client:
 * the detail and its four checks, the wait with a progress bar, then the completion notice.
 */
import { Command } from "commander";
import { baseUrlOption, envOption } from "../flags";

export function taskCommand(): Command {
  return new Command("task")
    .description("task-center browse tasks")
    .addHelpText("after", `
Example:
  $ npx mcoin task run --token C1 --no T1 --env sandbox`)
    .addCommand(
    new Command("run")
      .description("read a task's detail, wait out its threshold with a progress bar, then send the completion notice")
      .requiredOption("--token <token>", "the taskCenterToken of the task link (sent as cust_id_ciphertext)")
      .requiredOption("--no <taskNo>", "the taskCenterNo of the task link")
      .addOption(envOption())
      .addOption(baseUrlOption())
      .option("-v, --verbose", "log the exchanges in plain text on stderr")
      .option("--json", "print the result as JSON (no progress bar)")
      .addHelpText("after", `
Example:
  $ npx mcoin task run --token C1 --no T1 --env sandbox`)
      // What it runs (zod, the app's task client) loads only when it runs, not for --help.
      .action(async (raw: unknown) => (await import("./task.run")).runTask(raw)),
  );
}

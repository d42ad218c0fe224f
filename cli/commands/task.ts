/** `mcoin task`: the task center's browse tasks from the terminal (cli/commands/task/). */
import { Command } from "commander";
import type { CliIo } from "../io";
import { runCommand } from "./task/run";

export function taskCommand(io: CliIo): Command {
  return new Command("task")
    .description("task-center browse tasks")
    .addHelpText(
      "after",
      `
Example:
  $ npx mcoin task run --token C1 --no T1 --env sandbox`,
    )
    .addCommand(runCommand(io));
}

/** The mcoin CLI: assembles the commands; each lives in cli/commands/<verb>.ts. */
import { Command, CommanderError } from "commander";
import { sandboxCommand } from "./commands/sandbox";
import { EXIT_USAGE, printError } from "./errors";

export function buildProgram(): Command {
  const program = new Command("mcoin")
    .description("mCoin Mall engineers' tool: the sandbox gateway and the mCoin API from the terminal")
    .version("0.1.0")
    .showHelpAfterError()
    .addCommand(sandboxCommand());
  program.exitOverride();
  for (const command of program.commands) command.exitOverride();
  return program;
}

const json = process.argv.includes("--json");
try {
  await buildProgram().parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // Help and version are successes; anything else commander rejects is bad usage.
    process.exitCode = error.exitCode === 0 ? 0 : EXIT_USAGE;
  } else {
    printError(error, json);
  }
}

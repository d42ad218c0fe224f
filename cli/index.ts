/**
 * The mcoin CLI: assembles the commands. Each lives in a file named after it, a subcommand in its
 * parent's folder (`mcoin sandbox redeem` is cli/commands/sandbox/redeem.ts).
 */
import { Command, CommanderError } from "commander";
import { apiCommand } from "./commands/api";
import { bridgeCommand } from "./commands/bridge";
import { contractCommand } from "./commands/contract";
import { gatewayCommand } from "./commands/gateway";
import { inspectCommand } from "./commands/inspect";
import { recordCommand } from "./commands/record";
import { replayCommand } from "./commands/replay";
import { sandboxCommand } from "./commands/sandbox";
import { taskCommand } from "./commands/task";
import { EXIT_USAGE, printError } from "./errors";
import { writeLines } from "./terminal-text";

/** Commander's help and usage errors: its own lines, each through the printer (an argument quoted in one is escaped). */
const commanderLines = (text: string) => text.replace(/\n$/, "").split("\n");

export function buildProgram(): Command {
  const program = new Command("mcoin")
    .description("mCoin Mall engineers' tool: the sandbox, the mCoin API and the secure gateway from the terminal")
    .version("0.1.0")
    .showHelpAfterError()
    // A command's options after its name are its own, so `mcoin sandbox ledger --json` is the ledger's.
    .enablePositionalOptions()
    .addCommand(sandboxCommand())
    .addCommand(apiCommand())
    .addCommand(gatewayCommand())
    .addCommand(taskCommand())
    .addCommand(replayCommand())
    .addCommand(recordCommand())
    .addCommand(inspectCommand())
    .addCommand(bridgeCommand())
    .addCommand(contractCommand());
  // Commander exits by itself on bad usage; the CLI decides the exit code instead (2).
  const override = (command: Command) => {
    command.exitOverride();
    command.showHelpAfterError();
    command.configureOutput({ writeOut: (text) => writeLines(process.stdout, commanderLines(text)), writeErr: (text) => writeLines(process.stderr, commanderLines(text)) });
    for (const child of command.commands) override(child);
  };
  override(program);
  program.addHelpText("after", () => `\nAll commands:\n${commandTree(program)}\n\nEvery command takes --help (with an example). Exit codes: 0 ok, 1 a business or network failure, 2 bad usage.`);
  return program;
}

/** Every command with its arguments, one per line, indented by depth. */
function commandTree(command: Command, depth = 0): string {
  return command.commands
    .filter((child) => child.name() !== "help")
    .map((child) => {
      const usage = `${"  ".repeat(depth + 1)}mcoin ${commandPath(child)} ${child.usage()}`.trimEnd();
      const children = commandTree(child, depth + 1);
      return children ? `${usage}\n${children}` : usage;
    })
    .join("\n");
}

function commandPath(command: Command): string {
  const names: string[] = [];
  for (let current: Command | null = command; current?.parent; current = current.parent) names.unshift(current.name());
  return names.join(" ");
}

const json = process.argv.includes("--json");
// A reader that stopped reading (`mcoin --help | head`) is not an error of ours.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw error;
});
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

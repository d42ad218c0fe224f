/**
 * The mcoin program: assembles the commands, each given the run's I/O (cli/io.ts), and runs it once
 * over a list of arguments, turning what commander rejects into exit code 2 and any other failure
 * into the error printer's lines. Each command lives in a file named after it, a subcommand in its
 * parent's folder (`mcoin sandbox redeem` is cli/commands/sandbox/redeem.ts).
 */
import { Command, CommanderError, InvalidArgumentError } from "commander";
import { apiCommand } from "./commands/api";
import { bridgeCommand } from "./commands/bridge";
import { contractCommand } from "./commands/contract";
import { gatewayCommand } from "./commands/gateway";
import { inspectCommand } from "./commands/inspect";
import { recordCommand } from "./commands/record";
import { replayCommand } from "./commands/replay";
import { sandboxCommand } from "./commands/sandbox";
import { stubsCommand } from "./commands/stubs";
import { taskCommand } from "./commands/task";
import { EXIT_USAGE, printError } from "./errors";
import type { CliIo } from "./io";
import { writeLines } from "./terminal-text";

/** Commander's help and usage errors: its own lines, each through the printer (an argument quoted in one is escaped). */
const commanderLines = (text: string) => text.replace(/\n$/, "").split("\n");

export function buildProgram(io: CliIo): Command {
  const program = new Command("mcoin")
    .description("mCoin Mall engineers' tool: the sandbox, the mCoin API and the secure gateway from the terminal")
    .version("0.1.0")
    .showHelpAfterError()
    // A command's options after its name are its own, so `mcoin sandbox ledger --json` is the ledger's.
    .enablePositionalOptions()
    .addCommand(sandboxCommand(io))
    .addCommand(apiCommand(io))
    .addCommand(gatewayCommand(io))
    .addCommand(taskCommand(io))
    .addCommand(replayCommand(io))
    .addCommand(recordCommand(io))
    .addCommand(inspectCommand(io))
    .addCommand(bridgeCommand(io))
    .addCommand(contractCommand(io))
    .addCommand(stubsCommand(io));
  // Commander exits by itself on bad usage; the CLI decides the exit code instead (2).
  const override = (command: Command) => {
    command.exitOverride();
    command.showHelpAfterError();
    command.configureOutput({
      writeOut: (text) => writeLines(io.stdout, commanderLines(text)),
      writeErr: (text) => writeLines(io.stderr, commanderLines(text)),
      // Commander's default reads process.stdout; 80 columns off a terminal, as its own default.
      getOutHelpWidth: () => (io.stdout.isTTY && io.stdout.columns ? io.stdout.columns : 80),
      getErrHelpWidth: () => (io.stderr.isTTY && io.stderr.columns ? io.stderr.columns : 80),
    });
    for (const child of command.commands) override(child);
  };
  override(program);
  program.hook("preAction", (_program, action) => {
    for (let command: Command | null = action; command; command = command.parent) optionsFromEnv(command, io.env);
  });
  program.addHelpText("after", () => `\nAll commands:\n${commandTree(program)}\n\nEvery command takes --help (with an example). Exit codes: 0 ok, 1 a business or network failure, 2 bad usage.`);
  return program;
}

/** Runs mcoin once with `args` (what follows `mcoin` on the command line); the exit code is left in `io.exitCode`. */
export async function run(io: CliIo, args: readonly string[]): Promise<void> {
  const json = args.includes("--json");
  try {
    await buildProgram(io).parseAsync([...args], { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version are successes; anything else commander rejects is bad usage.
      io.exitCode = error.exitCode === 0 ? 0 : EXIT_USAGE;
    } else {
      printError(io, error, json);
    }
  }
}

/**
 * The options that fall back on a variable (`.env(NAME)`, shown in the help) take it from the run's
 * environment: commander reads process.env itself, so what it took from there is put back to the
 * default first. Then the variable is applied as commander applies one: below a value given on the
 * command line, through the option's own parser, a flag set by its presence.
 */
function optionsFromEnv(command: Command, env: CliIo["env"]): void {
  for (const option of command.options) {
    if (!option.envVar) continue;
    const key = option.attributeName();
    if (command.getOptionValueSource(key) === "env") command.setOptionValueWithSource(key, option.defaultValue, "default");
    const value = env[option.envVar];
    const source = command.getOptionValueSource(key) ?? "";
    if (value === undefined || (command.getOptionValue(key) !== undefined && !["default", "config"].includes(source))) continue;
    if (!option.required && !option.optional) {
      command.setOptionValueWithSource(key, true, "env");
      continue;
    }
    try {
      command.setOptionValueWithSource(key, option.parseArg ? option.parseArg(value, command.getOptionValue(key)) : value, "env");
    } catch (error) {
      if (!(error instanceof InvalidArgumentError)) throw error;
      command.error(`error: option '${option.flags}' value '${value}' from env '${option.envVar}' is invalid. ${error.message}`, { exitCode: error.exitCode, code: error.code });
    }
  }
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

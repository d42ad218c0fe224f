/**
 * What the commands that read one member's data share (`mcoin sandbox ledger`, `mcoin sandbox
 * orders`): the options that say who and where, every page of a list, times on Macau's clock and
 * tables. Light (commander only): signing in and the app's client are cli/run-as-member.ts, which a
 * command loads when it runs.
 */
import { Command, Option } from "commander";
import { baseUrlOption, envOption } from "./flags";
import type { CliIo } from "./io";
import { shownLength } from "./terminal-text";

export interface MemberCommand {
  /** The subcommand's name under `mcoin sandbox`. */
  name: string;
  description: string;
  /** Its own option besides who and where (a filter). */
  option: Option;
  /** Argument lists of the help's examples. */
  examples: string[];
  /** Runs it in a run of mcoin with the options as commander gave them (cli/run-as-member.ts's runAsMember parses them). */
  run: (io: CliIo, raw: unknown) => Promise<void>;
}

/**
 * A `mcoin sandbox` subcommand about one member: --login / --token, --lang, --env, --base-url and
 * --json besides its own option.
 */
export function memberCommand(io: CliIo, spec: MemberCommand): Command {
  const path = `sandbox ${spec.name}`;
  return new Command(spec.name)
    .description(spec.description)
    .option("--login <openId>", "sign in as this member first (POST /member/login; the sandbox's demo members)")
    .option("--token <token>", "or: the member's session token")
    .addOption(new Option("--lang <lang>", "Accept-Language: zh or en").default("en"))
    .addOption(spec.option)
    .addOption(envOption())
    .addOption(baseUrlOption())
    .option("--json", "print JSON")
    .addHelpText("after", `\nExamples:\n${spec.examples.map((example) => `  $ npx mcoin ${path} ${example}`).join("\n")}`)
    .action((raw: unknown) => spec.run(io, raw));
}

/** Every item of a paged list, page after page. */
export async function allPages<T>(fetchPage: (page: number) => Promise<{ list: T[]; hasMore: boolean }>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const { list, hasMore } = await fetchPage(page);
    items.push(...list);
    if (!hasMore || list.length === 0) return items;
  }
}

/** 2025-03-01 10:15 on Macau's clock (UTC+8, no daylight saving), whatever the machine's zone. */
export function macauTime(at: number): string {
  return new Date(at + 8 * 3_600_000).toISOString().slice(0, 16).replace("T", " ");
}

/** MOP 12.50 */
export const money = (cents: number): string => `MOP ${(cents / 100).toFixed(2)}`;

/**
 * Rows of cells as aligned lines, for the printer: a column is as wide as its widest cell once the
 * printer has escaped it.
 */
export function table(rows: string[][]): string[] {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => shownLength(row[column])))) ?? [];
  return rows.map((row) =>
    row
      .map((cell, column) => cell + " ".repeat(widths[column] - shownLength(cell)))
      .join("  ")
      .trimEnd(),
  );
}

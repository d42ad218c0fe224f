/**
 * What the commands that read one member's data share (`mcoin sandbox ledger`, `mcoin sandbox
 * orders`): the options that say who and where, the member's API client, every page of a list, and
 * times on Macau's clock.
 */
import { Command, Option } from "commander";
import { z } from "zod";
import type { ApiClient } from "../app/lib/api/client";
import { EnvSchema, apiClient, baseUrlOption, callFailure, envOption, memberToken } from "./context";
import { usageError } from "./errors";
import { parseOptions } from "./options";

export const MemberOptionsSchema = z.object({
  login: z.string().min(1).optional(),
  token: z.string().min(1).optional(),
  lang: z.enum(["zh", "en"]).default("en"),
  env: EnvSchema,
  baseUrl: z.string().url().optional(),
  json: z.boolean().default(false),
});
export type MemberOptions = z.infer<typeof MemberOptionsSchema>;

export interface MemberCommand<T extends MemberOptions> {
  /** The subcommand's name under `mcoin sandbox`. */
  name: string;
  description: string;
  /** Its own option besides who and where (a filter). */
  option: Option;
  schema: z.ZodType<T>;
  /** Argument lists of the help's examples. */
  examples: string[];
  /** Prints what it read, through the app's client signed in as the member. */
  run: (options: T, client: ApiClient) => Promise<void>;
}

/**
 * A `mcoin sandbox` subcommand about one member: --login / --token, --lang, --env, --base-url and
 * --json besides its own option; its action signs in as the member the options name, and any failed
 * call becomes the CLI's error.
 */
export function memberCommand<T extends MemberOptions>(spec: MemberCommand<T>): Command {
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
    .action(async (raw: unknown) => {
      const options = parseOptions(spec.schema, raw, path);
      if (!options.login && !options.token) throw usageError("say whose: --login OPENID (or --token TOKEN)", `e.g. mcoin ${path} --login mpay-1001`);
      try {
        const token = await memberToken(options.env, options);
        await spec.run(options, apiClient(options.env, { token, lang: options.lang, baseUrl: options.baseUrl }));
      } catch (error) {
        throw callFailure(error);
      }
    });
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

/** Rows of cells as aligned columns. */
export function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column].length))) ?? [];
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column])).join("  ").trimEnd()).join("\n");
}

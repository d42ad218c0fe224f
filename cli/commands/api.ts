/**
 * `mcoin api METHOD PATH`: the mCoin API exactly as the app calls it (bearer token, mpay: 1,
 * Accept-Language, the same error mapping). A path the app declares is checked against its
 * declaration both ways; any other path is sent as given.
 */
import { Command } from "commander";
import { baseUrlOption, envOption } from "../flags";

export function apiCommand(): Command {
  return new Command("api")
    .description("call the mCoin API as the app does and print the reply's data")
    .argument("<method>", "GET, POST, PUT or DELETE")
    .argument("<path>", "e.g. /api/auth/basicinformation")
    .option("--data <json>", "the body (POST, PUT) or the query (GET, DELETE), as JSON")
    .option("--token <token>", "the member's session token")
    .option("--login <openId>", "sign in as this member first (POST /member/login; the sandbox's demo members)")
    .option("--lang <lang>", "Accept-Language: zh or en", "zh")
    .addOption(envOption())
    .addOption(baseUrlOption())
    .option("--json", "print JSON")
    .addHelpText("after", `
Examples:
  $ npx mcoin api GET /api/system/time
  $ npx mcoin api GET /api/auth/basicinformation --login mpay-1001
  $ npx mcoin api POST /api/auth/setClause --data '{"clauseid":7,"status":1}' --token sbx_...`)
    // What it runs (zod, the app's client and endpoints) loads only when it runs, not for --help.
    .action(async (method: string, path: string, raw: unknown) => (await import("./api.run")).runApi(method, path, raw));
}

/**
 * `mcoin replay FILE|DIR`: sends recorded exchanges again (plain or through the secure gateway,
 * built by the app's own client code), compares each reply with the recorded one, ignoring the
 * declared volatile fields, prints a diff per mismatch and exits 1 when any differ.
 */
import { Command, Option } from "commander";
import { z } from "zod";
import { defineEndpoint, type HttpMethod } from "../../app/lib/api/define";
import { openReply, sealRequest } from "../../app/lib/gateway/envelope";
import { CONTROL_TOKEN_HEADER } from "../../sandbox/handlers/controls";
import { CONTROL_TOKEN_ENV, EnvSchema, apiBaseUrl, apiClient, baseUrlOption, callFailure, envOption, gatewaySettingsFor, memberToken, transport } from "../context";
import { CliError, usageError } from "../errors";
import { output, parseOptions } from "../options";
import { compare, fillIn, readRecordings, type Difference, type Placeholders, type Recording } from "../recordings";

const ReplayOptions = z.object({
  env: EnvSchema,
  baseUrl: z.string().url().optional(),
  token: z.string().optional(),
  login: z.string().optional(),
  cust: z.string().optional(),
  reset: z.boolean().default(false),
  controlToken: z.string().optional(),
  json: z.boolean().default(false),
});

type Outcome =
  | { name: string; file: string; result: "match" }
  | { name: string; file: string; result: "differ"; status: { expected: number; actual: number }; differences: Difference[] }
  | { name: string; file: string; result: "skipped"; reason: string }
  | { name: string; file: string; result: "error"; message: string };

export function replayCommand(): Command {
  return new Command("replay")
    .description("send recorded exchanges again and compare the replies with the recorded ones")
    .argument("<path>", "a recording (.json) or a folder of them, e.g. fixtures/recordings")
    .addOption(envOption())
    .addOption(baseUrlOption())
    .option("--token <token>", "the member's token, for recordings that need one (<token>)")
    .option("--login <openId>", "sign in as this member first to get the token (sandbox demo members)")
    .option("--cust <ciphertext>", "the task-center member ciphertext, for recordings that need one (<cust>)")
    .option("--reset", "reset the sandbox to its fixtures first (sandbox only)")
    .addOption(new Option("--control-token <token>", "the sandbox's control token, for --reset when it has one").env(CONTROL_TOKEN_ENV))
    .option("--json", "print JSON")
    .addHelpText("after", `
Example:
  $ npx mcoin replay fixtures/recordings --env sandbox --reset --login mpay-1001 --cust C1`)
    .action(async (path: string, raw) => {
      const options = parseOptions(ReplayOptions, raw, "replay");
      const recordings = readRecordings(path);
      const base = apiBaseUrl(options.env, options.baseUrl);
      if (options.reset) {
        if (options.env !== "sandbox") throw usageError("--reset resets the sandbox; it only works with --env sandbox");
        const headers = options.controlToken ? { [CONTROL_TOKEN_HEADER]: options.controlToken } : undefined;
        const response = await fetch(`${base}/__sandbox/reset`, { method: "POST", headers }).catch((error: unknown) => {
          throw callFailure(error);
        });
        if (!response.ok) {
          throw new CliError("RESET_FAILED", `the sandbox did not reset (HTTP ${response.status})`, {
            suggestion: response.status === 401 ? `it needs its control token: pass --control-token or set ${CONTROL_TOKEN_ENV}` : undefined,
          });
        }
      }
      const placeholders: Placeholders = { token: options.token, cust: options.cust };
      if (options.login) {
        try {
          placeholders.token = await memberToken(options.env, { login: options.login, baseUrl: options.baseUrl });
        } catch (error) {
          throw callFailure(error);
        }
      }

      const outcomes: Outcome[] = [];
      const total = recordings.length;
      for (const [index, { file, recording }] of recordings.entries()) {
        const outcome = await replayOne(options.env, base, options.baseUrl, recording, file, placeholders);
        outcomes.push(outcome);
        if (!options.json) process.stdout.write(`${progressLine(index + 1, total, outcome)}\n`);
      }
      const count = (result: Outcome["result"]) => outcomes.filter((outcome) => outcome.result === result).length;
      const summary = { matched: count("match"), differed: count("differ"), failed: count("error"), skipped: count("skipped") };
      output(options.json, { summary, outcomes }, () => `\n${summary.matched} matched, ${summary.differed} differed, ${summary.failed} failed, ${summary.skipped} skipped`);
      if (summary.differed > 0 || summary.failed > 0) process.exitCode = 1;
    });
}

function progressLine(index: number, total: number, outcome: Outcome): string {
  const counter = `[${String(index).padStart(String(total).length)}/${total}]`;
  switch (outcome.result) {
    case "match":
      return `${counter} ✓ ${outcome.name}`;
    case "skipped":
      return `${counter} - ${outcome.name} (skipped: ${outcome.reason})`;
    case "error":
      return `${counter} ✗ ${outcome.name}: ${outcome.message}`;
    case "differ": {
      const lines = [`${counter} ✗ ${outcome.name}`];
      if (outcome.status.expected !== outcome.status.actual) lines.push(`    status: expected ${outcome.status.expected}, got ${outcome.status.actual}`);
      for (const difference of outcome.differences) {
        lines.push(`    ${difference.path}:`, `      - ${JSON.stringify(difference.expected)}`, `      + ${JSON.stringify(difference.actual)}`);
      }
      return lines.join("\n");
    }
  }
}

async function replayOne(
  env: z.infer<typeof EnvSchema>,
  base: string,
  baseUrl: string | undefined,
  recording: Recording,
  file: string,
  placeholders: Placeholders,
): Promise<Outcome> {
  const { name } = recording;
  if (!recording.replayable) return { name, file, result: "skipped", reason: "recorded as not replayable" };
  const filled = fillIn(recording.request, placeholders);
  const needed = new Set(filled.missing);
  if (recording.request.auth && !placeholders.token) needed.add("token");
  if (needed.size > 0) return { name, file, result: "skipped", reason: `needs ${[...needed].map((item) => `--${item === "token" ? "token or --login" : item}`).join(", ")}` };
  const request = filled.value as Recording["request"];

  let status: number;
  let body: unknown;
  try {
    if (recording.kind === "secure") {
      const settings = gatewaySettingsFor(env, { baseUrl });
      const sealed = sealRequest(settings, { functionUrl: request.path, body: request.body, token: request.headers.Token });
      const response = await transport({ method: "POST", url: `${settings.baseUrl}${request.path}`, headers: sealed.headers, body: sealed.body });
      status = response.status;
      body = openReply(response.text, sealed.key, sealed.iv).value;
    } else {
      // The app's own request building: mpay: 1, Accept-Language, the bearer token.
      const client = apiClient(env, { baseUrl: base, token: recording.request.auth ? placeholders.token : undefined, lang: request.headers["accept-language"] ?? "zh" });
      const endpoint = defineEndpoint({ name, method: request.method as HttpMethod, path: request.path, auth: request.auth, request: z.unknown(), data: z.unknown() });
      const input = request.method === "GET" || request.method === "DELETE" ? request.query : request.body;
      const built = client.buildRequest(endpoint, input);
      const response = await transport(built);
      status = response.status;
      try {
        body = JSON.parse(response.text);
      } catch {
        body = response.text;
      }
    }
  } catch (error) {
    return { name, file, result: "error", message: callFailure(error).message };
  }
  const differences = compare(recording.response.body, body, recording.volatile);
  if (status === recording.response.status && differences.length === 0) return { name, file, result: "match" };
  return { name, file, result: "differ", status: { expected: recording.response.status, actual: status }, differences };
}

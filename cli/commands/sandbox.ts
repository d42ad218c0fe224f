/** `mcoin sandbox`: serves the fixture-backed sandbox gateway until stopped. */
import { Command } from "commander";
import { resolve } from "node:path";
import { z } from "zod";
import { startSandboxServer } from "../../sandbox/server";
import { CliError } from "../errors";
import { output, parseOptions } from "../options";

const OptionsSchema = z.object({
  port: z.coerce.number().int().min(0).max(65_535).default(4010),
  host: z.string().min(1).default("0.0.0.0"),
  state: z.string().min(1).optional(),
  latency: z.coerce.number().int().min(0).max(60_000).default(0),
  fixtures: z.string().min(1).optional(),
  json: z.boolean().default(false),
});

export function sandboxCommand(): Command {
  return new Command("sandbox")
    .description("serve the fixture-backed sandbox gateway (the nine calls, the sign-in page and /__sandbox/ controls)")
    .option("-p, --port <port>", "port to listen on", "4010")
    .option("--host <host>", "interface to listen on", "0.0.0.0")
    .option("--state <file>", "keep members, tokens and login codes in this file across restarts")
    .option("--latency <ms>", "add this delay to every gateway call", "0")
    .option("--fixtures <dir>", "read fixtures from this folder instead of fixtures/")
    .option("--json", "print the listening address as JSON")
    .addHelpText(
      "after",
      `
Examples:
  $ npx mcoin sandbox
  $ npx mcoin sandbox --port 4011 --state .sandbox-state.json --latency 100

Controls (see README): POST /__sandbox/reset, POST /__sandbox/clock, POST /__sandbox/faults,
GET /__sandbox/log, GET /oauth/authorize (the demo members' sign-in page).`,
    )
    .action(async (raw) => {
      const options = parseOptions(OptionsSchema, raw, "sandbox");
      let running;
      try {
        running = await startSandboxServer({
          port: options.port,
          host: options.host,
          latencyMs: options.latency,
          stateFile: options.state ? resolve(options.state) : undefined,
          fixturesDir: options.fixtures ? resolve(options.fixtures) : undefined,
        });
      } catch (error) {
        const code = (error as { code?: string }).code;
        throw new CliError(code ?? "START_FAILED", `the sandbox could not start: ${(error as Error).message}`, {
          suggestion: code === "EADDRINUSE" ? `port ${options.port} is taken; try --port ${options.port + 1}` : undefined,
          cause: error,
        });
      }
      const port = Number(new URL(running.url).port);
      output(options.json, { url: `http://localhost:${port}`, port, latencyMs: options.latency, state: options.state ?? null }, () =>
        [
          `mCoin sandbox gateway listening on http://localhost:${port}`,
          `  login page: http://localhost:${port}/oauth/authorize`,
          options.latency ? `  latency: +${options.latency} ms per call` : "",
          options.state ? `  state file: ${resolve(options.state)}` : "",
        ]
          .filter(Boolean)
          .join("\n"),
      );
      const stop = () => {
        void running.close().then(() => process.exit(0));
      };
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
    });
}

/** What `mcoin sandbox` runs (its definition, cli/commands/sandbox.ts, loads this only when it runs). */
import { resolve } from "node:path";
import { z } from "zod";
import { DEFAULT_HOST, DEFAULT_MALL_ORIGINS, MallOriginSchema, isLoopbackHost } from "../../sandbox/access";
import { CliError } from "../errors";
import { output, parseOptions } from "../options";

const OptionsSchema = z.object({
  port: z.coerce.number().int().min(0).max(65_535).default(4010),
  host: z.string().min(1).default(DEFAULT_HOST),
  controlToken: z.string().min(16, "at least 16 characters").optional(),
  mallOrigin: z.array(MallOriginSchema).min(1).optional(),
  state: z.string().min(1).optional(),
  latency: z.coerce.number().int().min(0).max(60_000).default(0),
  fixtures: z.string().min(1).optional(),
  json: z.boolean().default(false),
});

export async function runSandbox(raw: unknown): Promise<void> {
  const options = parseOptions(OptionsSchema, raw, "sandbox");
  let running;
  try {
    // The sandbox (msw and its handlers) loads only when it is served, not for --help or a subcommand.
    const { startSandboxServer } = await import("../../sandbox/server");
    running = await startSandboxServer({
      port: options.port,
      host: options.host,
      controlToken: options.controlToken,
      mallOrigins: options.mallOrigin,
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
  const url = isLoopbackHost(new URL(running.url).hostname) ? `http://localhost:${port}` : running.url;
  const mallOrigins = options.mallOrigin ?? DEFAULT_MALL_ORIGINS;
  const { controlToken } = running;
  output(options.json, { url, port, host: options.host, controlToken, mallOrigins, latencyMs: options.latency, state: options.state ?? null }, () =>
    [
      `mCoin sandbox gateway listening on ${url}${isLoopbackHost(options.host) ? "" : ` (bound to ${options.host})`}`,
      `  login page: ${url}/oauth/authorize (returns to ${mallOrigins.join(", ")})`,
      controlToken ? `  control token: ${controlToken} (send as X-Sandbox-Token or Authorization: Bearer)` : "",
      options.latency ? `  latency: +${options.latency} ms per call` : "",
      options.state ? `  state file: ${resolve(options.state)}` : "",
    ].filter(Boolean),
  );
  const stop = () => {
    void running.close().then(() => process.exit(0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

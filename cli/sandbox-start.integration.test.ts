/**
 * `mcoin sandbox` serving over HTTP: run in this process (cli/testing.ts) on a free port, reached
 * over the network, and stopped as Ctrl-C stops it. What it prints on start, where it listens, its
 * control token and the origins its sign-in page returns to.
 */
import { afterEach, describe, expect, it } from "vitest";
import { runCli, startCli, type RunningCli } from "./testing";
import { DEFAULT_MALL_ORIGINS, DEFAULT_MALL_URL } from "#core/environments";

interface Started {
  url: string;
  port: number;
  host: string;
  controlToken: string | null;
  mallOrigins: string[];
}

const running: RunningCli[] = [];
afterEach(async () => {
  for (const run of running.splice(0)) await run.stop();
});

/** `mcoin sandbox … --json` in the background, with what it printed on start. */
async function serve(args: string[], env: Record<string, string> = {}) {
  const run = startCli(["sandbox", "--port", "0", "--json", ...args], { env, fetch });
  running.push(run);
  await run.printed(({ stdout }) => stdout.trimEnd().endsWith("}"));
  const started = JSON.parse(run.stdout) as Started;
  return { run, started, base: `http://127.0.0.1:${started.port}` };
}

const signIn = (base: string, redirectUri: string) =>
  fetch(`${base}/oauth/authorize`, { method: "POST", body: new URLSearchParams({ openId: "mpay-1001", redirect_uri: redirectUri }), redirect: "manual" });

describe("mcoin sandbox", () => {
  it("serves until stopped and says where, as JSON with --json", async () => {
    const { run, started, base } = await serve(["--host", "127.0.0.1"]);
    expect(started.url).toBe(`http://localhost:${started.port}`);
    const health = (await (await fetch(`${base}/__sandbox/health`)).json()) as { ok: boolean };
    expect(health.ok).toBe(true);
    expect((await run.stop()).code).toBe(0);
    await expect(fetch(`${base}/__sandbox/health`)).rejects.toThrow();
  });

  it("listens on loopback by default; bound beyond it, its controls need the token it prints", async () => {
    const local = await serve([]);
    expect(local.started).toMatchObject({ host: "127.0.0.1", controlToken: null });
    expect((await fetch(`${local.base}/__sandbox/log`)).status).toBe(200);

    const { started, base } = await serve(["--host", "0.0.0.0"]);
    expect(started.controlToken).toMatch(/^[\w-]{32}$/);
    expect((await fetch(`${base}/__sandbox/health`)).status).toBe(200);
    expect((await fetch(`${base}/__sandbox/log`)).status).toBe(401);
    expect((await fetch(`${base}/__sandbox/log`, { headers: { "x-sandbox-token": started.controlToken! } })).status).toBe(200);

    const human = startCli(["sandbox", "--port", "0", "--host", "0.0.0.0"], { fetch });
    running.push(human);
    await human.printed(({ stdout }) => stdout.includes("control token: "));
    expect(human.stdout).toMatch(/control token: [\w-]{32} \(send as X-Sandbox-Token or Authorization: Bearer\)/);
  });

  it("takes its control token from --control-token or MCOIN_SANDBOX_CONTROL_TOKEN, and requires it on loopback too", async () => {
    const { started, base } = await serve([], { MCOIN_SANDBOX_CONTROL_TOKEN: "token-from-the-environment" });
    expect(started.controlToken).toBe("token-from-the-environment");
    expect((await fetch(`${base}/__sandbox/state`)).status).toBe(401);
    expect((await fetch(`${base}/__sandbox/state`, { headers: { authorization: "Bearer token-from-the-environment" } })).status).toBe(200);
    const flag = await serve(["--control-token", "token-from-the-command-line"], { MCOIN_SANDBOX_CONTROL_TOKEN: "token-from-the-environment" });
    expect(flag.started.controlToken).toBe("token-from-the-command-line");
  });

  it("returns sign-ins to --mall-origin (repeatable) or MCOIN_SANDBOX_MALL_ORIGINS, else to the default mall's", async () => {
    const defaults = await serve([]);
    expect(defaults.started.mallOrigins).toEqual(DEFAULT_MALL_ORIGINS);
    expect((await signIn(defaults.base, `${DEFAULT_MALL_URL}/index`)).status).toBe(302);

    const flags = await serve(["--mall-origin", "http://localhost:3100", "--mall-origin", "http://127.0.0.1:3100/"]);
    expect(flags.started.mallOrigins).toEqual(["http://localhost:3100", "http://127.0.0.1:3100"]);
    expect((await signIn(flags.base, "http://127.0.0.1:3100/index")).status).toBe(302);
    expect((await signIn(flags.base, `${DEFAULT_MALL_URL}/index`)).status).toBe(400);

    const env = await serve([], { MCOIN_SANDBOX_MALL_ORIGINS: "http://localhost:3200,https://mall.example" });
    expect(env.started.mallOrigins).toEqual(["http://localhost:3200", "https://mall.example"]);
    expect((await signIn(env.base, "https://mall.example/index")).status).toBe(302);
    expect((await signIn(env.base, `${DEFAULT_MALL_URL}/index`)).status).toBe(400);
  });

  it("exits 1 with a hint when the port is taken", async () => {
    const { started } = await serve(["--host", "127.0.0.1"]);
    const port = started.port;
    const taken = await runCli(["sandbox", "--port", String(port), "--host", "127.0.0.1"], { fetch });
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain(`port ${port} is taken`);
  });
});

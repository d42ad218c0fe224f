/** The mcoin CLI as an engineer runs it: a real process, its output and its exit code. */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const MCOIN = fileURLToPath(new URL("../bin/mcoin.mjs", import.meta.url));
/** The variables the sandbox reads, cleared so a developer's own settings do not leak into a test. */
const CLEAN_ENV = { ...process.env, MCOIN_SANDBOX_CONTROL_TOKEN: undefined, MCOIN_SANDBOX_MALL_ORIGINS: undefined };

function mcoin(...args: string[]) {
  const result = spawnSync(process.execPath, [MCOIN, ...args], { encoding: "utf8", timeout: 20_000, env: CLEAN_ENV });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

interface Started {
  url: string;
  port: number;
  host: string;
  controlToken: string | null;
  mallOrigins: string[];
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGINT");
});

/** `mcoin sandbox … --json` in the background, with what it printed on start. */
async function serve(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [MCOIN, "sandbox", "--port", "0", "--json", ...args], { stdio: ["ignore", "pipe", "pipe"], env: { ...CLEAN_ENV, ...env } });
  children.push(child);
  const started = await new Promise<Started>((resolve, reject) => {
    let text = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      if (text.trimEnd().endsWith("}")) resolve(JSON.parse(text) as Started);
    });
    child.on("exit", (code) => reject(new Error(`exited ${code}`)));
  });
  return { child, started, base: `http://127.0.0.1:${started.port}` };
}

const signIn = (base: string, redirectUri: string) =>
  fetch(`${base}/oauth/authorize`, { method: "POST", body: new URLSearchParams({ openId: "mpay-1001", redirect_uri: redirectUri }), redirect: "manual" });

describe("mcoin", () => {
  it("--help lists every command, subcommands included", () => {
    const { code, stdout } = mcoin("--help");
    expect(code).toBe(0);
    for (const command of [
      "sandbox",
      "sandbox ledger",
      "sandbox orders",
      "api",
      "gateway encrypt",
      "gateway sign",
      "gateway verify",
      "gateway decrypt",
      "gateway call",
      "task run",
      "replay",
      "record",
    ]) {
      expect(stdout).toContain(`mcoin ${command}`);
    }
  });

  // Twelve CLI starts in a row, while other suites spawn theirs: more than 20 s on a busy machine.
  it("every command's --help has an example", () => {
    for (const command of [
      ["sandbox"],
      ["sandbox", "ledger"],
      ["sandbox", "orders"],
      ["api"],
      ["gateway"],
      ["gateway", "encrypt"],
      ["gateway", "sign"],
      ["gateway", "verify"],
      ["gateway", "decrypt"],
      ["gateway", "call"],
      ["task"],
      ["task", "run"],
      ["replay"],
      ["record"],
    ]) {
      const { code, stdout } = mcoin(...command, "--help");
      expect(code, command.join(" ")).toBe(0);
      expect(stdout, command.join(" ")).toMatch(/Examples?:\n\s+\$ npx mcoin /);
    }
  }, 60_000);

  it("sandbox --help shows an example", () => {
    const { code, stdout } = mcoin("sandbox", "--help");
    expect(code).toBe(0);
    expect(stdout).toContain("$ npx mcoin sandbox");
    expect(stdout).toContain("--state <file>");
    expect(stdout).toContain("--latency <ms>");
    expect(stdout).toContain("--control-token <token>");
    expect(stdout).toContain("MCOIN_SANDBOX_CONTROL_TOKEN");
    expect(stdout).toContain("--mall-origin <origin>");
    expect(stdout).toContain("MCOIN_SANDBOX_MALL_ORIGINS");
  });

  it("exits 2 on bad usage, with a hint", () => {
    const bad = mcoin("sandbox", "--port", "seventy");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--port");
    expect(bad.stderr).toContain("mcoin sandbox --help");
    expect(mcoin("no-such-command").code).toBe(2);
    expect(mcoin("sandbox", "--no-such-option").code).toBe(2);
  });

  it("sandbox serves until stopped and says where, as JSON with --json", async () => {
    const { child, started, base } = await serve(["--host", "127.0.0.1"]);
    expect(started.url).toBe(`http://localhost:${started.port}`);
    const health = (await (await fetch(`${base}/__sandbox/health`)).json()) as { ok: boolean };
    expect(health.ok).toBe(true);
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    child.kill("SIGINT");
    expect(await exited).toBe(0);
  });

  it("sandbox listens on loopback by default; bound beyond it, its controls need the token it prints", async () => {
    const local = await serve([]);
    expect(local.started).toMatchObject({ host: "127.0.0.1", controlToken: null });
    expect((await fetch(`${local.base}/__sandbox/log`)).status).toBe(200);

    const { started, base } = await serve(["--host", "0.0.0.0"]);
    expect(started.controlToken).toMatch(/^[\w-]{32}$/);
    expect((await fetch(`${base}/__sandbox/health`)).status).toBe(200);
    expect((await fetch(`${base}/__sandbox/log`)).status).toBe(401);
    expect((await fetch(`${base}/__sandbox/log`, { headers: { "x-sandbox-token": started.controlToken! } })).status).toBe(200);

    const human = spawn(process.execPath, [MCOIN, "sandbox", "--port", "0", "--host", "0.0.0.0"], { stdio: ["ignore", "pipe", "pipe"], env: CLEAN_ENV });
    children.push(human);
    const printed = await new Promise<string>((resolve) => {
      let text = "";
      human.stdout.on("data", (chunk: Buffer) => {
        text += chunk.toString();
        if (text.includes("control token: ")) resolve(text);
      });
    });
    expect(printed).toMatch(/control token: [\w-]{32} \(send as X-Sandbox-Token or Authorization: Bearer\)/);
  });

  it("sandbox takes its control token from --control-token or MCOIN_SANDBOX_CONTROL_TOKEN, and requires it on loopback too", async () => {
    const { started, base } = await serve([], { MCOIN_SANDBOX_CONTROL_TOKEN: "token-from-the-environment" });
    expect(started.controlToken).toBe("token-from-the-environment");
    expect((await fetch(`${base}/__sandbox/state`)).status).toBe(401);
    expect((await fetch(`${base}/__sandbox/state`, { headers: { authorization: "Bearer token-from-the-environment" } })).status).toBe(200);
    const flag = await serve(["--control-token", "token-from-the-command-line"], { MCOIN_SANDBOX_CONTROL_TOKEN: "token-from-the-environment" });
    expect(flag.started.controlToken).toBe("token-from-the-command-line");
    const short = mcoin("sandbox", "--port", "0", "--control-token", "short");
    expect(short.code).toBe(2);
    expect(short.stderr).toContain("--control-token: at least 16 characters");
  });

  it("sandbox returns sign-ins to --mall-origin (repeatable) or MCOIN_SANDBOX_MALL_ORIGINS, else to localhost:3000", async () => {
    const defaults = await serve([]);
    expect(defaults.started.mallOrigins).toEqual(["http://localhost:3000", "http://127.0.0.1:3000"]);
    expect((await signIn(defaults.base, "http://localhost:3000/index")).status).toBe(302);

    const flags = await serve(["--mall-origin", "http://localhost:3100", "--mall-origin", "http://127.0.0.1:3100/"]);
    expect(flags.started.mallOrigins).toEqual(["http://localhost:3100", "http://127.0.0.1:3100"]);
    expect((await signIn(flags.base, "http://127.0.0.1:3100/index")).status).toBe(302);
    expect((await signIn(flags.base, "http://localhost:3000/index")).status).toBe(400);

    const env = await serve([], { MCOIN_SANDBOX_MALL_ORIGINS: "http://localhost:3200,https://mall.example" });
    expect(env.started.mallOrigins).toEqual(["http://localhost:3200", "https://mall.example"]);
    expect((await signIn(env.base, "https://mall.example/index")).status).toBe(302);
    expect((await signIn(env.base, "http://localhost:3000/index")).status).toBe(400);

    const bad = mcoin("sandbox", "--port", "0", "--mall-origin", "localhost:3000");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--mall-origin: not an origin");
  });

  it("sandbox exits 1 with a hint when the port is taken", async () => {
    const { started } = await serve(["--host", "127.0.0.1"]);
    const port = started.port;
    const taken = mcoin("sandbox", "--port", String(port), "--host", "127.0.0.1");
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain(`port ${port} is taken`);
  });
});

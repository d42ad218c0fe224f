/**
 * The launcher as an engineer runs it: `node bin/mcoin.mjs` in a child process. What only a real
 * process shows: the bundle or the sources started, the exit codes the shell sees, a reader that
 * stops reading, and the signals that stop a long-running command. Every other test of a command runs
 * it in-process (cli/testing.ts).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ROOT } from "./testing";

// Each test starts a process (a second or more on a busy machine, compiling the sources when the bundle is stale).
vi.setConfig({ testTimeout: 60_000 });

const MCOIN = join(ROOT, "bin/mcoin.mjs");
/** The variables the commands read, cleared so a developer's own settings do not leak into a test. */
const CLEAN_ENV = { ...process.env, MCOIN_SANDBOX_URL: undefined, MCOIN_SANDBOX_CONTROL_TOKEN: undefined, MCOIN_SANDBOX_MALL_ORIGINS: undefined, MCOIN_CLI_FROM_SOURCE: undefined };

interface Exited {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

/** Starts `mcoin args`; `exited` resolves with what it printed once it has ended. */
function start(args: string[], env: Record<string, string | undefined> = {}) {
  const child = spawn(process.execPath, [MCOIN, ...args], { cwd: ROOT, env: { ...CLEAN_ENV, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  const output = { stdout: "", stderr: "" };
  child.stdout.on("data", (chunk: Buffer) => (output.stdout += chunk));
  child.stderr.on("data", (chunk: Buffer) => (output.stderr += chunk));
  const exited = new Promise<Exited>((resolve) => child.once("close", (code, signal) => resolve({ code, signal, ...output })));
  /** The JSON document it prints first (--json: pretty-printed), once it is whole. */
  const started = () =>
    new Promise<unknown>((resolve, reject) => {
      const check = () => {
        const end = output.stdout.indexOf("\n}\n");
        if (end >= 0) resolve(JSON.parse(output.stdout.slice(0, end + 2)));
      };
      child.stdout.on("data", check);
      check();
      void exited.then((end) => reject(new Error(`mcoin ${args.join(" ")} exited (${end.code}) first: ${end.stderr}`)));
    });
  return { child, output, exited, started };
}

const mcoin = (args: string[], env: Record<string, string | undefined> = {}) => start(args, env).exited;

describe("bin/mcoin.mjs", () => {
  it("--help lists the commands and exits 0", async () => {
    const help = await mcoin(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: mcoin /);
    expect(help.stdout).toContain("mcoin sandbox ledger");
    expect(help.stdout).toContain("Exit codes: 0 ok, 1 a business or network failure, 2 bad usage.");
  });

  it("--version prints the version and exits 0", async () => {
    expect(await mcoin(["--version"])).toMatchObject({ code: 0, stdout: "0.1.0\n", stderr: "" });
  });

  it("runs the same from the sources as from the bundle (MCOIN_CLI_FROM_SOURCE=1)", async () => {
    const [fromBundle, fromSources] = await Promise.all([mcoin(["gateway", "sign", "--help"]), mcoin(["gateway", "sign", "--help"], { MCOIN_CLI_FROM_SOURCE: "1" })]);
    expect(fromSources.code).toBe(0);
    expect(fromSources.stdout).toContain("$ npx mcoin gateway sign");
    expect(fromSources).toEqual(fromBundle);
  });

  it("exits 2 on bad usage, the hint on stderr", async () => {
    const bad = await mcoin(["sandbox", "--port", "seventy"]);
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe("");
    expect(bad.stderr).toContain("error: --port");
    expect(bad.stderr).toContain("hint: see: mcoin sandbox --help");
    expect((await mcoin(["no-such-command"])).code).toBe(2);
  });

  it("exits 1 on a failure, said on stderr, or on stdout as JSON with --json", async () => {
    const body = ["gateway", "decrypt", "--body", "Jw/Q1yca6kCKOm68KYM+5s41IKCN13sWwe9+xry/z55dai2mGYWRtRndnk/FBQVd", "--key", "0123456789abcdeX", "--iv", "fedcba9876543210"];
    const human = await mcoin(body);
    expect(human).toMatchObject({ code: 1, stdout: "" });
    expect(human.stderr).toContain("error: the body does not decrypt with this key and IV");
    const machine = await mcoin([...body, "--json"]);
    expect(machine.code).toBe(1);
    expect(JSON.parse(machine.stdout)).toMatchObject({ error: { code: "DECRYPT_FAILED" } });
  });

  it("exits 0 without a word when its reader stops reading (mcoin … | head)", async () => {
    // The document is larger than a pipe holds: the reader goes away while it is still being written.
    const { child, exited } = start(["contract", "openapi"]);
    child.stdout!.once("data", () => child.stdout!.destroy());
    const end = await exited;
    expect(end.code).toBe(0);
    expect(end.stderr).toBe("");
  });

  it("stops the sandbox on SIGINT: the port closed, exit 0", async () => {
    const sandbox = start(["sandbox", "--port", "0", "--json"]);
    const { url } = (await sandbox.started()) as { url: string };
    expect((await fetch(`${url}/__sandbox/health`)).status).toBe(200);
    sandbox.child.kill("SIGINT");
    expect((await sandbox.exited).code).toBe(0);
    await expect(fetch(`${url}/__sandbox/health`)).rejects.toThrow();
  });

  it("stops the sandbox on SIGTERM, exit 0", async () => {
    const sandbox = start(["sandbox", "--port", "0", "--json"]);
    await sandbox.started();
    sandbox.child.kill("SIGTERM");
    expect((await sandbox.exited).code).toBe(0);
  });

  it("stops the recorder on SIGTERM with its summary, exit 0", async () => {
    const out = mkdtempSync(join(tmpdir(), "mcoin-smoke-"));
    // Nothing is forwarded: the gateway behind it need not be there.
    const recorder = start(["record", "--env", "sandbox", "--port", "0", "--json", "--out", out], { MCOIN_SANDBOX_URL: "http://127.0.0.1:4899" });
    expect(await recorder.started()).toMatchObject({ url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/), out });
    recorder.child.kill("SIGTERM");
    const end = await recorder.exited;
    expect(end.code).toBe(0);
    expect(JSON.parse(end.stdout.trim().split("\n").at(-1)!)).toEqual({ summary: "recorded 0 exchanges", refused: [] });
  });

  it("stops the recorder on SIGINT, exit 0", async () => {
    const out = mkdtempSync(join(tmpdir(), "mcoin-smoke-"));
    const recorder = start(["record", "--env", "sandbox", "--port", "0", "--json", "--out", out], { MCOIN_SANDBOX_URL: "http://127.0.0.1:4899" });
    await recorder.started();
    recorder.child.kill("SIGINT");
    expect((await recorder.exited).code).toBe(0);
  });
});

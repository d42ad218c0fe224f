/**
 * `mcoin sandbox log --follow`: each gateway call as the sandbox answers it, with its registry name,
 * status, time and markers, pushed over the traffic inspector's event stream, which asks for the
 * control token whenever the other controls do.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { startSandboxServer, type RunningSandbox } from "../sandbox/server";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
let running: RunningSandbox | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

/** Runs `mcoin sandbox log --follow` until `lines` lines came, then stops it with Ctrl-C. */
function follow(args: string[], lines: number, act: () => Promise<void>): Promise<{ out: string[]; code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["bin/mcoin.mjs", "sandbox", "log", "--follow", ...args], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    const out: string[] = [];
    let stderr = "";
    let buffered = "";
    let acted = false;
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk;
      // It says it follows once connected: the calls are made then.
      if (!acted && stderr.includes("following")) {
        acted = true;
        setTimeout(() => act().catch(reject), 300);
      }
    });
    child.stdout.on("data", (chunk: Buffer) => {
      buffered += chunk;
      const parts = buffered.split("\n");
      buffered = parts.pop() ?? "";
      out.push(...parts.filter(Boolean));
      if (out.length >= lines) child.kill("SIGINT");
    });
    child.on("exit", (code) => resolve({ out, code, stderr }));
    setTimeout(() => child.kill("SIGINT"), 20_000);
  });
}

describe("mcoin sandbox log --follow", () => {
  it("prints each call as it is answered, with its status, time and markers, and stops on Ctrl-C", async () => {
    running = await startSandboxServer({ port: 0, host: "127.0.0.1" });
    const base = running.url;
    const { out, code } = await follow(["--base-url", base], 3, async () => {
      await fetch(`${base}/api/system/time`);
      await fetch(`${base}/api/system/tme`);
    });
    expect(code).toBe(0);
    expect(out[0]).toMatch(/^#\d+ \d\d:\d\d:\d\d\.\d{3} GET \/api\/system\/time \(systemTime\) → 200 in \d+ ms$/);
    expect(out[1]).toMatch(/GET \/api\/system\/tme → 404 in \d+ ms \[near miss\]/);
    expect(out[2]).toMatch(/no sandbox endpoint for GET \/api\/system\/tme; did you mean GET \/api\/system\/time/);
  }, 30_000);

  it("prints one JSON line a call with --json", async () => {
    running = await startSandboxServer({ port: 0, host: "127.0.0.1" });
    const base = running.url;
    const { out } = await follow(["--base-url", base, "--json"], 1, async () => {
      await fetch(`${base}/api/system/time`);
    });
    expect(JSON.parse(out[0])).toMatchObject({ method: "GET", path: "/api/system/time", name: "systemTime", status: 200, ms: expect.any(Number), markers: {} });
  }, 30_000);

  it("is refused without the control token when the sandbox has one", async () => {
    running = await startSandboxServer({ port: 0, host: "127.0.0.1", controlToken: "a-control-token-of-the-test" });
    const refused = await fetch(`${running.url}/__sandbox/inspect/api/stream`);
    expect(refused.status).toBe(401);
    await refused.body?.cancel();
    const stream = await fetch(`${running.url}/__sandbox/inspect/api/stream`, { headers: { "x-sandbox-token": "a-control-token-of-the-test" } });
    expect(stream.headers.get("content-type")).toBe("text/event-stream");
    await stream.body?.cancel();
  });
});

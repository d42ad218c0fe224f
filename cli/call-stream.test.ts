/**
 * `mcoin sandbox log --follow`: each gateway call as the sandbox answers it, with its registry name,
 * status, time and markers, pushed over the traffic inspector's event stream, which asks for the
 * control token whenever the other controls do. Run in this process against a sandbox answered
 * in-process (cli/testing.ts), stopped as Ctrl-C stops it.
 */
import { describe, expect, it } from "vitest";
import { sandboxCli, startCli } from "./testing";
import { createSandbox } from "../sandbox/index";
import { IN_PROCESS_BASE } from "../sandbox/testing";

/** Runs `mcoin sandbox log --follow` until `lines` lines came, the calls made once it follows, then stops it with Ctrl-C. */
async function follow(args: string[], lines: number, act: (send: typeof fetch, base: string) => Promise<void>) {
  const { fetch: send, url: base } = sandboxCli();
  const following = startCli(["sandbox", "log", "--follow", "--base-url", base, ...args], { fetch: send });
  // It says it follows once connected: the calls are made then.
  await following.printed(({ stderr }) => stderr.includes("following"));
  await act(send, base);
  await following.printed(({ stdout }) => stdout.split("\n").filter(Boolean).length >= lines);
  const { code, stdout, stderr } = await following.stop();
  return { out: stdout.split("\n").filter(Boolean), code, stderr };
}

describe("mcoin sandbox log --follow", () => {
  it("prints each call as it is answered, with its status, time and markers, and stops on Ctrl-C", async () => {
    const { out, code } = await follow([], 3, async (send, base) => {
      await send(`${base}/api/system/time`);
      await send(`${base}/api/system/tme`);
    });
    expect(code).toBe(0);
    expect(out[0]).toMatch(/^#\d+ \d\d:\d\d:\d\d\.\d{3} GET \/api\/system\/time \(systemTime\) → 200 in \d+ ms$/);
    expect(out[1]).toMatch(/GET \/api\/system\/tme → 404 in \d+ ms \[near miss\]/);
    expect(out[2]).toMatch(/no sandbox endpoint for GET \/api\/system\/tme; did you mean GET \/api\/system\/time/);
  });

  it("prints one JSON line a call with --json", async () => {
    const { out } = await follow(["--json"], 1, async (send, base) => {
      await send(`${base}/api/system/time`);
    });
    expect(JSON.parse(out[0])).toMatchObject({ method: "GET", path: "/api/system/time", name: "systemTime", status: 200, ms: expect.any(Number), markers: {} });
  });

  it("is refused without the control token when the sandbox has one", async () => {
    const sandbox = createSandbox({ controlToken: "a-control-token-of-the-test" });
    const refused = await sandbox.handle(new Request(`${IN_PROCESS_BASE}/__sandbox/inspect/api/stream`));
    expect(refused.status).toBe(401);
    await refused.body?.cancel();
    const stream = await sandbox.handle(new Request(`${IN_PROCESS_BASE}/__sandbox/inspect/api/stream`, { headers: { "x-sandbox-token": "a-control-token-of-the-test" } }));
    expect(stream.headers.get("content-type")).toBe("text/event-stream");
    await stream.body?.cancel();
    const run = await startCli(["sandbox", "log", "--follow", "--base-url", IN_PROCESS_BASE], { fetch: (input, init) => sandbox.handle(new Request(input, init)) }).finished;
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("the sandbox refused the inspector's stream (HTTP 401)");
  });
});

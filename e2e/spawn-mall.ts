/**
 * Another mall server on the suite's build, with configuration of its own: for tests that need a
 * mall the shared one must not be (rate limits, a gateway that is down, other secrets).
 */
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { rawRequest } from "../server/test-http";
import { E2E_SANDBOX_URL } from "./env";

export interface SpawnedMall {
  url: string;
  port: number;
  stop(): void;
}

/** A port nobody listens on now: a mall left over from an earlier run must never answer for this one. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts `build/mall-server.js` on a free port against the suite's sandbox (unless `env` says
 * otherwise) and waits until it answers, for up to 30 s: the machine may be busy with the rest of the
 * suite. `host` is the name the browser and the test use for it: rate limits count per address, and
 * the session cookie reaches only the host it was set for.
 */
export async function startMall(env: Record<string, string>, host: "127.0.0.1" | "localhost" = "127.0.0.1", chosenPort?: number): Promise<SpawnedMall> {
  // A port chosen beforehand, when a sandbox must know the mall's origin before it starts.
  const port = chosenPort ?? (await freePort());
  const child = spawn(process.execPath, ["build/mall-server.js"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), MCOIN_SANDBOX_URL: E2E_SANDBOX_URL, ...env },
    stdio: "ignore",
  });
  const url = `http://${host}:${port}`;
  for (let attempt = 0; attempt < 300; attempt++) {
    const up = await rawRequest(port, "GET", "/robots.txt").then(
      (reply) => reply.status === 200,
      () => false,
    );
    if (up && child.exitCode === null) return { url, port, stop: () => child.kill() };
    if (child.exitCode !== null) throw new Error(`the mall for ${url} exited (${child.exitCode})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error(`the mall on ${url} did not start`);
}

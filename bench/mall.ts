/**
 * The production build of the mall, served for a benchmark on a free port against a given sandbox
 * (in-process, or in a process of its own as `npm start` runs it), members signed in to it the way
 * the wallet signs them in (a login code on the URL, the session in a cookie), and what a process
 * costs (CPU time, resident memory) read from Linux's /proc.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { request } from "undici";
import { createControlClient } from "#core/controls/client";
import * as controls from "#core/controls/declarations";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.once("error", reject);
  });
}

async function waitFor(url: string) {
  for (let i = 0; i < 100; i++) {
    try {
      await request(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${url} did not come up`);
}

/** User and system CPU time of a process so far, in seconds (Linux /proc). */
export function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** A process's resident memory now, in bytes (VmRSS of Linux /proc/PID/status); NaN once it is gone. */
export function rssBytes(pid: number): number {
  try {
    const kib = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kib === undefined ? Number.NaN : Number(kib) * 1024;
  } catch {
    return Number.NaN;
  }
}

export interface BenchSandbox {
  url: string;
  /** The sandbox's process, for its CPU time and memory. */
  pid: number;
  stop(): void;
}

/** `mcoin sandbox` in a process of its own on `port`, answering the mall at `mallOrigin`; resolves once it is healthy. */
export async function startSandboxProcess(port: number, mallOrigin: string): Promise<BenchSandbox> {
  const child = spawn(process.execPath, ["bin/mcoin.mjs", "sandbox", "--port", String(port), "--mall-origin", mallOrigin], { cwd: ROOT, stdio: "ignore" });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      await createControlClient({ baseUrl: url }).get(controls.health);
      return { url, pid: child.pid!, stop: () => child.kill("SIGTERM") };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  child.kill("SIGTERM");
  throw new Error("the sandbox did not start");
}

export interface BenchMall {
  base: string;
  /** The server's process, for its CPU time. */
  pid: number;
  stop(): void;
}

/** Serves build/ on `port` against the sandbox at `sandboxUrl`; resolves once it answers. */
export async function startMall(port: number, sandboxUrl: string, env: Record<string, string> = {}): Promise<BenchMall> {
  if (!existsSync(`${ROOT}/build/mall-server.js`)) throw new Error("build the mall first: npm run build");
  const app = spawn(process.execPath, [`${ROOT}/build/mall-server.js`], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), MCOIN_SANDBOX_URL: sandboxUrl, ...env },
    stdio: "ignore",
  });
  const base = `http://localhost:${port}`;
  try {
    await waitFor(`${base}/robots.txt`);
  } catch (error) {
    app.kill("SIGTERM");
    throw error;
  }
  return { base, pid: app.pid!, stop: () => app.kill("SIGTERM") };
}

/** Signs a member in through the sandbox's sign-in page; the Cookie header of their session. */
export async function signIn(mall: BenchMall, sandboxUrl: string, openId: string, extraCookies: string[] = []): Promise<string> {
  const form = new URLSearchParams({ openId, redirect_uri: `${mall.base}/index`, state: "" });
  const authorize = await request(`${sandboxUrl}/oauth/authorize`, { method: "POST", body: form.toString(), headers: { "content-type": "application/x-www-form-urlencoded" } });
  const landing = String(authorize.headers.location);
  await authorize.body.dump();
  const login = await request(landing);
  const setCookie = ([] as string[]).concat(login.headers["set-cookie"] ?? []);
  await login.body.dump();
  const jar = new Map<string, string>();
  const keep = (lines: string | string[] | undefined) => {
    for (const line of ([] as string[]).concat(lines ?? [])) {
      const pair = line.split(";")[0];
      jar.set(pair.slice(0, pair.indexOf("=")), pair);
    }
  };
  keep(setCookie);
  keep(extraCookies);
  // The first page after login checks the terms and remembers it in the session, as a browser keeps
  // the cookie it is given; later pages do not check again.
  const first = await request(`${mall.base}/index`, { headers: { cookie: [...jar.values()].join("; ") } });
  keep(first.headers["set-cookie"]);
  await first.body.dump();
  return [...jar.values()].join("; ");
}

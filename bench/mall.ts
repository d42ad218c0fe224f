/**
 * The production build of the mall, served for a benchmark on a free port against a given sandbox
 * (in-process, or in a process of its own as `npm start` runs it), members signed in to it the way
 * the wallet signs them in (a login code on the URL, the session in a cookie), and what a process
 * costs (CPU time, resident memory) read from Linux's /proc.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { request } from "undici";
import { createControlClient } from "#core/controls/client";
import * as controls from "#core/controls/declarations";
import { startSandboxServer } from "../sandbox/server";
import { startTlsFront, type TlsFront } from "./tls-front";

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

/** CPU time the whole machine has spent busy so far, every core together, in seconds (the first line of Linux /proc/stat: all but idle and iowait). */
export function machineBusySeconds(): number {
  const [, user, nice, system, , , irq, softirq, steal] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).map(Number);
  return (user + nice + system + irq + softirq + steal) / 100;
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

export interface StartMallOptions {
  /** Each line the server logs (one JSON object a line, server/logger.ts); the log is dropped without it. */
  onLog?: (line: string) => void;
}

/** Serves build/ on `port` against the sandbox at `sandboxUrl`; resolves once it answers. */
export async function startMall(port: number, sandboxUrl: string, env: Record<string, string> = {}, { onLog }: StartMallOptions = {}): Promise<BenchMall> {
  if (!existsSync(`${ROOT}/build/mall-server.js`)) throw new Error("build the mall first: npm run build");
  const app = spawn(process.execPath, [`${ROOT}/build/mall-server.js`], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), MCOIN_SANDBOX_URL: sandboxUrl, ...env },
    stdio: ["ignore", onLog ? "pipe" : "ignore", "ignore"],
  });
  if (onLog) createInterface({ input: app.stdout! }).on("line", onLog);
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

/**
 * A signed-in member's mall as a phone reaches it in production (the browser benches: Lighthouse,
 * member timing): the sandbox in this process, the production build behind the TLS front
 * (tls-front.ts), and a returning member of the fixtures who has agreed to the current terms, with an
 * order of their own.
 */
export interface MemberStack {
  /** `https://localhost:PORT`, through the front. */
  origin: string;
  /** An order the member has, for its detail screen. */
  orderId: number;
  /** A store of the fixtures with offers, and an offer any member may buy. */
  storeId: number;
  offerId: number;
  /** The member signed in afresh: their Cookie header (a page that returns to view rotates the token). */
  signIn(): Promise<string>;
  close(): Promise<void>;
}

export const STACK_MEMBER = "mpay-1003";
/**
 * A signed-in member has been here before: the host told the page where they are once this session
 * (the mcoin_geo cookie, see app/components/location-sync.tsx), so the page does not ask again and
 * reload its data, as it does on a first visit.
 */
const RETURNING = [`mcoin_geo=${encodeURIComponent("22.19350,113.53970")}`];

export async function startMemberStack(): Promise<MemberStack> {
  const mallPort = await freePort();
  const sandbox = await startSandboxServer({ port: 0, host: "127.0.0.1", mallOrigins: [`http://localhost:${mallPort}`] });
  let mall: BenchMall | null = null;
  let front: TlsFront | null = null;
  const close = async () => {
    await front?.close();
    mall?.stop();
    await sandbox.close();
  };
  try {
    // The front is the one proxy the mall trusts: loopback.
    // Every load of the browser benches signs the member in afresh from this one address, far more
    // often than the login bucket's 20 a minute allows a client (server/rate-limit.ts).
    mall = await startMall(mallPort, sandbox.url, { MCOIN_TRUST_PROXY: "loopback", MCOIN_RATE_LIMITS: "login=10000" });
    front = await startTlsFront(mallPort);
    // The member has agreed to the current terms, as a returning member has: the terms pop-up belongs
    // to the first visit after the terms change (clause status 0: nothing to agree to).
    const sandboxControls = createControlClient({ baseUrl: sandbox.url });
    await sandboxControls.get(controls.patchMember, { params: { openId: STACK_MEMBER }, input: { clauseStatus: 0 } });
    // A member with orders in the fixtures' history, so the order detail has one to show.
    const orders = await sandboxControls.get(controls.orders, { params: { openId: STACK_MEMBER } });
    const orderId = orders.orders.at(-1)?.id;
    if (orderId === undefined) throw new Error(`${STACK_MEMBER} has no order in the fixtures`);
    const served = mall;
    return { origin: front.origin, orderId, storeId: 1, offerId: 1, signIn: () => signIn(served, sandbox.url, STACK_MEMBER, RETURNING), close };
  } catch (error) {
    await close();
    throw error;
  }
}

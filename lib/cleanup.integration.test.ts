/**
 * The fixture cleans up (issue 47, item 6): a parent process stands in for Playwright's runner and
 * starts a sandbox and a mall as lib/playwright.ts does (startSandbox in its own process, startMall
 * a child), then is killed with SIGKILL. Everything it started listened on 127.0.0.1 only, and is
 * gone within 5 s, what the mall started in turn included. The mall is a stand-in script that
 * listens as build/mall-server.js does (PORT at MCOIN_LISTEN_HOST, every interface without it) and
 * starts a child of its own: `vitest run` builds the mall beside this test (scripts/test.mjs), so
 * the build may not be there; the mall's own listen address is server/listen-address.test.ts's.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MALL_ROOT } from "./mall";

const work = mkdtempSync(join(tmpdir(), "mcoin-cleanup-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The mall's stand-in: answers /robots.txt where build/mall-server.js would listen, and starts a child that never ends. */
const STAND_IN = `
import { createServer } from "node:http";
import { spawn } from "node:child_process";
spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
const server = createServer((request, reply) => reply.writeHead(200).end("User-agent: *\\n"));
if (process.env.MCOIN_LISTEN_HOST) server.listen(Number(process.env.PORT), process.env.MCOIN_LISTEN_HOST);
else server.listen(Number(process.env.PORT));
`;

/** The runner's stand-in: the sandbox and the mall as the fixture starts them, then it waits to be killed. */
const RUNNER = (server: string) => `
const { startSandbox } = await import("./lib/sandbox.ts");
const { freePort, startMall } = await import("./lib/mall.ts");
const port = await freePort();
const sandbox = await startSandbox({ mallOrigins: ["http://localhost:" + port] });
const mall = await startMall({ sandboxUrl: sandbox.url, port, server: ${JSON.stringify(server)} });
console.log(JSON.stringify({ sandbox: sandbox.port, mall: mall.port }));
setInterval(() => {}, 1000);
`;

/** A process's parent pid and state, from /proc; undefined once it is gone. */
function stat(pid: number): { ppid: number; state: string } | undefined {
  try {
    // The command name (in parentheses) may hold spaces: the fields after its closing parenthesis.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8")
      .replace(/^.*\) /s, "")
      .split(" ");
    return { state: fields[0], ppid: Number(fields[1]) };
  } catch {
    return undefined;
  }
}

const pids = () =>
  readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number);

/** `root` and every process under it. */
function tree(root: number): number[] {
  const parents = new Map(pids().map((pid) => [pid, stat(pid)?.ppid]));
  const found = [root];
  for (let i = 0; i < found.length; i++) for (const [pid, ppid] of parents) if (ppid === found[i]) found.push(pid);
  return found;
}

/** A zombie has ended: only its exit status waits to be read. */
const alive = (pid: number) => {
  const state = stat(pid)?.state;
  return state !== undefined && state !== "Z";
};

/** The TCP sockets listening now (IPv4 and IPv6): local address (hex, as /proc writes it), port and inode. */
function listening(): { address: string; port: number; inode: string }[] {
  return ["/proc/net/tcp", "/proc/net/tcp6"].flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields[3] === "0A")
      .map((fields) => {
        const [address, port] = fields[1].split(":");
        return { address, port: parseInt(port, 16), inode: fields[9] };
      }),
  );
}

/** The socket inodes the processes `of` hold open. */
function socketsOf(of: readonly number[]): Set<string> {
  const inodes = new Set<string>();
  for (const pid of of) {
    let fds: string[] = [];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (match) inodes.add(match[1]);
      } catch {
        // closed meanwhile
      }
    }
  }
  return inodes;
}

const LOOPBACK = "0100007F";

describe.runIf(process.platform === "linux")("the fixture's processes", () => {
  it("listen on 127.0.0.1 only, and are all gone within 5 s of a kill -9 of the runner", async () => {
    const server = join(work, "mall-server.mjs");
    writeFileSync(server, STAND_IN);
    const runner = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", RUNNER(server)], { cwd: MALL_ROOT, stdio: ["ignore", "pipe", "inherit"] });
    const ports = await new Promise<{ sandbox: number; mall: number }>((resolve, reject) => {
      runner.stdout.once("data", (chunk: Buffer) => resolve(JSON.parse(chunk.toString()) as { sandbox: number; mall: number }));
      runner.once("exit", (code) => reject(new Error(`the runner's stand-in exited (${code})`)));
    });
    const started = tree(runner.pid!);
    // The runner, the mall and the mall's own child.
    expect(started.length).toBeGreaterThanOrEqual(3);

    const theirs = socketsOf(started);
    const listens = listening().filter((socket) => theirs.has(socket.inode));
    expect(listens.map((socket) => socket.port).sort()).toEqual([ports.sandbox, ports.mall].sort());
    expect(listens.map((socket) => socket.address)).toEqual([LOOPBACK, LOOPBACK]);

    runner.kill("SIGKILL");
    // Their sockets by identity, not by port: once freed, a port may be another test's a moment later.
    const stillListening = () => listening().filter((socket) => theirs.has(socket.inode));
    // A process reads as a zombie once its main thread has ended, while its other threads may still
    // hold its files a moment longer: the wait is for both, within the same 5 s.
    const deadline = Date.now() + 5_000;
    while ((started.some(alive) || stillListening().length > 0) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(started.filter(alive)).toEqual([]);
    expect(stillListening()).toEqual([]);
  }, 60_000);
});

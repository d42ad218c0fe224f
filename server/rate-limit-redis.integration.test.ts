/**
 * Two mall instances behind one Redis share their limits, and a Redis that hangs (SIGSTOP: it accepts
 * and never answers) or goes away leaves each instance counting in memory rather than failing or
 * waiting, and saying so once each way. Needs Debian's redis-server, which `npm test`
 * installs (and then requires: MCOIN_REQUIRE_REDIS); a bare `vitest` run skips it without one.
 */
import type { RequestHandler } from "express";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { request as httpRequest } from "node:http";
import { createServer, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testLog } from "./test-http";
import { createMallApp } from "./app";
import { createLogger } from "./logger";
import { createRateLimits } from "./rate-limit";
import { SharedRedis } from "./redis";

const haveRedis = spawnSync("redis-server", ["--version"]).status === 0;
if (!haveRedis && process.env.MCOIN_REQUIRE_REDIS) throw new Error("redis-server is missing: npm test installs it (apt-get install redis-server)");

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function post(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: "127.0.0.1", port, method: "POST", path: "/search", headers: { host: "localhost", "content-type": "application/x-www-form-urlencoded" } }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("error", reject);
    request.end("intent=search&keyword=x");
  });
}

const ok: RequestHandler = (_req, res) => {
  res.send("ok");
};

async function mall(redis: SharedRedis) {
  const app = createMallApp({
    log: testLog(),
    environmentForHost: () => "sandbox",
    trustProxy: false,
    csp: { enforce: true, frameAncestors: [], originsOf: () => ({ images: [], signIn: "http://signin.example", connect: [] }) },
    widgetOrigins: [],
    actionLimit: createRateLimits({ limits: { login: 100, task: 100, picture: 100, action: 3 }, redis }).actions,
    assets: [],
    remix: ok,
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return { port: (server.address() as AddressInfo).port, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe.skipIf(!haveRedis)("rate limits shared through Redis", () => {
  let redisProcess: ChildProcess;
  let clients: SharedRedis[];
  let malls: Awaited<ReturnType<typeof mall>>[];
  const logged: { redis?: string }[] = [];
  const log = createLogger("info", { write: (line: string) => void logged.push(JSON.parse(line) as { redis?: string }) });

  beforeAll(async () => {
    const port = await freePort();
    redisProcess = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
    clients = [0, 1].map(() => new SharedRedis(`redis://127.0.0.1:${port}`, { timeoutMs: 300, log }));
    for (let attempt = 0; !clients.every((client) => client.client.status === "ready"); attempt++) {
      if (attempt > 100) throw new Error("redis-server did not start");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    malls = await Promise.all(clients.map((client) => mall(client)));
  });

  afterAll(async () => {
    await Promise.all(malls.map((instance) => instance.close()));
    for (const client of clients) client.disconnect();
    redisProcess.kill("SIGCONT");
    redisProcess.kill();
  });

  it("count one client's actions on every instance together", async () => {
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt++) statuses.push(await post(malls[attempt % 2].port));
    // Three per minute in all, not three per instance.
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
  });

  it("take a busy mall for busy, not Redis for hung: an answer that came while the event loop was held past the timeout is used", async () => {
    logged.length = 0;
    const { answer } = await new Promise<{ answer: Promise<string> }>((resolve) =>
      // In a callback of the check phase, as a request's work is: the timers come before the next read of Redis's socket.
      setImmediate(() => {
        const answer = clients[0].use(
          async () => String(await clients[0].client.ping()),
          () => "memory",
        );
        // The event loop held past the timeout (300 ms), as by many requests rendering at once on a loaded machine.
        const until = performance.now() + 500;
        while (performance.now() < until);
        resolve({ answer });
      }),
    );
    expect(await answer).toBe("PONG");
    expect(logged.map((line) => line.redis)).toEqual([]);
  });

  it("count in memory while Redis hangs, and in Redis again when it answers, saying so once each way", async () => {
    // The first test's requests found Redis back after the connection refused at its start.
    logged.length = 0;
    redisProcess.kill("SIGSTOP");
    const statuses = [];
    // Over the limit in Redis already: in memory, this instance's own count starts afresh.
    for (let attempt = 0; attempt < 4; attempt++) statuses.push(await post(malls[1].port));
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(logged.map((line) => line.redis)).toEqual(["away"]);
    redisProcess.kill("SIGCONT");
    // One request a second tries Redis again; there the client is still over the limit.
    await expect.poll(async () => ((await post(malls[1].port)) === 429 && logged.some((line) => line.redis === "back") ? "shared" : "not yet"), { timeout: 10_000, interval: 300 }).toBe("shared");
    expect(logged.map((line) => line.redis)).toEqual(["away", "back"]);
  });

  it("fall back to each instance's memory while Redis is away, without failing a request", async () => {
    redisProcess.kill("SIGKILL");
    await new Promise((resolve) => redisProcess.once("exit", resolve));
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt++) statuses.push(await post(malls[0].port));
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

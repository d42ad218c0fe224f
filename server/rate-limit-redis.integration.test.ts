/**
 * Two mall instances behind one Redis share their limits, and a Redis that goes away leaves each
 * instance counting in memory rather than failing. Needs Debian's redis-server, which `npm test`
 * installs (and then requires: MCOIN_REQUIRE_REDIS); a bare `vitest` run skips it without one.
 */
import type { RequestHandler } from "express";
import { Redis } from "ioredis";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { request as httpRequest } from "node:http";
import { createServer, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMallApp } from "./app";
import { createRateLimits } from "./rate-limit";

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

async function mall(redis: Redis) {
  const app = createMallApp({
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
  let clients: Redis[];
  let malls: Awaited<ReturnType<typeof mall>>[];

  beforeAll(async () => {
    const port = await freePort();
    redisProcess = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
    clients = [0, 1].map(() => new Redis({ port, host: "127.0.0.1", enableOfflineQueue: false, maxRetriesPerRequest: 1, retryStrategy: () => 200, lazyConnect: true }));
    for (const client of clients) client.on("error", () => undefined);
    for (let attempt = 0; ; attempt++) {
      try {
        for (const client of clients) if (client.status !== "ready") await client.connect();
        break;
      } catch (error) {
        if (attempt > 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    malls = await Promise.all(clients.map((client) => mall(client)));
  });

  afterAll(async () => {
    await Promise.all(malls.map((instance) => instance.close()));
    for (const client of clients) client.disconnect();
    redisProcess.kill();
  });

  it("count one client's actions on every instance together", async () => {
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt++) statuses.push(await post(malls[attempt % 2].port));
    // Three per minute in all, not three per instance.
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
  });

  it("fall back to each instance's memory while Redis is away, without failing a request", async () => {
    redisProcess.kill("SIGKILL");
    await new Promise((resolve) => redisProcess.once("exit", resolve));
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt++) statuses.push(await post(malls[0].port));
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

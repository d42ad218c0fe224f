/**
 * The mall's server as an operator sees it (server/health.ts, logger.ts, shutdown.ts), in process:
 * /readyz follows its dependencies, each log line is one JSON object with the request's id, and a
 * shutdown lets slow requests in flight finish while it refuses new connections.
 */
import type { RequestHandler } from "express";
import { Agent, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createMallApp } from "./app";
import { testAppOptions } from "./app-testing";
import { healthRoutes } from "./health";
import { createLogger } from "./logger";
import { gracefulShutdown, type Shutdown } from "./shutdown";
import { rawRequest } from "./test-http";

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  req?: { path: string };
}

let release: () => void = () => undefined;
const slow: RequestHandler = (req, res) => {
  if (req.path !== "/slow") return void res.send(`fast ${req.log.bindings().reqId as string}`);
  req.log.info("slow request started");
  new Promise<void>((resolve) => (release = resolve)).then(
    () => res.send("slow done"),
    () => undefined,
  );
};

async function serve({ gatewayUp }: { gatewayUp: () => boolean }) {
  const lines: string[] = [];
  let shutdown: Shutdown | undefined;
  let exited: number | null = null;
  const app = createMallApp(
    testAppOptions({
      log: createLogger("info", { write: (line: string) => void lines.push(line) }),
      first: (req, res, next) => (shutdown ? shutdown.closeWhileDraining(req, res, next) : next()),
      probes: healthRoutes({ dependencies: { gateway: async () => gatewayUp() }, stopping: () => shutdown?.stopping() ?? false }),
      remix: slow,
    }),
  );
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  shutdown = gracefulShutdown(server, { boundMs: 30_000, log: createLogger("silent"), exit: (code) => void (exited = code) });
  const started = shutdown;
  shutdown = undefined;
  return {
    port: (server.address() as AddressInfo).port,
    lines: () => lines.map((line) => JSON.parse(line) as Line),
    rawLines: lines,
    stop: () => {
      shutdown = started;
      started.stop("SIGTERM");
    },
    exited: () => exited,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

let running: Awaited<ReturnType<typeof serve>> | undefined;
afterEach(async () => {
  release();
  await running?.close();
  running = undefined;
});

describe("the mall's server, operated", () => {
  it("answers /readyz 503 naming the gateway while it is down and 200 after; /healthz 200 throughout, whatever the Host", async () => {
    let up = false;
    running = await serve({ gatewayUp: () => up });
    const down = await rawRequest(running.port, "GET", "/readyz", { host: "10.0.0.7:3000" });
    expect(down.status).toBe(503);
    expect(JSON.parse(down.body)).toEqual({ ok: false, down: ["gateway"] });
    expect((await rawRequest(running.port, "GET", "/healthz", { host: "10.0.0.7:3000" })).status).toBe(200);
    up = true;
    expect((await rawRequest(running.port, "GET", "/readyz")).status).toBe(200);
  });

  it("logs one JSON object a line, each line of a request with its id: the caller's when well-formed, else a new one", async () => {
    running = await serve({ gatewayUp: () => true });
    const given = await rawRequest(running.port, "GET", "/page?code=secret", { "x-request-id": "page-load-0001" });
    expect(given.headers["x-request-id"]).toBe("page-load-0001");
    expect(given.body).toBe("fast page-load-0001");
    const forged = await rawRequest(running.port, "GET", "/page", { "x-request-id": 'x"\\n{"level":60}' });
    const made = String(forged.headers["x-request-id"]);
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => running!.lines().filter((line) => line.msg === "request completed").length).toBe(2);
    expect(running.rawLines.every((line) => line.endsWith("\n") && line.trimEnd().split("\n").length === 1)).toBe(true);
    const completed = running.lines().filter((line) => line.msg === "request completed");
    expect(completed.map((line) => line.reqId)).toEqual(["page-load-0001", made]);
    // The path, never the query (a login code, a token).
    expect(completed[0]?.req).toEqual({ method: "GET", path: "/page" });
    expect(running.rawLines.join("")).not.toContain("secret");
    // Probes are answered, not logged line by line.
    await rawRequest(running.port, "GET", "/healthz");
    expect(running.lines().some((line) => line.req?.path === "/healthz")).toBe(false);
  });

  it("on shutdown finishes the slow requests in flight, closes idle keep-alive connections, refuses new connections and exits", async () => {
    running = await serve({ gatewayUp: () => true });
    const { port } = running;
    const agent = new Agent({ keepAlive: true });
    const get = (path: string) =>
      new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
        const asked = httpRequest({ host: "127.0.0.1", port, path, agent, headers: { host: `localhost:${port}` } }, (reply) => {
          let body = "";
          reply.on("data", (chunk: Buffer) => (body += chunk.toString()));
          reply.on("end", () => resolve({ status: reply.statusCode ?? 0, body, connection: reply.headers.connection }));
        });
        asked.on("error", reject);
        asked.end();
      });
    // A keep-alive connection left idle, and a slow request in flight on another.
    expect((await get("/idle")).status).toBe(200);
    const inFlight = get("/slow");
    await expect.poll(() => running!.lines().some((line) => line.msg === "slow request started")).toBe(true);
    running.stop();
    expect((await rawRequest(port, "GET", "/readyz").catch((error: Error) => error)) instanceof Error).toBe(true);
    expect(running.exited()).toBeNull();
    release();
    expect(await inFlight).toMatchObject({ status: 200, body: "slow done" });
    await expect.poll(() => running!.exited()).toBe(0);
    agent.destroy();
  });
});

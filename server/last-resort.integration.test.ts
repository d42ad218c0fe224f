import type { RequestHandler } from "express";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMallApp } from "./app";
import { testAppOptions } from "./app-testing";
import { createLogger } from "./logger";
import { rawRequest } from "./test-http";

/** A raw request: fetch would normalise the path it is given. */
const send = (port: number, path: string) => rawRequest(port, "GET", path);

describe("the mall's last-resort error handler", () => {
  let port: number;
  let close: () => Promise<unknown>;
  const logged: { level: number; msg: string; reqId?: string; err?: { message: string } }[] = [];
  beforeAll(async () => {
    const remix: RequestHandler = (req, res, next) => {
      if (req.path === "/broken") return next(new Error("a bug"));
      if (req.path === "/thrown-response") return next(new Response("no", { status: 400 }));
      res.json({ url: req.originalUrl });
    };
    const app = createMallApp(
      testAppOptions({
        log: createLogger("error", { write: (line: string) => void logged.push(JSON.parse(line) as (typeof logged)[number]) }),
        remix,
      }),
    );
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    port = (server.address() as AddressInfo).port;
    close = () => new Promise((resolve) => server.close(resolve));
  });
  afterAll(() => close());

  it("answers a path that does not percent-decode with 400, not 500", async () => {
    for (const path of ["/classify/%E0%A4%A", "/store_details/%zz", "/mCoin_zone/%", "/seckill/%C0%AE"]) {
      const reply = await send(port, path);
      expect(reply.status, path).toBe(400);
      expect(reply.body).toBe("Bad Request");
    }
  });

  it("still answers anything else that escaped with a logged 500 that says nothing of the cause", async () => {
    logged.length = 0;
    for (const path of ["/broken", "/thrown-response"]) {
      const reply = await send(port, path);
      expect(reply.status, path).toBe(500);
      expect(reply.body).toBe("Internal Server Error");
    }
    const failures = logged.filter((line) => line.msg === "request failed");
    expect(failures).toHaveLength(2);
    expect(failures[0]?.err?.message).toBe("a bug");
    // Each with its request's id.
    expect(failures.every((line) => typeof line.reqId === "string" && line.reqId.length > 0)).toBe(true);
  });
});

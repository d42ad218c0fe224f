/** The mall's cap on the bodies all unanswered requests hold (server/body-limit.ts), over real sockets. */
import { createServer, type Server } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BodyBudget } from "#core/node/body-budget";
import { MAX_BODY_BYTES, limitBodies } from "./body-limit";

const budget = new BodyBudget(2 * MAX_BODY_BYTES);
let server: Server;
let port: number;
const sockets: Socket[] = [];

beforeAll(async () => {
  const app = express();
  app.use(limitBodies(budget));
  // As Remix does: the body read whole before the reply.
  app.post("/form", (req, res) => {
    let bytes = 0;
    req.on("data", (chunk: Buffer) => (bytes += chunk.length));
    req.on("end", () => res.type("text").send(`read ${bytes}`));
  });
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A form post declaring the largest body and sending `sent` bytes of it: the status it gets, if any. */
function post(sent: number): { status: Promise<number | null> } {
  const socket = connect(port, "127.0.0.1");
  sockets.push(socket);
  const status = new Promise<number | null>((resolve) => {
    socket.on("data", (data: Buffer) => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(data.toString("latin1"))?.[1] ?? 0)));
    socket.on("close", () => resolve(null));
    socket.on("error", () => resolve(null));
  });
  socket.write(`POST /form HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${MAX_BODY_BYTES}\r\n\r\n`);
  socket.write(Buffer.alloc(sent, 97));
  return { status };
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe("the bodies all unanswered requests hold", () => {
  it("are capped: slow posts past the cap are refused with 503 while whole ones answer once the slow ones end", async () => {
    const slow = [post(10), post(10)];
    await until(() => budget.held === 2 * MAX_BODY_BYTES);
    expect(await post(10).status).toBe(503);
    for (const socket of sockets.splice(0)) socket.destroy();
    await until(() => budget.held === 0);
    expect(await Promise.all(slow.map((one) => one.status))).toEqual([null, null]);
    expect(await post(MAX_BODY_BYTES).status).toBe(200);
    await until(() => budget.held === 0);
  });
});

/** The process-wide cap on buffered request bodies, against many slow requests over real sockets. */
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { systemTime } from "#core/api/endpoints";
import { BodyBudget } from "#core/node/body-budget";
import { MAX_BODY_BYTES } from "./server";
import { client, start } from "./http-testing";

const CHUNK = 64 * 1024;
const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
});

/** A POST declaring a whole body and sending only its first CHUNK: the status line it gets, if any, once the server answers or `wait` passes. */
function slowPost(url: string): { socket: Socket; status: Promise<number | null> } {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  sockets.push(socket);
  const status = new Promise<number | null>((resolve) => {
    let text = "";
    socket.on("data", (data: Buffer) => {
      text += data.toString("latin1");
      const match = /^HTTP\/1\.1 (\d{3})/.exec(text);
      if (match) resolve(Number(match[1]));
    });
    socket.on("close", () => resolve(null));
    socket.on("error", () => resolve(null));
  });
  socket.write(`POST /api/auth/setClause HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\nContent-Length: ${MAX_BODY_BYTES}\r\n\r\n`);
  socket.write(Buffer.alloc(CHUNK, 32));
  return { socket, status };
}

/** Resolves once `check` holds, polling; the test's own timeout bounds it. */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe("buffered request bodies", () => {
  it("are refused with 503 past the process's cap while other requests answer, and the cap is given back when requests end", async () => {
    // Room for four requests' first chunks.
    const budget = new BodyBudget(4 * CHUNK);
    const { url } = await start({ bodyBudget: budget });
    const held = Array.from({ length: 4 }, () => slowPost(url));
    await until(() => budget.held === 4 * CHUNK);
    const refused = Array.from({ length: 6 }, () => slowPost(url));
    expect(await Promise.all(refused.map((request) => request.status))).toEqual(Array(6).fill(503));
    // Requests without a body still answer, and the held ones are still waiting for theirs.
    expect((await client(url).call(systemTime)).data.sysTime).toBeGreaterThan(0);
    expect(budget.held).toBe(4 * CHUNK);
    // The held requests go away without finishing: what they held is released.
    for (const { socket } of held) socket.destroy();
    await until(() => budget.held === 0);
    const answered = await fetch(`${url}/api/auth/setClause`, { method: "POST", headers: { "content-type": "application/json" }, body: '{"clauseid":7,"status":1}' });
    expect(answered.status).not.toBe(503);
    await until(() => budget.held === 0);
  });
});

/**
 * The member's API client asks a read once more when its connection failed before any reply
 * (docs/decisions/048-one-retry-of-a-read.md): the sandbox sees both calls under the request's id,
 * and the request's log says so; a state change is asked once.
 */
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { basicInformation, memberLogin, setClause } from "#core/api/endpoints";
import { createFetchTransport } from "#core/api/transport";
import { IDEMPOTENCY_HEADER } from "#core/api/shop-endpoints";
import { inProcess, IN_PROCESS_BASE } from "../../sandbox/testing";
import { createLogger } from "../../server/logger";
import { createMallServices } from "./services.server";
import { testMallContext, testScope } from "./testing.server";

const { sandbox } = inProcess();
const lines: Record<string, unknown>[] = [];
const log = createLogger(
  "info",
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  }),
);
// As fetch does, a connection the sandbox cuts (Response.error()) is a thrown network error.
const services = createMallServices({
  transport: createFetchTransport(async (input, init) => {
    const response = await sandbox.handle(new Request(input, init));
    if (response.type === "error") throw new TypeError("fetch failed");
    return response;
  }),
  log,
});

async function memberApi(requestId: string) {
  const { token } = await testMallContext(await testScope("http://localhost/", { services, environment: { apiBase: IN_PROCESS_BASE } })).api.call(memberLogin, { openId: "mpay-1001" });
  const scope = await testScope("http://localhost/", { token, services, environment: { apiBase: IN_PROCESS_BASE } });
  return testMallContext({ ...scope, requestId, log: log.child({ reqId: requestId }) }).api;
}
const callsOf = (path: string, requestId: string) => sandbox.instruments.calls.since().filter((call) => call.path === path && call.requestId === requestId);

describe("the member's API client on a dropped connection", () => {
  it("asks a read once more, and the request's log says so with its id", async () => {
    const api = await memberApi("req-read-1");
    sandbox.instruments.faults.add({ path: "/api/auth/basicinformation", kind: "reset", remaining: 1, delayMs: 0 });
    expect((await api.call(basicInformation)).point).toBe(12580);
    expect(callsOf("/api/auth/basicinformation", "req-read-1").map((call) => call.fault ?? null)).toEqual(["reset", null]);
    expect(lines.filter((line) => line.reqId === "req-read-1")).toEqual([
      expect.objectContaining({ level: 40, endpoint: "basicInformation", msg: "gateway read asked again after a failed connection" }),
    ]);
  });

  it("asks a state change once, idempotency key and all", async () => {
    const api = await memberApi("req-write-1");
    sandbox.instruments.faults.add({ path: "/api/auth/setClause", kind: "reset", remaining: 1, delayMs: 0 });
    await expect(api.raw.call(setClause, { clauseid: 1, status: 1 }, { headers: { [IDEMPOTENCY_HEADER]: "k-write-1" } })).rejects.toMatchObject({ code: "NETWORK" });
    expect(callsOf("/api/auth/setClause", "req-write-1")).toHaveLength(1);
    expect(lines.filter((line) => line.reqId === "req-write-1")).toEqual([]);
  });
});

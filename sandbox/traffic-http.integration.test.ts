/**
 * Each connection and secure-gateway fault over real HTTP, against the mall's own API client (its
 * undici transport) and its secure gateway client: the right error, no hang, and a server that
 * answers the next call. In-process (fetch through `handle`), the same faults read as fetch would
 * see them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient } from "#core/api/client";
import { basicInformation, memberLogin } from "#core/api/endpoints";
import { ApiError } from "#core/api/errors";
import { createFetchTransport } from "#core/api/transport";
import { createUndiciTransport } from "#core/node/undici-transport";
import { GatewayError, createGatewayClient } from "#core/node/gateway/client";
import { gatewaySettings } from "#core/node/gateway/settings";
import { TASK_DETAIL_URL } from "#core/api/task-center";
import type { FaultKind } from "#core/controls/faults";
import { HeldTimer } from "./instruments/timer";
import { startSandboxServer, type RunningSandbox } from "./server";
import { inProcess } from "./testing";

let running: RunningSandbox;
let token: string;
/** An injected delay lasts until the end: it outlasts any client's timeout without being waited for. */
const timer = new HeldTimer();
const transport = createUndiciTransport();
const api = (timeoutMs = 5_000) => createApiClient({ baseUrl: running.url, transport, locale: "en", token, timeoutMs });

beforeAll(async () => {
  running = await startSandboxServer({ port: 0, host: "127.0.0.1", timer });
  token = (await createApiClient({ baseUrl: running.url, transport, locale: "en" }).call(memberLogin, { openId: "mpay-1001" })).data.token;
});
afterAll(() => {
  timer.release();
  return running.close();
});

async function fault(kind: FaultKind, path: string, extra: Record<string, unknown> = {}) {
  const response = await fetch(`${running.url}/__sandbox/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ path, kind, ...extra }) });
  expect(response.status, await response.clone().text()).toBe(200);
}

async function failure<E>(promise: Promise<unknown>, type: new (...args: never[]) => E): Promise<E> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(type);
  return error as E;
}

describe("connection faults against the mall's API client", () => {
  it.each([
    ["reset", "NETWORK"],
    ["empty", "NETWORK"],
    ["network", "NETWORK"],
    ["random-bytes", "NETWORK"],
    ["truncated", "NETWORK"],
    ["malformed-chunk", "NETWORK"],
  ] as const)("%s is %s, quickly, and the next call is answered", async (kind, code) => {
    await fault(kind, "basicinformation");
    const started = Date.now();
    const error = await failure(api().call(basicInformation), ApiError);
    expect(error.code).toBe(code);
    expect(Date.now() - started).toBeLessThan(4_000);
    expect((await api().call(basicInformation)).data.point).toBeGreaterThan(0);
  });

  it("a fault for 2 calls hits 2 calls; a lognormal delay past the timeout is TIMEOUT", async () => {
    await fault("reset", "basicinformation", { times: 2 });
    for (let i = 0; i < 2; i++) expect((await failure(api().call(basicInformation), ApiError)).code).toBe("NETWORK");
    await api().call(basicInformation);
    await fault("delay", "basicinformation", { latency: { lognormal: { median: 2_000, sigma: 0 } } });
    expect((await failure(api(300).call(basicInformation), ApiError)).code).toBe("TIMEOUT");
  });

  it("a truncated reply was acted on: the call is in the log, answered, cut", async () => {
    await fault("truncated", "/member/login");
    const before = (await (await fetch(`${running.url}/__sandbox/log`)).json()).calls.length as number;
    await failure(createApiClient({ baseUrl: running.url, transport, locale: "en" }).call(memberLogin, { openId: "mpay-1002" }), ApiError);
    const calls = (await (await fetch(`${running.url}/__sandbox/log`)).json()).calls.slice(before);
    expect(calls).toMatchObject([{ path: "/member/login", fault: "truncated" }]);
  });
});

describe("secure gateway faults against the mall's gateway client", () => {
  const gateway = () =>
    createGatewayClient(gatewaySettings({ environment: "sandbox", vars: {}, sandboxUrl: running.url, sandboxKeys: () => running.sandbox.state.gatewayKeys }), { transport: createFetchTransport() });
  const detail = () => gateway().call(TASK_DETAIL_URL, { system_name: "taskCenter", data_source: "H5", task_no: "T1", cust_id_ciphertext: "C-faults" }, { token: "C-faults" });

  it("answers signed replies that the client takes", async () => {
    expect(await detail()).toMatchObject({ result: { code: "000000" } });
  });

  it("a reply signed wrongly is SIGNATURE", async () => {
    await fault("bad-signature", "getTaskDetail");
    expect((await failure(detail(), GatewayError)).code).toBe("SIGNATURE");
    await detail();
  });

  it("a reply encrypted with another key: the client has the raw data, and no result", async () => {
    await fault("wrong-key", "getTaskDetail");
    const error = await failure(detail(), GatewayError);
    expect(error.code).toBe("BUSINESS");
    expect(typeof error.body).toBe("string");
    expect(error.message).toBe("the gateway did not answer with a result");
  });

  it("a gateway clock off by more than five minutes refuses the call as expired", async () => {
    await fault("clock-skew", "getTaskDetail", { skewMs: 6 * 60_000 });
    const error = await failure(detail(), GatewayError);
    expect(error).toMatchObject({ code: "HTTP", status: 401, result: { code: "REQUEST_EXPIRED" } });
    await fault("clock-skew", "getTaskDetail", { skewMs: 60_000 });
    expect(await detail()).toMatchObject({ result: { code: "000000" } });
  });

  it("logs the secure calls opened, so verify can match their fields", async () => {
    await detail();
    const verify = await fetch(`${running.url}/__sandbox/verify`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ path: "getTaskDetail", bodyMatch: [{ path: "$.cust_id_ciphertext", value: "C-faults" }], atLeast: 2 }),
    });
    expect(verify.status).toBe(200);
  });
});

describe("connection faults in-process", () => {
  it.each(["reset", "empty", "random-bytes"] as const)("%s is a network error for fetch", async (kind) => {
    const sandbox = inProcess();
    await sandbox.request("/__sandbox/faults", { body: { path: "system/time", kind } });
    const response = await sandbox.sandbox.handle(new Request("http://127.0.0.1:4999/api/system/time"));
    expect(response.type).toBe("error");
  });

  it("malformed-chunk is a 200 whose body breaks at once", async () => {
    const sandbox = inProcess();
    await sandbox.request("/__sandbox/faults", { body: { path: "system/time", kind: "malformed-chunk" } });
    const response = await sandbox.sandbox.handle(new Request("http://127.0.0.1:4999/api/system/time"));
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow(/malformed/);
  });

  it("truncated is a body that breaks off", async () => {
    const sandbox = inProcess();
    await sandbox.request("/__sandbox/faults", { body: { path: "system/time", kind: "truncated" } });
    const response = await sandbox.sandbox.handle(new Request("http://127.0.0.1:4999/api/system/time"));
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow(/terminated/);
  });
});

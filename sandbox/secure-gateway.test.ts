/**
 * The secure gateway end to end in-process: the app's gateway and task-center clients against the
 * sandbox's handlers (msw/node), and the sandbox's refusals of tampered, wrongly signed, stale and
 * replayed requests.
 */
import { generateKeyPairSync } from "node:crypto";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createFetchTransport } from "#core/api/transport";
import { GatewayError, createGatewayClient, type GatewayClientSettings } from "#core/node/gateway/client";
import { HEADER, sealRequest, signatureOf } from "#core/node/gateway/envelope";
import { gatewaySettings } from "#core/node/gateway/settings";
import { TASK_DETAIL_URL, TASK_NOTIFY_URL, checkTaskDetail } from "#core/api/task-center";
import { createTaskCenterClient } from "#core/node/task-center/client";
import { createSandbox } from "./index";
import { HeldTimer } from "./instruments/timer";
import { MAX_NONCES } from "./instruments/nonces";

const BASE = "http://gateway.test";
/** An injected delay is held until the test is over: it outlasts any client's timeout without being waited for. */
const timer = new HeldTimer();
const sandbox = createSandbox({ timer });
const server = setupServer(...sandbox.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  timer.release();
  sandbox.reset();
});
afterAll(() => server.close());

const keys = sandbox.state.gatewayKeys;
const baseSettings = gatewaySettings({ environment: "sandbox", vars: {}, sandboxUrl: BASE, sandboxKeys: () => keys });

function gateway(overrides: Partial<GatewayClientSettings> = {}, callbacks: Parameters<typeof createGatewayClient>[1] extends infer O ? Partial<O> : never = {}) {
  return createGatewayClient({ ...baseSettings, ...overrides }, { transport: createFetchTransport(), ...callbacks });
}

async function failure(promise: Promise<unknown>): Promise<GatewayError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(GatewayError);
  return error as GatewayError;
}

/** Sends a sealed request as-is (or changed), for the refusal cases. */
async function send(sealed: { headers: Record<string, string>; body: string }, functionUrl = TASK_DETAIL_URL) {
  const response = await fetch(`${BASE}${functionUrl}`, { method: "POST", headers: sealed.headers, body: sealed.body });
  return { status: response.status, body: (await response.json().catch(() => null)) as { result?: { code: string; message: string } } | null };
}

const detailBody = { system_name: "taskCenter", data_source: "H5", task_no: "T1", cust_id_ciphertext: "C1" };

/** A sealed request with its Request-Time or body changed, signed again as someone holding the secrets would. */
function resigned(sealed: ReturnType<typeof sealRequest>, changes: { requestTime?: string; body?: string }) {
  const { requestTime = sealed.requestTime, body = sealed.body } = changes;
  const signature = signatureOf({ secret: keys.signSecret, requestTime, nonce: sealed.nonce, body, md5Key: keys.md5Key });
  return {
    headers: { ...sealed.headers, [HEADER.requestTime]: requestTime, [HEADER.signature]: JSON.stringify({ algorithm: "MD5", keyVersion: "1", signature }) },
    body,
  };
}

/** Moves the sandbox clock on, as if the member had browsed that long (frozen clocks stay frozen). */
const browse = (seconds: number) => sandbox.instruments.clock.set(sandbox.instruments.clock.now() + seconds * 1000, sandbox.instruments.clock.info().frozen);

describe("calls through the secure gateway", () => {
  it("returns the decrypted task detail and calls the success callback", async () => {
    const onSuccess = vi.fn();
    const reply = await gateway({}, { onSuccess }).call(TASK_DETAIL_URL, detailBody, { token: "C1" });
    expect(reply).toMatchObject({
      result: { code: "000000", subCode: "0000" },
      data: { task_no: "T1", task_type: 0, threshold_type: 0, user_exec_status: 0, threshold_value: 15 },
    });
    expect(onSuccess).toHaveBeenCalledOnce();
  });

  it("a wrong signing secret is refused with a message that says so, and calls the failure callback", async () => {
    const onFailure = vi.fn();
    const client = gateway({ signature: { ...baseSettings.signature, secret: "not-the-secret" } }, { onFailure });
    const error = await failure(client.call(TASK_DETAIL_URL, detailBody));
    expect(error.code).toBe("HTTP");
    expect(error.status).toBe(401);
    expect(error.result?.code).toBe("SIGNATURE_INVALID");
    expect(error.message).toMatch(/signing secret/);
    expect(onFailure).toHaveBeenCalledWith(error, TASK_DETAIL_URL);
  });

  it("a business code other than 000000 rejects with the decrypted body", async () => {
    const error = await failure(gateway().call(TASK_NOTIFY_URL, { ...detailBody, tran_time: "20261121100000", check_value: 15 }));
    expect(error.code).toBe("BUSINESS");
    expect(error.result?.code).toBe("TASK_NOT_STARTED");
    expect(error.body).toMatchObject({ result: { code: "TASK_NOT_STARTED" } });
  });

  it("a network failure calls the failure callback with the error", async () => {
    const onFailure = vi.fn();
    sandbox.instruments.faults.add({ path: "getTaskDetail", kind: "network", remaining: 1, delayMs: 0 });
    const error = await failure(gateway({}, { onFailure }).call(TASK_DETAIL_URL, detailBody));
    expect(error.code).toBe("NETWORK");
    expect(onFailure).toHaveBeenCalledOnce();
  });

  it("a gateway HTTP error is opened and rejected", async () => {
    sandbox.instruments.faults.add({ path: "getTaskDetail", kind: "http500", remaining: 1, delayMs: 0 });
    const error = await failure(gateway().call(TASK_DETAIL_URL, detailBody));
    expect(error.code).toBe("HTTP");
    expect(error.status).toBe(500);
  });

  it("times out with the spec's wording", async () => {
    sandbox.instruments.faults.add({ path: "getTaskDetail", kind: "delay", remaining: 1, delayMs: 300 });
    const error = await failure(gateway({ timeoutMs: 30 }).call(TASK_DETAIL_URL, detailBody));
    expect(error.code).toBe("TIMEOUT");
    expect(error.message).toBe("timeout of 30 ms exceeded");
  });

  it("sends exempt URLs plain", async () => {
    const { http, HttpResponse } = await import("msw");
    let seen = "";
    server.use(
      http.post(`${BASE}/plain/ping`, async ({ request }) => {
        seen = await request.text();
        return HttpResponse.json({ result: { code: "000000" }, data: "pong" });
      }),
    );
    const reply = await gateway({ exemptUrls: ["/plain/"] }).call("/plain/ping", { hello: 1 });
    expect(seen).toBe('{"hello":1}');
    expect(reply).toMatchObject({ data: "pong" });
    server.resetHandlers();
  });

  it("logs exchanges in plain text when debug is on, and not when off", async () => {
    const lines: string[] = [];
    await gateway({ debug: true }, { log: (line) => lines.push(line) }).call(TASK_DETAIL_URL, detailBody);
    expect(lines.join("\n")).toContain('"task_no":"T1"');
    const quiet: string[] = [];
    await gateway({ debug: false }, { log: (line) => quiet.push(line) }).call(TASK_DETAIL_URL, detailBody);
    expect(quiet).toEqual([]);
  });
});

describe("the sandbox refuses", () => {
  const seal = (body: unknown = detailBody, options: Partial<Parameters<typeof sealRequest>[1]> = {}) => sealRequest(baseSettings, { functionUrl: TASK_DETAIL_URL, body, ...options });

  it("a tampered body", async () => {
    const sealed = seal();
    const tampered = { ...sealed, body: `${sealed.body.slice(0, -4)}AAA=` };
    expect(await send(tampered)).toMatchObject({ status: 401, body: { result: { code: "SIGNATURE_INVALID" } } });

    // Even re-signed by someone holding the secrets, a body not sealed with the key does not open.
    expect(await send(resigned(sealed, { body: "bm90IGEgY2lwaGVydGV4dA==" }))).toMatchObject({ status: 400, body: { result: { code: "DECRYPT_FAILED" } } });
  });

  it("a wrong signature", async () => {
    const sealed = seal();
    const headers = { ...sealed.headers, [HEADER.signature]: JSON.stringify({ algorithm: "MD5", keyVersion: "1", signature: "0".repeat(32) }) };
    const { status, body } = await send({ headers, body: sealed.body });
    expect(status).toBe(401);
    expect(body?.result?.message).toMatch(/signature does not match/);
  });

  it("a stale Request-Time", async () => {
    const { status, body } = await send(seal(detailBody, { now: Date.now() - 6 * 60_000 }));
    expect(status).toBe(401);
    expect(body?.result).toMatchObject({ code: "REQUEST_EXPIRED" });
    expect(body?.result?.message).toMatch(/more than 5 minutes/);
    expect((await send(seal(detailBody, { now: Date.now() - 4 * 60_000 }))).status).toBe(200);
  });

  it("a Request-Time that names no real moment, as malformed rather than expired", async () => {
    for (const requestTime of ["2026-13-45 99:99:99", "2026-02-30 10:00:00", "2026-01-01 24:00:00"]) {
      const { status, body } = await send(resigned(seal(), { requestTime }));
      expect(status, requestTime).toBe(400);
      expect(body?.result, requestTime).toMatchObject({ code: "BAD_REQUEST_TIME", message: expect.stringContaining(requestTime) });
    }
  });

  it("a replayed nonce", async () => {
    const sealed = seal();
    expect((await send(sealed)).status).toBe(200);
    const again = await send(sealed);
    expect(again).toMatchObject({ status: 401, body: { result: { code: "NONCE_REUSED" } } });
    expect(again.body?.result?.message).toMatch(/replayed/);
  });

  it("a request when its replay window holds all the nonces it can remember", async () => {
    for (let i = 0; i < MAX_NONCES; i++) sandbox.instruments.nonces.use(`n${i}`, 60_000);
    expect(await send(seal())).toMatchObject({ status: 429, body: { result: { code: "TOO_MANY_REQUESTS" } } });
    sandbox.reset();
    expect((await send(seal())).status).toBe(200);
  });

  it("a symmetric key that is no ciphertext of the gateway's key: refused in words, never a 500", async () => {
    const sealed = seal();
    const encrypt = JSON.parse(sealed.headers[HEADER.encrypt]!) as Record<string, string>;
    const keyBytes = Buffer.from(encrypt.symmetricKey!, "base64").length;
    for (const symmetricKey of [
      "not base64 *",
      "A".repeat(8_000),
      Buffer.alloc(keyBytes, 0xff).toString("base64"),
      Buffer.alloc(keyBytes).toString("base64"),
      Buffer.alloc(keyBytes + 1, 1).toString("base64"),
    ]) {
      const headers = { ...sealed.headers, [HEADER.encrypt]: JSON.stringify({ ...encrypt, symmetricKey }) };
      expect(await send({ headers, body: sealed.body }), symmetricKey.slice(0, 40)).toMatchObject({ status: 400, body: { result: { code: "KEY_UNRECOVERABLE" } } });
    }
  });

  it("a key sealed for another gateway", async () => {
    const other = generateKeyPairSync("rsa", { modulusLength: 1024, publicKeyEncoding: { type: "spki", format: "pem" }, privateKeyEncoding: { type: "pkcs8", format: "pem" } });
    const sealed = sealRequest({ ...baseSettings, encryption: { ...baseSettings.encryption, publicKey: other.publicKey } }, { functionUrl: TASK_DETAIL_URL, body: detailBody });
    expect(await send(sealed)).toMatchObject({ status: 400, body: { result: { code: "KEY_UNRECOVERABLE" } } });
  });

  it("an unknown client, a missing header and a Function that is not the URL", async () => {
    const sealed = seal();
    expect(await send({ headers: { ...sealed.headers, [HEADER.clientId]: "SOMEONE" }, body: sealed.body })).toMatchObject({ status: 401, body: { result: { code: "UNKNOWN_CLIENT" } } });
    const { [HEADER.nonce]: _dropped, ...withoutNonce } = sealed.headers;
    expect(await send({ headers: withoutNonce, body: sealed.body })).toMatchObject({ status: 400, body: { result: { code: "MISSING_HEADER", message: "the Nonce header is missing" } } });
    expect(await send(sealed, TASK_NOTIFY_URL)).toMatchObject({ status: 400, body: { result: { code: "FUNCTION_MISMATCH" } } });
  });
});

describe("the task center", () => {
  const taskCenter = () => createTaskCenterClient(gateway());
  const check = async (taskNo: string) => checkTaskDetail(await taskCenter().getTaskDetail({ taskNo, custIdCiphertext: "C1" }));

  it("passes the four checks only for a plain browse task", async () => {
    expect(await check("T1")).toEqual({ show: true, reason: "ok", thresholdValue: 15 });
    expect((await check("T-SUBCODE")).reason).toBe("subCode");
    expect((await check("T-TYPE")).reason).toBe("taskType");
    expect((await check("T-THRESHOLD")).reason).toBe("thresholdType");
    expect((await check("T-DONE")).reason).toBe("userExecStatus");
    expect((await check("T-NOWHERE")).reason).toBe("subCode");
  });

  it("records a completion once; after it the task is done for that member only", async () => {
    const client = taskCenter();
    const task = { taskNo: "T-QUICK", custIdCiphertext: "C1" };
    await client.getTaskDetail(task);
    browse(3);
    expect(await client.notify({ ...task, checkValue: 3 })).toMatchObject({ result: { code: "000000" }, data: { status: "COMPLETED", reward: 5 } });
    expect((await check("T-QUICK")).reason).toBe("userExecStatus");
    expect(checkTaskDetail(await client.getTaskDetail({ taskNo: "T-QUICK", custIdCiphertext: "C2" })).show).toBe(true);
    expect((await failure(client.notify({ ...task, checkValue: 3 }))).result?.code).toBe("TASK_DONE");
  });

  it("refuses a wrong check value and a task that fails its notice", async () => {
    const client = taskCenter();
    await client.getTaskDetail({ taskNo: "T-QUICK", custIdCiphertext: "C1" });
    expect((await failure(client.notify({ taskNo: "T-QUICK", custIdCiphertext: "C1", checkValue: 2 }))).result?.code).toBe("CHECK_VALUE_MISMATCH");
    await client.getTaskDetail({ taskNo: "T-NOTIFY-FAIL", custIdCiphertext: "C1" });
    browse(3);
    expect((await failure(client.notify({ taskNo: "T-NOTIFY-FAIL", custIdCiphertext: "C1", checkValue: 3 }))).result?.code).toBe("TASK_REJECTED");
  });

  it("refuses a completion notice before the threshold has passed since the detail, saying how long is left", async () => {
    const client = taskCenter();
    const task = { taskNo: "T1", custIdCiphertext: "C1" };
    // Only the clock's moves count: a slow machine's own seconds would change what is left.
    sandbox.instruments.clock.set(sandbox.instruments.clock.now(), true);
    await client.getTaskDetail(task);
    const early = await failure(client.notify({ ...task, checkValue: 15 }));
    expect(early.result).toMatchObject({ code: "TASK_TOO_EARLY", message: expect.stringContaining("15 of the task's 15 seconds") });
    browse(10);
    expect((await failure(client.notify({ ...task, checkValue: 15 }))).result?.message).toContain("5 of the task's 15 seconds");
    browse(5);
    expect(await client.notify({ ...task, checkValue: 15 })).toMatchObject({ result: { code: "000000" }, data: { status: "COMPLETED", reward: 10 } });
  });

  it("refuses an over-long ciphertext or task number, and keeps nothing of it", async () => {
    const client = taskCenter();
    for (const task of [
      { taskNo: "T1", custIdCiphertext: "C".repeat(513) },
      { taskNo: "T".repeat(65), custIdCiphertext: "C1" },
    ]) {
      expect((await failure(client.getTaskDetail(task))).result?.code).toBe("PARAM_INVALID");
      expect((await failure(client.notify({ ...task, checkValue: 15 }))).result?.code).toBe("PARAM_INVALID");
    }
    expect(sandbox.store.data.taskRuns.size).toBe(0);
    expect(checkTaskDetail(await client.getTaskDetail({ taskNo: "T1", custIdCiphertext: "C".repeat(512) })).show).toBe(true);
  });
});

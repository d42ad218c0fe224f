/** The secure gateway's two functions (the task center's) under their faults, over HTTP: the GatewayError each becomes, quickly, and a notice that took effect once when its reply was lost or spoilt. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GatewayError, createGatewayClient, type GatewayErrorCode } from "#core/node/gateway/client";
import { HEADER } from "#core/node/gateway/envelope";
import { gatewaySettings } from "#core/node/gateway/settings";
import { createTaskCenterClient } from "#core/node/task-center/client";
import { HeldTimer } from "../instruments/timer";
import { type RunningSandbox } from "../server";
import { TIMEOUT_MS, QUICK_MS, control, inject, failure, startHeld, landDelayed, transport } from "./testing";

type SecureFault = "http500" | "reset" | "truncated" | "garbage" | "bad-signature" | "wrong-key" | "clock-skew" | "timeout";

/**
 * | fault         | what the gateway client meets                                    | GatewayError          |
 * |---------------|------------------------------------------------------------------|-----------------------|
 * | http500       | HTTP 500, a plain JSON body                                      | HTTP (status 500)     |
 * | reset         | TCP RST                                                          | NETWORK               |
 * | truncated     | half a reply (the function acted)                                | NETWORK               |
 * | garbage       | HTTP 200, not JSON, unsigned                                     | BUSINESS (no result)  |
 * | bad-signature | a reply whose Signature does not match it                        | SIGNATURE             |
 * | wrong-key     | a reply sealed with another key: the raw data, no result         | BUSINESS (body text)  |
 * | clock-skew    | the gateway's clock 10 minutes off: REQUEST_EXPIRED              | HTTP (status 401)     |
 * | timeout       | a fixed 1000 ms delay against a 200 ms timeout                   | TIMEOUT               |
 */
const SECURE_EXPECTED: Record<SecureFault, { code: GatewayErrorCode; status?: number; result?: string }> = {
  http500: { code: "HTTP", status: 500 },
  reset: { code: "NETWORK" },
  truncated: { code: "NETWORK" },
  garbage: { code: "BUSINESS" },
  "bad-signature": { code: "SIGNATURE" },
  "wrong-key": { code: "BUSINESS" },
  "clock-skew": { code: "HTTP", status: 401, result: "REQUEST_EXPIRED" },
  timeout: { code: "TIMEOUT" },
};

describe("the secure gateway's functions under their faults, over HTTP", () => {
  let running: RunningSandbox;
  let timer: HeldTimer;
  beforeAll(async () => {
    ({ running, timer } = await startHeld());
  });
  afterAll(() => running?.close());

  const taskCenter = (timeoutMs?: number) => {
    const settings = gatewaySettings({ environment: "sandbox", vars: {}, sandboxUrl: running.url, sandboxKeys: () => running.sandbox.state.gatewayKeys });
    return createTaskCenterClient(createGatewayClient({ ...settings, timeoutMs: timeoutMs ?? 5_000 }, { transport }));
  };
  let runs = 0;
  /** A member's run of the 3-second task, its detail read and its 3 seconds browsed (on the sandbox clock). */
  async function browsed() {
    const task = { taskNo: "T-QUICK", custIdCiphertext: `C-across-${++runs}` };
    await taskCenter().getTaskDetail(task);
    running.sandbox.instruments.clock.set(running.sandbox.instruments.clock.now() + 4_000);
    return { ...task, checkValue: 3 };
  }

  const FUNCTIONS = {
    getTaskDetail: { path: "getTaskDetail", call: async (timeoutMs?: number) => taskCenter(timeoutMs).getTaskDetail({ taskNo: "T1", custIdCiphertext: "C-across" }) },
    scanTypeTaskNotify: { path: "scanTypeTaskNotify", call: null },
  } as const;
  const cases = Object.keys(FUNCTIONS).flatMap((name) => (Object.keys(SECURE_EXPECTED) as SecureFault[]).map((fault) => ({ name: name as keyof typeof FUNCTIONS, fault, ...SECURE_EXPECTED[fault] })));

  it.each(cases)("$name under $fault is $code", async ({ name, fault, code, status, result }) => {
    await control(running, "/__sandbox/clock", { body: { now: null } });
    const run = name === "scanTypeTaskNotify" ? await browsed() : null;
    const call = (timeoutMs?: number) => (run ? taskCenter(timeoutMs).notify(run) : FUNCTIONS.getTaskDetail.call(timeoutMs));

    await inject(running, fault, FUNCTIONS[name].path);
    const started = Date.now();
    const error = await failure(call(fault === "timeout" ? TIMEOUT_MS : undefined), GatewayError);
    expect(error.code).toBe(code);
    if (status !== undefined) expect(error.status).toBe(status);
    if (result !== undefined) expect(error.result?.code).toBe(result);
    if (fault === "wrong-key") {
      // A body that fails decryption: the client hands back the raw data, and no result.
      expect(typeof error.body).toBe("string");
      expect(error.message).toBe("the gateway did not answer with a result");
    }
    expect(Date.now() - started).toBeLessThan(QUICK_MS);
    if (fault === "timeout") await landDelayed(running, timer);

    if (!run) {
      expect(await call()).toMatchObject({ result: { code: "000000" } });
      return;
    }
    // The notice took effect when its reply was lost or spoilt on the way back, or came after the
    // client gave up: the task center has the completion, once; otherwise it has none yet.
    // (A wrong signature or key spoils the reply on its way out, after the function acted.)
    const acted = fault === "truncated" || fault === "timeout" || fault === "bad-signature" || fault === "wrong-key";
    if (acted) expect(await failure(call(), GatewayError)).toMatchObject({ code: "BUSINESS", result: { code: "TASK_DONE" } });
    else expect(await call()).toMatchObject({ result: { code: "000000" }, data: { status: "COMPLETED" } });
  });

  it("a sealed read whose connection was reset is sealed afresh and asked once more; a notice is not", async () => {
    await control(running, "/__sandbox/clock", { body: { now: null } });
    const run = await browsed();
    const nonces: string[] = [];
    const retried: string[] = [];
    const settings = gatewaySettings({ environment: "sandbox", vars: {}, sandboxUrl: running.url, sandboxKeys: () => running.sandbox.state.gatewayKeys });
    const retrying = createTaskCenterClient(
      createGatewayClient(
        { ...settings, timeoutMs: 5_000 },
        {
          transport: (request) => {
            nonces.push(request.headers[HEADER.nonce] ?? "");
            return transport(request);
          },
          retryReads: true,
          onRetry: (error, functionUrl) => retried.push(`${functionUrl} ${error.code}`),
        },
      ),
    );

    await inject(running, "reset", "getTaskDetail");
    expect(await retrying.getTaskDetail({ taskNo: "T1", custIdCiphertext: "C-across" })).toMatchObject({ result: { code: "000000" } });
    expect(nonces).toHaveLength(2);
    // A replayed nonce is refused: the second attempt carries its own.
    expect(nonces[1]).not.toBe(nonces[0]);
    expect(retried).toEqual([expect.stringMatching(/getTaskDetail NETWORK$/)]);

    nonces.splice(0);
    await inject(running, "reset", "scanTypeTaskNotify");
    expect((await failure(retrying.notify(run), GatewayError)).code).toBe("NETWORK");
    expect(nonces).toHaveLength(1);
    expect(retried).toHaveLength(1);
  });
});

/**
 * Every declared endpoint under every fault, over real HTTP (startSandboxServer on port 0, the mall's
 * undici transport and API client): the right ApiError code, quickly, and a server that answers the
 * next call; and a sandbox that is not there at all. The secure gateway's functions under their
 * faults are secure-functions.integration.test.ts's, money under a fault and the mall's retry money.integration.test.ts's.
 *
 * Each endpoint group (one per endpoint module) has its own sandbox server; within a group the cases
 * run one after another.
 *
 * No case waits in real time for a delay: each sandbox waits through a held timer
 * (sandbox/instruments/timer.ts), so an injected delay lasts until the case has seen the client give
 * up and lets the call go on; the client's own timeout is the only wait.
 */
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient } from "#core/api/client";
import type { Endpoint } from "#core/api/define";
import { ENDPOINTS } from "#core/api/endpoints";
import { API_ENDPOINTS, ENDPOINT_GROUPS } from "#core/api/registry";
import { ApiError } from "#core/api/errors";
import { IDEMPOTENCY_HEADER } from "#core/api/shop-endpoints";
import { HeldTimer } from "../instruments/timer";
import { type RunningSandbox } from "../server";
import { freshKey } from "../testing";
import { TIMEOUT_MS, QUICK_MS, EXPECTED, FAULT_CASES, control, inject, apiFor, signIn, failure, startHeld, landDelayed, transport } from "./testing";
import { SAMPLES, type Ctx } from "./samples";

const ALL_ENDPOINT_GROUPS = ENDPOINT_GROUPS as Record<string, Record<string, Endpoint>>;
const ALL_ENDPOINTS = API_ENDPOINTS;

describe("the sample table", () => {
  it("has a sample for every declared endpoint, and none for an endpoint that is gone", () => {
    const declared = ALL_ENDPOINTS.map((endpoint) => endpoint.name).sort();
    expect(
      declared.filter((name) => !(name in SAMPLES)),
      "endpoints without a sample in SAMPLES",
    ).toEqual([]);
    expect(
      Object.keys(SAMPLES).filter((name) => !declared.includes(name)),
      "samples of no declared endpoint",
    ).toEqual([]);
    expect(declared.length).toBeGreaterThanOrEqual(50);
  });
});

// --- 1. every endpoint × every fault -------------------------------------------------------------

describe.each(Object.entries(ALL_ENDPOINT_GROUPS))("the %s endpoints under every fault, over HTTP", (group, endpoints) => {
  let running: RunningSandbox;
  let timer: HeldTimer;
  beforeAll(async () => {
    ({ running, timer } = await startHeld());
    // Every case snaps up a piece of item 2 or two: more than its 20.
    await control(running, "/__sandbox/seckills/2", { method: "PATCH", body: { stock: 100_000 } });
  });
  afterAll(() => running?.close());

  let members = 0;
  /**
   * Each case has a member of its own, so no case sees another's orders, coupons or check-ins, and
   * none needs a reset: a timed-out call still reaches its endpoint later (the delay holds it before
   * the endpoint), and then it can only change its own member's books.
   */
  async function newMember(): Promise<string> {
    const openId = `faults-${group}-${++members}`;
    await control(running, "/__sandbox/members", { body: { openId, point: 20_000 } });
    return openId;
  }

  const cases = Object.values(endpoints).flatMap((endpoint) => FAULT_CASES.map((fault) => ({ endpoint, name: endpoint.name, fault, code: EXPECTED[fault] })));

  it.each(cases)("$name under $fault is $code, quickly, and the next call is answered", async ({ endpoint, fault, code }) => {
    const sample = SAMPLES[endpoint.name];
    expect(sample, `no sample input for ${endpoint.name}: add one to SAMPLES`).toBeDefined();
    const openId = await newMember();
    const ctx: Ctx = { running, openId, api: await signIn(running, openId) };
    const as = sample.as === undefined ? (endpoint.auth ? "member" : null) : sample.as;
    const prepared = await sample.prepare?.(ctx);
    // The mall mints one key per form: the retry sends the same one.
    const key = endpoint.method === "POST" && endpoint.idempotent ? freshKey() : null;

    const send = async (timeoutMs?: number) => {
      const token = as === "fresh" ? (await signIn(running, openId)).options.token! : as === "member" ? ctx.api.options.token! : null;
      const api = apiFor(running, token, timeoutMs);
      const input = sample.input(ctx, prepared) as never;
      const body = api.buildRequest(endpoint, input).body;
      const headers = { ...(key ? { [IDEMPOTENCY_HEADER]: key } : {}), ...sample.headers?.(ctx, body) };
      return api.call(endpoint, input, { headers });
    };

    await inject(running, fault, endpoint.path);
    const started = Date.now();
    const error = await failure(send(fault === "timeout" ? TIMEOUT_MS : undefined), ApiError);
    expect({ code: error.code, message: error.message }).toMatchObject({ code });
    expect(error.endpoint).toBe(endpoint.name);
    expect(Date.now() - started).toBeLessThan(QUICK_MS);

    // The same call again, with no fault: the server is up (and a state change is answered once).
    await send();
    if (fault === "timeout") await landDelayed(running, timer);
    expect((await control(running, "/__sandbox/faults")).faults).toEqual([]);
  });
});

// --- 4. no sandbox at all --------------------------------------------------------------------------

describe("the sandbox down", () => {
  it("a client pointed at a closed port fails with NETWORK, quickly", async () => {
    const port = await new Promise<number>((resolve, reject) => {
      const probe = createServer();
      probe.once("error", reject);
      probe.listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const api = createApiClient({ baseUrl: `http://127.0.0.1:${port}`, transport, locale: "en", timeoutMs: 5_000 });
    const started = Date.now();
    const error = await failure(api.call(ENDPOINTS.systemTime), ApiError);
    expect(error.code).toBe("NETWORK");
    expect(error.message).toContain("ECONNREFUSED");
    expect(Date.now() - started).toBeLessThan(QUICK_MS);
  });
});

/**
 * The API client's error mapping (spec section 8), against the sandbox's own handlers served
 * in-process by msw/node, with the client's fetch transport.
 */
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createSandbox } from "./index";
import { HeldTimer } from "./instruments/timer";
import { createApiClient, type ApiClientOptions } from "#core/api/client";
import { defineEndpoint } from "#core/api/define";
import { basicInformation, clause, memberLogin, setClause } from "#core/api/endpoints";
import { ApiError } from "#core/api/errors";
import { createFetchTransport, type HttpRequest } from "#core/api/transport";

const BASE = "http://gateway.test";
/** An injected delay is held until the test is over: it outlasts any client's timeout without being waited for. */
const timer = new HeldTimer();
const sandbox = createSandbox({ timer });
const server = setupServer(...sandbox.handlers);

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  timer.release();
  sandbox.reset();
  server.resetHandlers();
});
afterAll(() => server.close());

const sent: HttpRequest[] = [];
function client(options: Partial<ApiClientOptions> = {}) {
  const fetchTransport = createFetchTransport();
  return createApiClient({
    baseUrl: BASE,
    locale: "en",
    transport: (request) => {
      sent.push(request);
      return fetchTransport(request);
    },
    ...options,
  });
}

async function tokenFor(openId = "mpay-1001") {
  return (await client().call(memberLogin, { openId })).data.token;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("a successful call", () => {
  it("returns the declared data and sends the spec's headers", async () => {
    const token = await tokenFor();
    sent.length = 0;
    const reply = await client({ token, locale: "zh" }).call(basicInformation);
    expect(reply.data).toEqual({ amount: 1258, point: 12580, count: 0, revision: 0, pending: 0 });
    expect(reply.message).toBe("success");
    expect(sent[0].headers).toMatchObject({ authorization: `Bearer ${token}`, mpay: "1", "accept-language": "zh" });
    expect(sent[0].url).toBe(`${BASE}/api/auth/basicinformation`);
  });

  it("sends no Authorization header without a token, and mpay: 1 always", async () => {
    sent.length = 0;
    await client().call(memberLogin, { openId: "mpay-1002" });
    expect(sent[0].headers.authorization).toBeUndefined();
    expect(sent[0].headers.mpay).toBe("1");
    expect(JSON.parse(sent[0].body ?? "")).toEqual({ openId: "mpay-1002" });
  });

  it("follows the locale in the gateway's reply", async () => {
    const token = await tokenFor();
    const zh = await client({ token, locale: "zh" }).call(clause);
    const en = await client({ token, locale: "en" }).call(clause);
    expect(zh.data.content).toMatch(/^1\. mCoin 是/);
    expect(en.data.content).toMatch(/^1\. mCoin are the points/);
  });
});

describe("error mapping", () => {
  it("'not login' is NOT_LOGIN", async () => {
    const error = await failure(client().call(basicInformation));
    expect(error.code).toBe("NOT_LOGIN");
    expect(error.message).toBe("not login");
  });

  it("reads the message from `message` when `msg` is absent", async () => {
    const only = defineEndpoint({ name: "onlyMessage", method: "GET", read: true, path: "/api/auth/basicinformation", auth: true, request: z.object({}), data: z.unknown() });
    const { http, HttpResponse } = await import("msw");
    server.use(http.get(`${BASE}/api/auth/basicinformation`, () => HttpResponse.json({ code: 401, message: "not login" })));
    expect((await failure(client().call(only))).code).toBe("NOT_LOGIN");
  });

  it("resultCode '404' in the body is a failure", async () => {
    const token = await tokenFor();
    sandbox.instruments.faults.add({ path: "basicinformation", kind: "not-found", remaining: 1, delayMs: 0 });
    expect((await failure(client({ token }).call(basicInformation))).code).toBe("NOT_FOUND");
  });

  it.each([
    ["http500", "SERVER_ERROR", 500],
    ["http429", "RATE_LIMITED", 429],
  ] as const)("%s is %s", async (kind, code, status) => {
    const token = await tokenFor();
    sandbox.instruments.faults.add({ path: "basicinformation", kind, remaining: 1, delayMs: 0 });
    const error = await failure(client({ token }).call(basicInformation));
    expect(error.code).toBe(code);
    expect(error.status).toBe(status);
  });

  it("a garbage body is BAD_RESPONSE", async () => {
    const token = await tokenFor();
    sandbox.instruments.faults.add({ path: "basicinformation", kind: "garbage", remaining: 1, delayMs: 0 });
    expect((await failure(client({ token }).call(basicInformation))).code).toBe("BAD_RESPONSE");
  });

  it("a dropped connection is NETWORK", async () => {
    const token = await tokenFor();
    sandbox.instruments.faults.add({ path: "basicinformation", kind: "network", remaining: 1, delayMs: 0 });
    expect((await failure(client({ token }).call(basicInformation))).code).toBe("NETWORK");
  });

  it("a slow reply is TIMEOUT with the spec's wording", async () => {
    const token = await tokenFor();
    sandbox.instruments.faults.add({ path: "basicinformation", kind: "delay", remaining: 1, delayMs: 300 });
    const error = await failure(client({ token, timeoutMs: 50 }).call(basicInformation));
    expect(error.code).toBe("TIMEOUT");
    expect(error.message).toBe("timeout of 50 ms exceeded");
  });

  it("a per-call timeout overrides the client's", async () => {
    const token = await tokenFor();
    sandbox.instruments.faults.add({ path: "basicinformation", kind: "delay", remaining: 1, delayMs: 300 });
    const error = await failure(client({ token, timeoutMs: 5_000 }).call(basicInformation, {}, { timeoutMs: 20 }));
    expect(error.message).toBe("timeout of 20 ms exceeded");
  });

  it("a call the caller aborts is ABORTED", async () => {
    const token = await tokenFor();
    sandbox.instruments.faults.add({ path: "basicinformation", kind: "delay", remaining: 1, delayMs: 300 });
    const controller = new AbortController();
    const pending = client({ token }).call(basicInformation, {}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 10);
    expect((await failure(pending)).code).toBe("ABORTED");
  });

  it("a business refusal is BUSINESS with the gateway's message", async () => {
    const error = await failure(client().call(memberLogin, { openId: "nobody" }));
    expect(error.code).toBe("BUSINESS");
    expect(error.message).toBe("member not found");
  });

  it("a request outside the declaration is BAD_REQUEST and is never sent", async () => {
    sent.length = 0;
    const token = await tokenFor();
    sent.length = 0;
    // @ts-expect-error status must be 0 or 1
    const error = await failure(client({ token }).call(setClause, { clauseid: 7, status: 5 }));
    expect(error.code).toBe("BAD_REQUEST");
    expect(sent).toHaveLength(0);
  });

  it("a reply that does not match the declaration is BAD_RESPONSE", async () => {
    const token = await tokenFor();
    const wrong = defineEndpoint({ ...basicInformation, name: "wrong", data: z.object({ point: z.string().min(100) }) });
    expect((await failure(client({ token }).call(wrong))).code).toBe("BAD_RESPONSE");
  });

  it("other HTTP statuses are HTTP errors", async () => {
    const missing = defineEndpoint({ name: "missing", method: "GET", read: true, path: "/api/nowhere", auth: false, request: z.object({}), data: z.unknown() });
    const error = await failure(client().call(missing));
    expect(error.code).toBe("HTTP");
    expect(error.status).toBe(404);
  });
});

describe("faults", () => {
  it("apply to the next N calls only", async () => {
    const token = await tokenFor();
    sandbox.instruments.faults.add({ path: "/api/auth/basicinformation", kind: "http500", remaining: 2, delayMs: 0 });
    const api = client({ token });
    expect((await failure(api.call(basicInformation))).code).toBe("SERVER_ERROR");
    expect((await failure(api.call(basicInformation))).code).toBe("SERVER_ERROR");
    expect((await api.call(basicInformation)).data.point).toBe(12580);
  });
});

describe("a read whose connection failed before any reply (retryReads)", () => {
  const calledPaths = (path: string) => sent.filter((request) => new URL(request.url).pathname === path).length;
  afterEach(() => void sent.splice(0));

  it.each(["reset", "empty", "random-bytes"] as const)("is asked once more after %s, and answered", async (kind) => {
    const token = await tokenFor();
    sent.splice(0);
    sandbox.instruments.faults.add({ path: "/api/auth/basicinformation", kind, remaining: 1, delayMs: 0 });
    const retried: string[] = [];
    const api = client({ token, retryReads: true, onRetry: (event) => retried.push(`${event.endpoint} ${event.error.code}`) });
    expect((await api.call(basicInformation)).data.point).toBe(12580);
    expect(calledPaths("/api/auth/basicinformation")).toBe(2);
    expect(retried).toEqual(["basicInformation NETWORK"]);
  });

  it("is asked once more only: a second failure is the member's", async () => {
    const token = await tokenFor();
    sent.splice(0);
    sandbox.instruments.faults.add({ path: "/api/auth/basicinformation", kind: "reset", remaining: 2, delayMs: 0 });
    expect((await failure(client({ token, retryReads: true }).call(basicInformation))).code).toBe("NETWORK");
    expect(calledPaths("/api/auth/basicinformation")).toBe(2);
  });

  it("is not asked again after a reply came and broke off, nor without retryReads", async () => {
    const token = await tokenFor();
    sent.splice(0);
    sandbox.instruments.faults.add({ path: "/api/auth/basicinformation", kind: "truncated", remaining: 1, delayMs: 0 });
    expect((await failure(client({ token, retryReads: true }).call(basicInformation))).code).toBe("NETWORK");
    sandbox.instruments.faults.add({ path: "/api/auth/basicinformation", kind: "reset", remaining: 1, delayMs: 0 });
    expect((await failure(client({ token }).call(basicInformation))).code).toBe("NETWORK");
    expect(calledPaths("/api/auth/basicinformation")).toBe(2);
  });

  it("is never a state change, idempotency key or not", async () => {
    const token = await tokenFor();
    sent.splice(0);
    sandbox.instruments.faults.add({ path: "/api/auth/setClause", kind: "reset", remaining: 1, delayMs: 0 });
    const api = client({ token, retryReads: true });
    expect((await failure(api.call(setClause, { clauseid: 1, status: 1 }, { headers: { "Idempotency-Key": "k-1" } }))).code).toBe("NETWORK");
    expect(sent).toHaveLength(1);
  });
});

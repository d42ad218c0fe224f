/**
 * The fault catalogue and its selection (next N calls, a share of calls), the latency draws, the
 * business faults on the settlement notice, near-miss replies and their log marks, and verify's
 * comparators, in-process.
 */
import { describe, expect, it } from "vitest";
import { createOrder, orderStatus } from "#core/api/shop-endpoints";
import { FAULT_KINDS, FAULTS, FRONT_DOOR_FAMILIES, FaultRequestSchema, faultFrom, sampleLatency } from "#core/controls/faults";
import { editDistance } from "#core/text/nearest";
import { inProcess, withKey } from "./testing";
import { VerifyRequestSchema } from "#core/controls/verify";
import { verifyCalls } from "./verify";
import type { LoggedCall } from "./instruments/call-log";

const SAM = "mpay-1005";
const MALL = "http://localhost:3000";

describe("the fault catalogue", () => {
  it("describes every kind once, in a family", () => {
    expect(FAULT_KINDS.length).toBeGreaterThanOrEqual(17);
    for (const kind of FAULT_KINDS) expect(FAULTS[kind].summary.length, kind).toBeGreaterThan(10);
    expect(new Set(FAULT_KINDS.map((kind) => FAULTS[kind].family))).toEqual(new Set(["reply", "connection", "latency", "secure", "business"]));
  });

  it("refuses a request it cannot act on", () => {
    for (const bad of [
      { path: "/x", kind: "meltdown" },
      { path: "", kind: "reset" },
      { path: "/x", kind: "delay" },
      { path: "/x", kind: "delay", latency: { uniform: [400, 50] } },
      { path: "/x", kind: "delay", latency: { lognormal: { median: 0, sigma: 1 } } },
      { path: "/x", kind: "reset", percent: 0 },
      { path: "/x", kind: "reset", percent: 101 },
      { path: "/x", kind: "reset", extra: 1 },
    ]) {
      expect(FaultRequestSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it("is one call by default, N calls with times, and uncounted with a share alone", () => {
    expect(faultFrom(FaultRequestSchema.parse({ path: "a", kind: "reset" }))).toMatchObject({ remaining: 1, percent: 100 });
    expect(faultFrom(FaultRequestSchema.parse({ path: "a", kind: "reset", times: 3 }))).toMatchObject({ remaining: 3, percent: 100 });
    expect(faultFrom(FaultRequestSchema.parse({ path: "a", kind: "reset", percent: 25 }))).toMatchObject({ remaining: null, percent: 25 });
    expect(faultFrom(FaultRequestSchema.parse({ path: "a", kind: "delay", delayMs: 40 }))).toMatchObject({ delayMs: 40, latency: { fixed: 40 } });
    expect(faultFrom(FaultRequestSchema.parse({ path: "a", kind: "clock-skew" }))).toMatchObject({ skewMs: 600_000 });
  });

  it("draws latency: fixed, within a uniform range, and around a lognormal median", () => {
    expect(sampleLatency({ delayMs: 0, latency: { fixed: 250 } })).toBe(250);
    const uniform = Array.from({ length: 500 }, () => sampleLatency({ delayMs: 0, latency: { uniform: [50, 400] } }));
    expect(Math.min(...uniform)).toBeGreaterThanOrEqual(50);
    expect(Math.max(...uniform)).toBeLessThanOrEqual(400);
    expect(Math.max(...uniform) - Math.min(...uniform)).toBeGreaterThan(200);
    const lognormal = Array.from({ length: 2001 }, () => sampleLatency({ delayMs: 0, latency: { lognormal: { median: 120, sigma: 0.6 } } })).sort((a, b) => a - b);
    expect(lognormal[1000]).toBeGreaterThan(100);
    expect(lognormal[1000]).toBeLessThan(145);
    expect(lognormal[1990]).toBeGreaterThan(300);
    // σ = 0 is the median every time.
    expect(sampleLatency({ delayMs: 0, latency: { lognormal: { median: 80, sigma: 0 } } })).toBe(80);
  });

  it("hits a share of the calls, drawn per call, and counts down only the calls it hits", () => {
    const { sandbox } = inProcess();
    sandbox.instruments.faults.add({ ...faultFrom(FaultRequestSchema.parse({ path: "basicinformation", kind: "http500", percent: 50, times: 2 })) });
    const draws = [0.9, 0.2, 0.7, 0.1, 0.3];
    const hits = draws.map((draw) => sandbox.instruments.faults.take("/api/auth/basicinformation", FRONT_DOOR_FAMILIES, () => draw)?.kind ?? null);
    expect(hits).toEqual([null, "http500", null, "http500", null]);
    expect(sandbox.instruments.faults.list()).toEqual([]);
  });
});

describe("business faults on the settlement notice", () => {
  async function anOrder(sandbox: ReturnType<typeof inProcess>) {
    const api = await sandbox.client(SAM);
    const order = (await api.call(createOrder, { offerId: 7, quantity: 1, mcoinUsed: 100 }, withKey())).data;
    return { order, status: async () => (await api.call(orderStatus, { orderId: order.id })).data };
  }
  const pay = (sandbox: ReturnType<typeof inProcess>, order: { orderNo: string; cashCents: number }) =>
    sandbox.request("/__wallet/pay", { body: { orderNo: order.orderNo, amountCents: order.cashCents, outcome: "paid" }, headers: { origin: MALL } });

  it("twice: the order is settled once, and its mCoin earned once", async () => {
    const sandbox = inProcess();
    const { order, status } = await anOrder(sandbox);
    await sandbox.request("/__sandbox/faults", { body: { path: "pay/notify", kind: "notice-twice" } });
    const paid = await pay(sandbox, order);
    expect(paid.body).toMatchObject({ ok: true, accepted: true, fault: "notice-twice" });
    expect(sandbox.sandbox.instruments.calls.since().filter((call) => call.path === "/pay/notify")).toHaveLength(2);
    expect(await status()).toMatchObject({ status: "received" });
    const earned = sandbox.sandbox.domain.books.ledger(SAM).filter((entry) => entry.orderId === order.id && entry.amount > 0 && entry.type !== "purchase_released");
    expect(earned).toHaveLength(1);
  });

  it("late: the order closed first; the notice is refused and the cash marked paid after close", async () => {
    const sandbox = inProcess();
    const { order, status } = await anOrder(sandbox);
    await sandbox.request("/__sandbox/faults", { body: { path: "pay/notify", kind: "notice-late" } });
    const paid = await pay(sandbox, order);
    expect(paid.body).toMatchObject({ ok: true, accepted: false, fault: "notice-late" });
    expect(await status()).toMatchObject({ status: "closed", failure: { code: "PAID_AFTER_CLOSE" } });
  });

  it("after a cancel: the member's cancel wins, the late notice changes nothing but the failure", async () => {
    const sandbox = inProcess();
    const { order, status } = await anOrder(sandbox);
    const held = sandbox.sandbox.domain.books.balance(SAM);
    await sandbox.request("/__sandbox/faults", { body: { path: "pay/notify", kind: "notice-after-cancel" } });
    const paid = await pay(sandbox, order);
    expect(paid.body).toMatchObject({ accepted: false, fault: "notice-after-cancel" });
    expect(await status()).toMatchObject({ status: "closed", failure: { code: "PAID_AFTER_CLOSE" } });
    // The mCoin held for the order came back with the cancel.
    expect(sandbox.sandbox.domain.books.balance(SAM)).toBe(held + 100);
  });
});

describe("business faults leave a trace", () => {
  const pay = (sandbox: ReturnType<typeof inProcess>, order: { orderNo: string; cashCents: number }) =>
    sandbox.request("/__wallet/pay", { body: { orderNo: order.orderNo, amountCents: order.cashCents, outcome: "paid" }, headers: { origin: MALL } });

  it.each([
    ["notice-twice", 2],
    ["notice-late", 1],
    ["notice-after-cancel", 1],
  ] as const)("%s: its notices carry it in the call log, the inspector and verify", async (kind, notices) => {
    const sandbox = inProcess();
    const api = await sandbox.client(SAM);
    const order = (await api.call(createOrder, { offerId: 7, quantity: 1, mcoinUsed: 100 }, withKey())).data;
    await pay(sandbox, order);
    await sandbox.request("/__sandbox/faults", { body: { path: "pay/notify", kind } });
    const other = (await api.call(createOrder, { offerId: 7, quantity: 1, mcoinUsed: 100 }, withKey())).data;
    expect((await pay(sandbox, other)).body).toMatchObject({ ok: true, fault: kind });

    // The call log: the notices the fault shaped, marked; the earlier notice, not.
    const log = (await sandbox.request("/__sandbox/log")).body.calls as { path: string; fault?: string; body?: { orderNo?: string } }[];
    const sent = log.filter((call) => call.path === "/pay/notify");
    expect(sent.map((call) => [call.body?.orderNo, call.fault])).toEqual([[order.orderNo, undefined], ...Array.from({ length: notices }, () => [other.orderNo, kind])]);

    // The inspector's ring: the same marker on each of them.
    await expect.poll(() => sandbox.sandbox.instruments.inspected.list().filter((item) => item.summary.path === "/pay/notify").length).toBe(notices + 1);
    const inspected = sandbox.sandbox.instruments.inspected.list().filter((item) => item.summary.path === "/pay/notify");
    expect(inspected.map((item) => item.summary.markers.fault)).toEqual([...Array.from({ length: notices }, () => kind), undefined]);

    // Verify finds the calls by it, and says so of those it did not act on.
    const verified = await sandbox.request("/__sandbox/verify", { body: { path: "pay/notify", fault: kind, count: notices } });
    expect(verified.body).toMatchObject({ ok: true, matched: notices, expected: `exactly ${notices} call(s) to pay/notify that fault ${kind} acted on` });
    const wrong = await sandbox.request("/__sandbox/verify", { body: { path: "pay/notify", fault: kind, count: notices + 1 } });
    expect(wrong.body.ok).toBe(false);
    expect(wrong.body.closest).toContainEqual(expect.objectContaining({ path: "/pay/notify", differs: ["no fault"] }));
  });

  it("an outside caller cannot mark a call with one", async () => {
    const sandbox = inProcess();
    await sandbox.request("/api/system/time", { headers: { "x-sandbox-fault": "notice-twice" } });
    expect((await sandbox.request("/__sandbox/log")).body.calls.at(-1)).not.toHaveProperty("fault");
  });
});

describe("near misses", () => {
  it("name the closest endpoint of a misspelt path, a wrong method, a misspelt field and a secure function", async () => {
    const sandbox = inProcess();
    const misspelt = await sandbox.request("/api/auth/basicinfomation");
    expect(misspelt.status).toBe(404);
    expect(misspelt.body.msg).toBe("no sandbox endpoint for GET /api/auth/basicinfomation; did you mean GET /api/auth/basicinformation (basicInformation)?");
    expect(misspelt.body.nearMiss).toMatchObject({ reason: "path", closest: [{ name: "basicInformation", path: "/api/auth/basicinformation", differs: ["path"] }] });

    const method = await sandbox.request("/api/auth/basicinformation", { method: "POST", body: {} });
    expect(method.status).toBe(405);
    expect(method.body.nearMiss).toMatchObject({ reason: "method", closest: [{ method: "GET", differs: ["method"] }] });

    const field = await sandbox.request("/member/login", { body: { openid: "mpay-1001" } });
    expect(field.status).toBe(400);
    expect(field.body.msg).toContain('"openid" was sent: did you mean "openId"?');
    expect(field.body.nearMiss).toMatchObject({ reason: "body", closest: [{ name: "memberLogin", differs: ["field openId"] }] });

    const secure = await sandbox.request("/bservice/discount/gateway/getTaskDetial", { body: "x" });
    expect(secure.body.result.code).toBe("UNKNOWN_FUNCTION");
    expect(secure.body.nearMiss.closest[0].path).toBe("/bservice/discount/gateway/getTaskDetail");

    const nothing = await sandbox.request("/completely/elsewhere/entirely");
    expect(nothing.body.msg).toContain("none is close to it");

    const unmatched = await sandbox.request("/__sandbox/log?unmatched=1");
    expect(unmatched.body.calls.map((call: LoggedCall) => call.path)).toEqual([
      "/api/auth/basicinfomation",
      "/api/auth/basicinformation",
      "/member/login",
      "/bservice/discount/gateway/getTaskDetial",
      "/completely/elsewhere/entirely",
    ]);
    // A call it answered is not among them.
    await sandbox.request("/api/system/time");
    expect((await sandbox.request("/__sandbox/log?unmatched=1")).body.calls).toHaveLength(5);
  });

  it("measure edits", () => {
    expect(editDistance("basicinformation", "basicinfomation")).toBe(1);
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("kitten", "sitting")).toBe(3);
  });
});

describe("verify", () => {
  const call = (seq: number, method: string, path: string, body?: unknown, query: Record<string, string> = {}): LoggedCall => ({ seq, at: seq, method, path, query, body });
  const log = [
    call(1, "GET", "/api/auth/basicinformation"),
    call(2, "POST", "/bservice/discount/gateway/getTaskDetail", { task_no: "T1", check_value: 15 }),
    call(3, "GET", "/api/auth/basicinformation"),
    call(4, "POST", "/bservice/discount/gateway/getTaskDetail", { task_no: "T2", check_value: 15 }),
    call(5, "GET", "/api/business/searchproduct", undefined, { keyword: "coffee" }),
  ];
  const verify = (request: unknown) => verifyCalls(log, VerifyRequestSchema.parse(request));

  it("counts exactly, at least, at most, and between", () => {
    expect(verify({ path: "basicinformation", count: 2 }).ok).toBe(true);
    expect(verify({ path: "basicinformation", count: 3 }).ok).toBe(false);
    expect(verify({ path: "basicinformation", atLeast: 2 }).ok).toBe(true);
    expect(verify({ path: "basicinformation", atLeast: 3 }).ok).toBe(false);
    expect(verify({ path: "basicinformation", atMost: 2 }).ok).toBe(true);
    expect(verify({ path: "basicinformation", atMost: 1 }).ok).toBe(false);
    expect(verify({ path: "basicinformation", atLeast: 1, atMost: 2 }).ok).toBe(true);
    expect(verify({ path: "/api/auth/basicinformation", method: "post" }).ok).toBe(false);
    expect(verify({ path: "nowhere" })).toMatchObject({ ok: false, matched: 0, expected: "at least 1 call(s) to nowhere" });
    expect(verify({ path: "basicinformation", since: 2, count: 1 }).ok).toBe(true);
  });

  it("matches bodies by JSONPath (a GET's query), text matching a number", () => {
    expect(verify({ path: "getTaskDetail", bodyMatch: [{ path: "$.task_no", value: "T1" }], count: 1 }).ok).toBe(true);
    expect(verify({ path: "getTaskDetail", bodyMatch: [{ path: "$.check_value", value: "15" }], count: 2 }).ok).toBe(true);
    expect(verify({ path: "searchproduct", bodyMatch: [{ path: "$.keyword", value: "coffee" }] }).ok).toBe(true);
    // The JSONPath stubs read (core/text/json-path.ts): lists, filters and functions; a path that finds nothing is absent.
    expect(verify({ path: "getTaskDetail", bodyMatch: [{ path: "$[?(@.task_no == 'T1')].check_value", value: 15 }], count: 1 }).ok).toBe(true);
    expect(verify({ path: "getTaskDetail", bodyMatch: [{ path: "$.task_no.length()", value: 2 }], count: 2 }).ok).toBe(true);
    expect(verify({ path: "getTaskDetail", bodyMatch: [{ path: "$.nothing.here", value: 1 }], count: 0 }).ok).toBe(true);
  });

  it("shows the closest calls and what differed when it does not hold", () => {
    const wrongBody = verify({ path: "getTaskDetail", bodyMatch: [{ path: "$.task_no", value: "T9" }] });
    expect(wrongBody.ok).toBe(false);
    expect(wrongBody.closest.map((entry) => entry.differs)).toEqual([['body $.task_no is "T2"'], ['body $.task_no is "T1"']]);
    const misspelt = verify({ path: "basicinformaton", atLeast: 1 });
    expect(misspelt.closest[0]).toMatchObject({ path: "/api/auth/basicinformation", differs: ["path /api/auth/basicinformation"] });
    const tooMany = verify({ path: "basicinformation", atMost: 1 });
    expect(tooMany.closest.map((entry) => entry.seq)).toEqual([3, 1]);
  });

  it("refuses a count with a range, and a range upside down", () => {
    expect(VerifyRequestSchema.safeParse({ path: "x", count: 1, atLeast: 1 }).success).toBe(false);
    expect(VerifyRequestSchema.safeParse({ path: "x", atLeast: 3, atMost: 1 }).success).toBe(false);
    expect(VerifyRequestSchema.safeParse({ path: "x", bodyMatch: [{ path: "task_no", value: 1 }] }).success).toBe(false);
    expect(VerifyRequestSchema.safeParse({ path: "x", bodyMatch: [{ path: "$[?(@.a==", value: 1 }] }).success).toBe(false);
  });

  it("answers as a control: 200 when it holds, 409 with the closest calls when not", async () => {
    const sandbox = inProcess();
    await sandbox.request("/api/system/time");
    expect((await sandbox.request("/__sandbox/verify", { body: { path: "system/time", count: 1 } })).status).toBe(200);
    const failed = await sandbox.request("/__sandbox/verify", { body: { path: "system/tme", count: 1 } });
    expect(failed.status).toBe(409);
    expect(failed.body.closest[0].path).toBe("/api/system/time");
    expect((await sandbox.request("/__sandbox/verify", { body: { path: "x", atMost: -1 } })).status).toBe(400);
  });
});

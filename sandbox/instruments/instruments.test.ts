/** The runtime instruments, each on its own: the clock, the fault queue, the call log, nonces, error reports, timers and deferred work. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { BUSINESS_FAMILIES, FRONT_DOOR_FAMILIES, type Fault } from "#core/controls/faults";
import type { CollectedError } from "#core/errors/report";
import type { NearMiss } from "../near-miss";
import { CallLog, MAX_LOG } from "./call-log";
import { SandboxClock } from "./clock";
import { DeferredWork } from "./deferred-work";
import { HeldTimer, REAL_TIMER } from "./timer";
import { ErrorReports, MAX_ERRORS } from "./error-reports";
import { FaultQueue, MAX_FAULTS } from "./fault-queue";
import { MAX_NONCES, Nonces } from "./nonces";

afterEach(() => {
  vi.useRealTimers();
});

describe("the clock", () => {
  it("runs with real time, moved by an offset, or frozen, and goes back to real time", () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const clock = new SandboxClock();
    expect(clock.now()).toBe(1_000_000);
    clock.set(5_000_000);
    vi.advanceTimersByTime(10);
    expect(clock.info()).toEqual({ now: 5_000_010, iso: new Date(5_000_010).toISOString(), offsetMs: 4_000_000, frozen: false });
    clock.set(7_000_000, true);
    vi.advanceTimersByTime(10);
    expect(clock.info()).toMatchObject({ now: 7_000_000, frozen: true });
    clock.set(null);
    expect(clock.info()).toMatchObject({ now: 1_000_020, offsetMs: 0, frozen: false });
  });
});

const fault = (overrides: Partial<Omit<Fault, "id" | "percent">> = {}): Omit<Fault, "id" | "percent"> => ({ path: "basicinformation", kind: "http500", remaining: 1, delayMs: 0, ...overrides });

describe("the fault queue", () => {
  it("numbers each fault, every call of it at 100 % unless a share is given", () => {
    const queue = new FaultQueue();
    expect(queue.add(fault())).toMatchObject({ id: 1, percent: 100 });
    expect(queue.add({ ...fault(), percent: 30 })).toMatchObject({ id: 2, percent: 30 });
    queue.clear();
    expect(queue.list()).toEqual([]);
    expect(queue.add(fault())).toMatchObject({ id: 3 });
  });

  it("gives a call the first fault of its families whose path is, or is in, the call's; counted ones go at zero", () => {
    const queue = new FaultQueue();
    queue.add(fault({ kind: "notice-twice", path: "/pay/notify" }));
    queue.add(fault({ path: "/api/auth/basicinformation", remaining: 2 }));
    queue.add(fault({ kind: "garbage", path: "basic", remaining: null }));
    expect(queue.take("/api/other", FRONT_DOOR_FAMILIES)).toBeUndefined();
    expect(queue.take("/pay/notify", FRONT_DOOR_FAMILIES)).toBeUndefined();
    expect(queue.take("/api/auth/basicinformation", FRONT_DOOR_FAMILIES)).toMatchObject({ kind: "http500", remaining: 1 });
    expect(queue.take("/api/auth/basicinformation", FRONT_DOOR_FAMILIES)).toMatchObject({ kind: "http500", remaining: 0 });
    expect(queue.take("/api/auth/basicinformation", FRONT_DOOR_FAMILIES)).toMatchObject({ kind: "garbage", remaining: null });
    expect(queue.take("/api/auth/basicinformation", FRONT_DOOR_FAMILIES)).toMatchObject({ kind: "garbage" });
    expect(queue.take("/pay/notify", BUSINESS_FAMILIES)).toMatchObject({ kind: "notice-twice" });
    expect(queue.list().map((waiting) => waiting.kind)).toEqual(["garbage"]);
  });

  it("hands out copies: what a caller does with one changes nothing waiting", () => {
    const queue = new FaultQueue();
    queue.add(fault({ remaining: 3 }));
    const taken = queue.take("basicinformation", FRONT_DOOR_FAMILIES)!;
    taken.remaining = 0;
    queue.list()[0].remaining = 0;
    expect(queue.list()[0].remaining).toBe(2);
  });

  it(`keeps ${MAX_FAULTS} at most, refusing more`, () => {
    const queue = new FaultQueue();
    for (let i = 0; i < MAX_FAULTS; i++) expect(queue.add(fault())).toBeDefined();
    expect(queue.add(fault())).toBeUndefined();
    expect(queue.list()).toHaveLength(MAX_FAULTS);
  });
});

describe("the call log", () => {
  it("numbers calls, answers those since a number, and goes on counting once cleared", () => {
    vi.useFakeTimers({ now: 5_000 });
    const log = new CallLog();
    const first = log.add({ method: "GET", path: "/a", query: {} });
    log.add({ method: "POST", path: "/b", query: {} });
    expect(first).toEqual({ method: "GET", path: "/a", query: {}, seq: 1, at: 5_000 });
    expect(log.since(1).map((call) => call.path)).toEqual(["/b"]);
    expect(log.since().map((call) => call.seq)).toEqual([1, 2]);
    log.clear();
    expect(log.since()).toEqual([]);
    expect(log.add({ method: "GET", path: "/c", query: {} }).seq).toBe(3);
  });

  it("marks a call the sandbox could not answer", () => {
    const log = new CallLog();
    const { seq } = log.add({ method: "GET", path: "/api/auth/basicinfomation", query: {} });
    const nearMiss: NearMiss = { reason: "path", message: "no such path", closest: [] };
    log.markNearMiss(seq, nearMiss);
    log.markNearMiss(seq + 1, nearMiss);
    expect(log.since()).toEqual([expect.objectContaining({ seq, nearMiss })]);
  });

  it(`keeps the newest ${MAX_LOG}`, () => {
    const log = new CallLog();
    for (let i = 0; i < MAX_LOG + 5; i++) log.add({ method: "GET", path: `/${i}`, query: {} });
    const calls = log.since();
    expect(calls).toHaveLength(MAX_LOG);
    expect(calls[0].seq).toBe(6);
  });
});

describe("nonces", () => {
  it("are fresh once, reused within the window, and forgotten past it", () => {
    vi.useFakeTimers({ now: 0 });
    const nonces = new Nonces();
    expect(nonces.use("a", 1_000)).toBe("fresh");
    expect(nonces.use("a", 1_000)).toBe("reused");
    vi.advanceTimersByTime(1_000);
    expect(nonces.use("a", 1_000)).toBe("reused");
    vi.advanceTimersByTime(1);
    expect(nonces.use("a", 1_000)).toBe("fresh");
    nonces.clear();
    expect(nonces.use("a", 1_000)).toBe("fresh");
  });

  it(`refuse a new one while ${MAX_NONCES} are within the window, rather than forget one`, () => {
    vi.useFakeTimers({ now: 0 });
    const nonces = new Nonces();
    for (let i = 0; i < MAX_NONCES; i++) nonces.use(`n${i}`, 60_000);
    expect(nonces.use("one more", 60_000)).toBe("full");
    expect(nonces.use("n0", 60_000)).toBe("reused");
    vi.advanceTimersByTime(60_001);
    expect(nonces.use("one more", 60_000)).toBe("fresh");
  });
});

describe("error reports", () => {
  it(`keep the newest ${MAX_ERRORS}, newest last, until cleared`, () => {
    const reports = new ErrorReports();
    const report = (i: number) => ({ message: `error ${i}` }) as unknown as CollectedError;
    for (let i = 0; i < MAX_ERRORS + 3; i++) reports.collect(report(i));
    const kept = reports.list();
    expect(kept).toHaveLength(MAX_ERRORS);
    expect(kept[0]).toEqual(report(3));
    expect(kept.at(-1)).toEqual(report(MAX_ERRORS + 2));
    kept.length = 0;
    expect(reports.list()).toHaveLength(MAX_ERRORS);
    reports.clear();
    expect(reports.list()).toEqual([]);
  });
});

describe("deferred work", () => {
  it("runs after its delay, unless cancelled first", () => {
    vi.useFakeTimers();
    const work = new DeferredWork(REAL_TIMER);
    const ran: string[] = [];
    work.after(100, () => ran.push("first"));
    vi.advanceTimersByTime(100);
    work.after(100, () => ran.push("cancelled"));
    work.cancelAll();
    vi.advanceTimersByTime(1_000);
    expect(ran).toEqual(["first"]);
  });
});

describe("a held timer", () => {
  it("holds every wait of some length until released, and lets a wait of none go on", async () => {
    const timer = new HeldTimer();
    const order: string[] = [];
    void timer.sleep(60_000).then(() => order.push("slept"));
    void timer.sleep(0).then(() => order.push("no wait"));
    timer.after(1, () => order.push("deferred"));
    const cancelled = timer.after(1, () => order.push("cancelled"));
    cancelled();
    await Promise.resolve();
    expect(order).toEqual(["no wait"]);
    expect(timer.held).toEqual([60_000, 1]);
    expect(await timer.waiting()).toBe(60_000);
    timer.release();
    await Promise.resolve();
    expect(order).toEqual(["no wait", "deferred", "slept"]);
    expect(timer.held).toEqual([]);
  });

  it("tells a test when a wait begins", async () => {
    const timer = new HeldTimer();
    const begun = timer.waiting();
    void timer.sleep(250);
    expect(await begun).toBe(250);
  });

  it("holds deferred work until released, and a reset's cancel drops it", () => {
    const timer = new HeldTimer();
    const work = new DeferredWork(timer);
    const ran: string[] = [];
    work.after(1_000, () => ran.push("dropped"));
    work.cancelAll();
    work.after(1_000, () => ran.push("released"));
    timer.release();
    expect(ran).toEqual(["released"]);
  });
});

import { describe, expect, it } from "vitest";
import { TASK_DETAIL_URL, TASK_NOTIFY_URL } from "#core/api/task-center";
import { parseRecording, type Recording } from "#harness/recording";
import { Pacer, dependsOnElapsedTime, type PaceClock } from "./pace";

const secure = (path: string, recordedAt: string, taskNo = "T-QUICK"): Recording =>
  parseRecording(
    {
      name: path.slice(path.lastIndexOf("/") + 1),
      kind: "secure",
      recordedAt,
      request: { path, headers: { Token: "<cust>" }, body: { task_no: taskNo, cust_id_ciphertext: "<cust>" } },
      response: { status: 200, body: {} },
    },
    "test",
  );
const api = (recordedAt: string): Recording =>
  parseRecording({ name: "time", kind: "api", recordedAt, request: { method: "GET", path: "/api/system/time" }, response: { status: 200, body: {} } }, "test");

/** A clock that moves only when slept on, or when told. */
function fakeClock(): PaceClock & { slept: number[]; advance(ms: number): void } {
  let now = 1_000_000;
  const slept: number[] = [];
  return {
    slept,
    now: () => now,
    sleep: async (ms) => {
      slept.push(ms);
      now += ms;
    },
    advance: (ms) => (now += ms),
  };
}

describe("--pace", () => {
  it("knows which calls depend on the time elapsed: the task center's completion notice", () => {
    expect(dependsOnElapsedTime(secure(TASK_NOTIFY_URL, "2026-11-21T10:00:03.000Z"))).toBe(true);
    expect(dependsOnElapsedTime(secure(TASK_DETAIL_URL, "2026-11-21T10:00:00.000Z"))).toBe(false);
    expect(dependsOnElapsedTime(api("2026-11-21T10:00:00.000Z"))).toBe(false);
  });

  /** Sends a recording through the pacer: waits, then the call takes `ms` to be answered. */
  const send = async (pacer: Pacer, clock: ReturnType<typeof fakeClock>, recording: Recording, ms = 0) => {
    const wait = await pacer.before(recording);
    clock.advance(ms);
    pacer.answered(recording);
    return wait;
  };

  it("recorded: waits before a notice until as long after its task's detail was answered as when recorded", async () => {
    const clock = fakeClock();
    const pacer = new Pacer("recorded", clock);
    // The detail takes 700 ms to be answered; what comes between 400 ms more.
    expect(await send(pacer, clock, secure(TASK_DETAIL_URL, "2026-11-21T10:00:00.000Z"), 700)).toBeNull();
    expect(await send(pacer, clock, api("2026-11-21T10:00:01.000Z"), 400)).toBeNull();
    const wait = await send(pacer, clock, secure(TASK_NOTIFY_URL, "2026-11-21T10:00:03.250Z"));
    expect(wait).toEqual({ ms: 2850, after: "getTaskDetail" });
    expect(clock.slept).toEqual([2850]);
  });

  it("recorded: measures from the detail of the same task, not from the last call", async () => {
    const clock = fakeClock();
    const pacer = new Pacer("recorded", clock);
    await send(pacer, clock, secure(TASK_DETAIL_URL, "2026-11-21T10:00:00.000Z", "T1"));
    await send(pacer, clock, secure(TASK_DETAIL_URL, "2026-11-21T10:00:14.000Z", "T-QUICK"));
    await send(pacer, clock, secure(TASK_NOTIFY_URL, "2026-11-21T10:00:15.000Z", "T1"));
    expect(clock.slept).toEqual([15_000]);
  });

  it("recorded: does not wait when the time has already passed, nor for a recording dated without a time", async () => {
    const clock = fakeClock();
    const pacer = new Pacer("recorded", clock);
    await send(pacer, clock, secure(TASK_DETAIL_URL, "2026-11-21T10:00:00.000Z"));
    clock.advance(5000); // the calls between took longer than the recording's gap
    expect(await send(pacer, clock, secure(TASK_NOTIFY_URL, "2026-11-21T10:00:03.000Z"))).toBeNull();
    const dated = new Pacer("recorded", clock);
    await send(dated, clock, secure(TASK_DETAIL_URL, "2026-11-21"));
    expect(await send(dated, clock, secure(TASK_NOTIFY_URL, "2026-11-21"))).toBeNull();
    expect(clock.slept).toEqual([]);
  });

  it("fast: never waits", async () => {
    const clock = fakeClock();
    const pacer = new Pacer("fast", clock);
    await send(pacer, clock, secure(TASK_DETAIL_URL, "2026-11-21T10:00:00.000Z"));
    expect(await send(pacer, clock, secure(TASK_NOTIFY_URL, "2026-11-21T10:00:15.000Z"))).toBeNull();
    expect(clock.slept).toEqual([]);
  });
});

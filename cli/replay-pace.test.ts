import { describe, expect, it } from "vitest";
import { TASK_DETAIL_URL, TASK_NOTIFY_URL } from "#core/api/task-center";
import { parseRecording, type Recording } from "./recordings";
import { Pacer, dependsOnElapsedTime, type PaceClock } from "./replay-pace";

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

  it("recorded: waits before a notice until as long after its task's detail as when recorded", async () => {
    const clock = fakeClock();
    const pacer = new Pacer("recorded", clock);
    expect(await pacer.before(secure(TASK_DETAIL_URL, "2026-11-21T10:00:00.000Z"))).toBeNull();
    clock.advance(400); // the replay of what came between
    expect(await pacer.before(api("2026-11-21T10:00:01.000Z"))).toBeNull();
    const wait = await pacer.before(secure(TASK_NOTIFY_URL, "2026-11-21T10:00:03.250Z"));
    expect(wait).toEqual({ ms: 2850, after: "getTaskDetail" });
    expect(clock.slept).toEqual([2850]);
  });

  it("recorded: measures from the detail of the same task, not from the last call", async () => {
    const clock = fakeClock();
    const pacer = new Pacer("recorded", clock);
    await pacer.before(secure(TASK_DETAIL_URL, "2026-11-21T10:00:00.000Z", "T1"));
    await pacer.before(secure(TASK_DETAIL_URL, "2026-11-21T10:00:14.000Z", "T-QUICK"));
    await pacer.before(secure(TASK_NOTIFY_URL, "2026-11-21T10:00:15.000Z", "T1"));
    expect(clock.slept).toEqual([15_000]);
  });

  it("recorded: does not wait when the time has already passed, nor for a recording dated without a time", async () => {
    const clock = fakeClock();
    const pacer = new Pacer("recorded", clock);
    await pacer.before(secure(TASK_DETAIL_URL, "2026-11-21T10:00:00.000Z"));
    clock.advance(5000);
    expect(await pacer.before(secure(TASK_NOTIFY_URL, "2026-11-21T10:00:03.000Z"))).toBeNull();
    const dated = new Pacer("recorded", clock);
    await dated.before(secure(TASK_DETAIL_URL, "2026-11-21"));
    expect(await dated.before(secure(TASK_NOTIFY_URL, "2026-11-21"))).toBeNull();
    expect(clock.slept).toEqual([]);
  });

  it("fast: never waits", async () => {
    const clock = fakeClock();
    const pacer = new Pacer("fast", clock);
    await pacer.before(secure(TASK_DETAIL_URL, "2026-11-21T10:00:00.000Z"));
    expect(await pacer.before(secure(TASK_NOTIFY_URL, "2026-11-21T10:00:15.000Z"))).toBeNull();
    expect(clock.slept).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { judgeLateness, percentile, type Timing } from "./usual-time";

/** Usual times from the requests sent from `usualFrom` and answered before `from`; judged, those in flight at `from` or sent after. */
const around = (usualFrom: number, from: number) => ({
  usual: (timing: Timing) => timing.sent >= usualFrom && timing.sent + timing.ms < from,
  judged: (timing: Timing) => timing.sent + timing.ms >= from,
  graceMs: 1_000,
});

/** `count` requests of `what` sent from `sent` on, one every ms, each taking `ms`. */
const requests = (what: string, count: number, sent: number, ms: number): Timing[] => Array.from({ length: count }, (_, index) => ({ what, sent: sent + index, ms }));

describe("percentile", () => {
  it("is the nearest rank of sorted values, and NaN of none", () => {
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 50)).toBe(5);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 99)).toBe(10);
    expect(percentile([], 99)).toBeNaN();
  });
});

describe("judgeLateness", () => {
  it("holds each kind to its own p99 before the disturbance, and counts as late only what exceeds it by more than the grace", () => {
    const before = [...requests("home", 100, 0, 50), ...requests("checkout", 100, 0, 300)];
    const judged = [
      { what: "home", sent: 2_000, ms: 1_049 },
      { what: "home", sent: 2_000, ms: 1_051 },
      { what: "checkout", sent: 2_000, ms: 1_299 },
    ];
    const lateness = judgeLateness([...before, ...judged], around(0, 1_000));
    expect(lateness.usual.get("home")).toEqual({ ms: 50, samples: 100 });
    expect(lateness.usual.get("checkout")).toEqual({ ms: 300, samples: 100 });
    expect(lateness.judged).toBe(3);
    expect(lateness.late).toEqual([{ what: "home", sent: 2_000, ms: 1_051, usual: 50, excess: 1_001 }]);
    expect(lateness.worst?.excess).toBe(1_001);
  });

  it("judges a request still waiting when the disturbance began, and not one answered before it", () => {
    const lateness = judgeLateness([...requests("home", 10, 0, 50), { what: "home", sent: 900, ms: 1_500 }, { what: "home", sent: 100, ms: 100 }], around(0, 1_000));
    expect(lateness.overall).toBe(100);
    expect(lateness.judged).toBe(1);
    expect(lateness.late.map((timing) => timing.sent)).toEqual([900]);
  });

  it("holds a kind not seen before the disturbance to the p99 of every request before it", () => {
    const lateness = judgeLateness([...requests("home", 98, 0, 50), ...requests("home", 2, 0, 200), { what: "refund", sent: 2_000, ms: 1_150 }], around(0, 1_000));
    expect(lateness.overall).toBe(200);
    expect(lateness.late).toEqual([]);
    expect(lateness.worst).toMatchObject({ what: "refund", usual: 200, excess: 950 });
  });

  it("takes the usual times from the stretch after the warm-up", () => {
    const lateness = judgeLateness([...requests("home", 10, 0, 900), ...requests("home", 10, 500, 50), { what: "home", sent: 2_000, ms: 1_100 }], around(500, 1_000));
    expect(lateness.overall).toBe(50);
    expect(lateness.late).toMatchObject([{ sent: 2_000, excess: 1_050 }]);
  });

  it("holds a kind with fewer than 100 requests before the disturbance to the p99 of them all: the p99 of fewer is their maximum", () => {
    const lateness = judgeLateness([...requests("home", 100, 0, 1_000), ...requests("points", 99, 0, 100), { what: "points", sent: 2_000, ms: 1_500 }], around(0, 2_000));
    expect(lateness.usual.has("points")).toBe(false);
    expect(lateness.worst).toMatchObject({ what: "points", usual: 1_000, excess: 500 });
    expect(lateness.late).toEqual([]);
  });

  it("has no worst when nothing was judged", () => {
    expect(judgeLateness(requests("home", 5, 0, 50), around(0, 1_000))).toMatchObject({ judged: 0, late: [], worst: null });
  });
});

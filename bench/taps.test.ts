import { describe, expect, it } from "vitest";
import { candidateTime, describeSummary, dragLatencies, percentile, summarise, tapTime, whyUnmeasured, worstInteraction, type TapRecord } from "./taps";

const cards = [{ id: "offer-card", count: 2 }];

describe("a tap's time", () => {
  it("is from the tap to the last needed element of the next screen painted", () => {
    const record: TapRecord = {
      tap: 1000,
      candidates: [
        { id: "offer-card", renderTime: 1700, shownAt: 1650 },
        { id: "offer-card", renderTime: 1500, shownAt: 1450 },
        { id: "offer-card", renderTime: 1900, shownAt: 1850 },
      ],
      events: [],
    };
    expect(tapTime(cards, record)).toBe(700);
  });

  it("takes the frame a kept-alive element came back in: it was painted before the tap", () => {
    expect(candidateTime({ id: "offer-card", renderTime: 200, shownAt: 1080 }, 1000)).toBe(1080);
    expect(candidateTime({ id: "offer-card", renderTime: null, shownAt: 1090 }, 1000)).toBe(1090);
    const record: TapRecord = {
      tap: 1000,
      candidates: [
        { id: "offer-card", renderTime: 300, shownAt: 1060 },
        { id: "offer-card", renderTime: 310, shownAt: 1060 },
      ],
      events: [],
    };
    expect(tapTime(cards, record)).toBe(60);
  });

  it("needs every element a part asks for, or all the next screen has when it has fewer", () => {
    const one: TapRecord = { tap: 0, candidates: [{ id: "offer-card", renderTime: 400, shownAt: 390 }], events: [] };
    expect(tapTime(cards, one)).toBe(400);
    const unpainted: TapRecord = {
      tap: 0,
      candidates: [
        { id: "offer-card", renderTime: 400, shownAt: 390 },
        { id: "offer-card", renderTime: null, shownAt: null },
      ],
      events: [],
    };
    expect(tapTime(cards, unpainted)).toBeNull();
    expect(whyUnmeasured(cards, unpainted)).toBe("offer-card: 2 on the next screen, 1 painted or shown");
  });

  it("counts the optional parts in view, and needs one of them", () => {
    const home = [
      { id: "bench-home-balance", count: 1, optional: true },
      { id: "offer-card", count: 4, optional: true },
    ];
    const top: TapRecord = { tap: 100, candidates: [{ id: "bench-home-balance", renderTime: 250, shownAt: 240 }], events: [] };
    expect(tapTime(home, top)).toBe(150);
    const down: TapRecord = {
      tap: 100,
      candidates: [
        { id: "offer-card", renderTime: 50, shownAt: 180 },
        { id: "offer-card", renderTime: 50, shownAt: 190 },
      ],
      events: [],
    };
    expect(tapTime(home, down)).toBe(90);
    expect(tapTime(home, { tap: 100, candidates: [], events: [] })).toBeNull();
  });

  it("has none without a click or without the next screen's content", () => {
    expect(tapTime(cards, { tap: null, candidates: [], events: [] })).toBeNull();
    expect(whyUnmeasured(cards, { tap: null, candidates: [], events: [] })).toBe("no click reached the page");
    expect(tapTime(cards, { tap: 10, candidates: [], events: [] })).toBeNull();
  });
});

describe("a journey's worst interaction", () => {
  it("is the longest event that belongs to an interaction, as INP takes it", () => {
    const events = [
      { name: "pointermove", startTime: 10, duration: 400, interactionId: 0 },
      { name: "pointerdown", startTime: 20, duration: 48, interactionId: 7 },
      { name: "click", startTime: 90, duration: 232, interactionId: 8 },
    ];
    expect(worstInteraction(events)).toEqual({ duration: 232, name: "click" });
    expect(worstInteraction([])).toEqual({ duration: 0, name: "none over 16 ms" });
  });
});

describe("rounds", () => {
  it("are summed up as the median and the nearest-rank 10th and 90th percentiles", () => {
    const values = [900, 100, 500, 300, 700, 200, 800, 400, 600];
    expect(percentile(values, 10)).toBe(100);
    expect(percentile(values, 90)).toBe(900);
    expect(percentile([], 50)).toBeNaN();
    expect(summarise(values)).toEqual({ median: 500, p10: 100, p90: 900, count: 9 });
    expect(describeSummary(summarise(values))).toBe("500 ms (p10–p90 100–900 ms, 9 rounds)");
  });

  it("take each slider update from the first move it answered to its frame", () => {
    expect(
      dragLatencies([
        { input: 100, frame: 130 },
        { input: 140, frame: 190 },
      ]),
    ).toEqual([30, 50]);
  });
});

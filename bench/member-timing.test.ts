import { describe, expect, it } from "vitest";
import {
  THROTTLING,
  median,
  medianTiming,
  needed,
  networkConditions,
  pairedRatio,
  pairedRatios,
  partsTime,
  range,
  ratio,
  ratioWithSpread,
  roundsFromEnv,
  screens,
  spread,
  timingOf,
  type PageRecord,
  type Timing,
} from "./member-timing";

describe("the throttling profile", () => {
  it("is a slow 4G phone: 150 ms a request, 1.6 Mbit/s down, 750 kbit/s up, a CPU 4× slower", () => {
    expect(THROTTLING).toEqual({ latencyMs: 150, downloadKbps: 1638.4, uploadKbps: 750, cpuSlowdown: 4 });
    // The DevTools protocol takes bytes per second.
    expect(networkConditions()).toEqual({ offline: false, latency: 150, downloadThroughput: 209_715.2, uploadThroughput: 96_000 });
  });
});

describe("median", () => {
  it("is the middle of an odd count, whatever the order", () => {
    expect(median([5, 1, 4, 2, 3])).toBe(3);
    expect(median([900, 100, 500])).toBe(500);
  });

  it("is the lower middle of an even count, and NaN of none", () => {
    expect(median([4, 1, 3, 2])).toBe(2);
    expect(median([])).toBeNaN();
  });

  it("takes each figure's own median", () => {
    const run = (content: number, hydrated: number): Timing => ({ fcp: content / 2, lcp: content, content, hydrated, jsGzip: 100, jsServed: 90 });
    expect(medianTiming([run(1, 9), run(3, 7), run(2, 8)])).toEqual({ fcp: 1, lcp: 2, content: 2, hydrated: 8, jsGzip: 100, jsServed: 90 });
  });
});

describe("spread and ratio", () => {
  it("gives the spread as a share of the median", () => {
    expect(spread([90, 100, 110])).toBeCloseTo(0.2);
    expect(spread([100, 100, 100])).toBe(0);
  });

  it("writes a ratio with two decimals", () => {
    expect(ratio(1234, 1000)).toBe("1.23×");
    expect(ratio(1, 3)).toBe("0.33×");
  });
});

describe("a screen's content time", () => {
  const home = screens({ orderId: 7, storeId: 1, offerId: 1 }).find((screen) => screen.name === "home")!;
  const offer = screens({ orderId: 7, storeId: 1, offerId: 1 }).find((screen) => screen.name === "offer detail")!;

  it("needs a part's count, or every one the page has when it has fewer", () => {
    expect(needed({ id: "offer-card", count: 4 }, { "offer-card": 20 })).toBe(4);
    expect(needed({ id: "offer-card", count: 4 }, { "offer-card": 2 })).toBe(2);
    expect(needed({ id: "offer-card", count: 4 }, {})).toBe(0);
  });

  it("is when the last needed element of the last part is there", () => {
    const painted = [
      { id: "offer-card", time: 900 },
      { id: "offer-card", time: 700 },
      { id: "offer-card", time: 800 },
      { id: "offer-card", time: 1000 },
      { id: "offer-card", time: 2000 },
    ];
    expect(partsTime(home.content, painted, { "offer-card": 12 })).toBe(1000);
    const parts = [
      { id: "offer-price", time: 600 },
      { id: "offer-checkout", time: 1500 },
    ];
    expect(partsTime(offer.content, parts, { "offer-price": 1, "offer-checkout": 1 })).toBe(1500);
  });

  it("has none while a part is short or missing from the page", () => {
    expect(partsTime(home.content, [{ id: "offer-card", time: 700 }], { "offer-card": 12 })).toBeNull();
    expect(partsTime(home.content, [], {})).toBeNull();
  });

  it("counts hydrated from the content's paint at the earliest: a tap needs it on screen", () => {
    const record: PageRecord = {
      fcp: 500,
      lcp: 600,
      painted: [
        { id: "offer-price", time: 800 },
        { id: "offer-checkout", time: 800 },
      ],
      owned: [
        { id: "offer-price", time: 300 },
        { id: "offer-checkout", time: 400 },
      ],
      onPage: { "offer-price": 1, "offer-checkout": 1 },
    };
    expect(timingOf(offer, record, { gzip: 10, served: 8 })).toEqual({ fcp: 500, lcp: 600, content: 800, hydrated: 800, jsGzip: 10, jsServed: 8 });
    expect(timingOf(offer, { ...record, owned: [...record.owned, { id: "offer-checkout", time: 2500 }] }, { gzip: 10, served: 8 }).hydrated).toBe(800);
    expect(timingOf(offer, { ...record, owned: [{ id: "offer-price", time: 2400 }, record.owned[1]] }, { gzip: 10, served: 8 }).hydrated).toBe(2400);
  });

  it("says which part never came", () => {
    const record: PageRecord = { fcp: 500, lcp: 600, painted: [{ id: "offer-price", time: 800 }], owned: [], onPage: { "offer-price": 1, "offer-checkout": 1 } };
    expect(() => timingOf(offer, record, { gzip: 0, served: 0 })).toThrow("offer-checkout: 1 on the page, 0 painted, 0 owned");
  });
});

describe("paired ratios", () => {
  it("are the median of each run against the bare load beside it", () => {
    // A busy stretch (the third pair) slows both loads of a pair alike; the ratio stays.
    expect(pairedRatio([1100, 1200, 3300], [1000, 1000, 3000])).toBeCloseTo(1.1);
    expect(pairedRatio([900, 2000, 1000], [1000, 1000, 1000])).toBe(1);
  });

  it("keep each pair's ratio, and say the median with the lowest and highest of them", () => {
    expect(pairedRatios([1100, 1200, 3300], [1000, 1000, 3000])).toEqual([1.1, 1.2, 1.1]);
    expect(range([1.3, 0.9, 1.1])).toEqual({ min: 0.9, max: 1.3 });
    expect(range([])).toEqual({ min: Number.NaN, max: Number.NaN });
    expect(ratioWithSpread([1.3, 0.9, 1.1, 1.05, 1.4])).toBe("1.10× (0.90–1.40×)");
  });

  it("refuse runs without a bare load each", () => {
    expect(() => pairedRatio([1, 2], [1])).toThrow("2 runs paired with 1 bare loads");
    expect(() => pairedRatios([1], [1, 2])).toThrow("1 runs paired with 2 bare loads");
  });
});

describe("rounds", () => {
  it("are 9 unless MCOIN_BENCH_ROUNDS gives another whole number", () => {
    expect(roundsFromEnv(undefined, 9)).toBe(9);
    expect(roundsFromEnv("", 9)).toBe(9);
    expect(roundsFromEnv("11", 9)).toBe(11);
    expect(() => roundsFromEnv("0", 9)).toThrow("at least 1");
    expect(() => roundsFromEnv("2.5", 9)).toThrow("MCOIN_BENCH_ROUNDS=2.5");
  });
});

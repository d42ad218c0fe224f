import { describe, expect, it } from "vitest";
import { MINI_PROGRAM_SOURCE, adAction } from "./ads";
import { macauDay, offerBadges } from "#core/catalog/badges";
import { MCOIN_RANGES, PRICE_RANGES, findRange } from "./filters";

// 2026-11-21 15:00 in Macau.
const NOW = Date.UTC(2026, 10, 21, 7, 0, 0);
const HOUR = 3_600_000;

describe("offer badges", () => {
  it("coming soon before the start", () => {
    expect(offerBadges({ startAt: NOW + HOUR, endAt: NOW + 100 * HOUR, stock: 5 }, NOW)).toEqual(["comingSoon"]);
  });

  it("ends today when the end falls on Macau's today", () => {
    expect(offerBadges({ startAt: NOW - HOUR, endAt: NOW + 8 * HOUR, stock: 5 }, NOW)).toEqual(["endsToday"]);
    // 23:59 Macau time is still today; 00:30 the next day is not.
    expect(offerBadges({ startAt: NOW - HOUR, endAt: Date.UTC(2026, 10, 21, 15, 59), stock: 5 }, NOW)).toEqual(["endsToday"]);
    expect(offerBadges({ startAt: NOW - HOUR, endAt: Date.UTC(2026, 10, 21, 16, 30), stock: 5 }, NOW)).toEqual([]);
  });

  it("sold out without stock, with the other labels", () => {
    expect(offerBadges({ startAt: NOW - HOUR, endAt: NOW + HOUR, stock: 0 }, NOW)).toEqual(["endsToday", "soldOut"]);
  });

  it("the Macau day turns at 16:00 UTC", () => {
    expect(macauDay(Date.UTC(2026, 10, 21, 15, 59))).toBe(macauDay(Date.UTC(2026, 10, 21, 0, 0)));
    expect(macauDay(Date.UTC(2026, 10, 21, 16, 0))).toBe(macauDay(Date.UTC(2026, 10, 21, 0, 0)) + 1);
  });
});

describe("ads", () => {
  it("types 1, 2 and 5 open a route of the mall, and only that", () => {
    for (const type of [1, 2, 5]) expect(adAction({ type, url: "/mCoin_zone/1" }, "5.9.0")).toEqual({ kind: "route", to: "/mCoin_zone/1" });
    expect(adAction({ type: 1, url: "https://elsewhere.example" }, "5.9.0")).toEqual({ kind: "none" });
    expect(adAction({ type: 2, url: "//elsewhere.example/x" }, "5.9.0")).toEqual({ kind: "none" });
  });

  it("type 3 opens a web page in a new window", () => {
    expect(adAction({ type: 3, url: "https://www.macaupass.com/" }, "5.9.0")).toEqual({ kind: "window", url: "https://www.macaupass.com/" });
    expect(adAction({ type: 3, url: "javascript:alert(1)" }, "5.9.0")).toEqual({ kind: "none" });
  });

  it("type 4 opens a mini-program with the source tag from 5.8.6 up, and asks for an upgrade below", () => {
    const ad = { type: 4, url: "pages/index/index", appId: "2021004107600001" };
    expect(adAction(ad, "5.8.6")).toEqual({ kind: "miniProgram", appId: ad.appId, path: ad.url, source: MINI_PROGRAM_SOURCE });
    expect(adAction(ad, "6.0.0").kind).toBe("miniProgram");
    expect(adAction(ad, "5.8.5")).toEqual({ kind: "upgrade" });
    expect(adAction(ad, null)).toEqual({ kind: "upgrade" });
  });
});

describe("home's filter ranges", () => {
  it("are found by id", () => {
    expect(findRange(MCOIN_RANGES, "500-1000")).toEqual({ id: "500-1000", min: 500, max: 1000 });
    expect(findRange(PRICE_RANGES, "300-")).toEqual({ id: "300-", min: 300 });
    expect(findRange(PRICE_RANGES, "1-2")).toBeUndefined();
    expect(findRange(PRICE_RANGES, null)).toBeUndefined();
  });
});

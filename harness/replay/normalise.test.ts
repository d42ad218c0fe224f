import { describe, expect, it } from "vitest";
import { compareReplies } from "./compare";
import { isEpochMs, volatileMatch, withoutTimes } from "./normalise";

const target = { targetOrigin: "http://127.0.0.1:4600" };

describe("volatile values", () => {
  it("takes epoch milliseconds of this century for times, not amounts or ids", () => {
    expect(isEpochMs(1795644151865)).toBe(true);
    expect(isEpochMs(12580)).toBe(false);
    expect(isEpochMs(1300000001)).toBe(false);
    expect(isEpochMs(1795644151865.5)).toBe(false);
    expect(volatileMatch(1795644151865, 1795644999999, "createdAt", target)).toBe(true);
    expect(volatileMatch(1795644151865, "1795644999999", "createdAt", target)).toBe(false);
  });

  it("matches date and time texts of the same form, whole or inside a text", () => {
    expect(withoutTimes("valid until 2026-12-31 23:59:59")).toBe("valid until <time:9999-99-99 99:99:99>");
    expect(volatileMatch("2026-10-15 10:00:00", "2026-10-16 11:30:00", "create_at", target)).toBe(true);
    expect(volatileMatch("ends 2026-11-21T10:00:00.123Z", "ends 2026-11-22T09:00:00.456Z", "note", target)).toBe(true);
    expect(volatileMatch("opens at 10:00", "opens at 11:30", "note", target)).toBe(true);
    // Another form, or another text around it, still differs.
    expect(volatileMatch("2026-10-15 10:00:00", "2026-10-15", "create_at", target)).toBe(false);
    expect(volatileMatch("ends 2026-11-21", "closed 2026-11-22", "note", target)).toBe(false);
    expect(volatileMatch("Macau", "Taipa", "area", target)).toBe(false);
  });

  it("takes the replay's own host in an absolute URL for the recording's, and no other host", () => {
    expect(volatileMatch("http://127.0.0.1:4010/static/a.svg", "http://127.0.0.1:4600/static/a.svg", "image", target)).toBe(true);
    expect(volatileMatch("http://localhost:4020/static/a.svg?w=2", "http://127.0.0.1:4600/static/a.svg?w=2", "image", target)).toBe(true);
    expect(volatileMatch("http://127.0.0.1:4010/static/a.svg", "http://127.0.0.1:4600/static/b.svg", "image", target)).toBe(false);
    expect(volatileMatch("https://cdn-a.example/a.svg", "https://cdn-b.example/a.svg", "image", target)).toBe(false);
    expect(volatileMatch("http://127.0.0.1:4010/static/a.svg", "http://127.0.0.1:4600/static/a.svg", "image", {})).toBe(false);
  });

  it("matches order and coupon numbers made on another day, and random codes of the same length", () => {
    expect(volatileMatch("MC20261126000013", "MC20261127000013", "orderNo", target)).toBe(true);
    expect(volatileMatch("MC2026112600001301", "MC2026112700001301", "couponNo", target)).toBe(true);
    expect(volatileMatch("MC20261126000013", "MC20261126000014", "orderNo", target)).toBe(false);
    expect(volatileMatch("231307214931", "103596620237", "redemptionCode", target)).toBe(true);
    expect(volatileMatch("231307214931", "1035966", "redemptionCode", target)).toBe(false);
    expect(volatileMatch("WPB265C6BF97C0E78119CFC6D3", "WP5DB8AFE50931DB7C21D830A2", "payment_id", target)).toBe(true);
    // The same values under a name that is not a number's or a code's are compared as they are.
    expect(volatileMatch("231307214931", "103596620237", "title", target)).toBe(false);
  });
});

describe("comparing replies with volatile values", () => {
  const recorded = {
    data: {
      id: 13,
      orderNo: "MC20261126000013",
      image: "http://127.0.0.1:4010/static/offers/01.svg",
      createdAt: 1795644151865,
      coupons: [{ couponNo: "MC2026112600001301", redemptionCode: "698281694214", useUntil: 1800828119740 }],
    },
  };
  const replayed = {
    data: {
      id: 13,
      orderNo: "MC20261127000013",
      image: "http://127.0.0.1:4600/static/offers/01.svg",
      createdAt: 1795730551865,
      coupons: [{ couponNo: "MC2026112700001301", redemptionCode: "103596620237", useUntil: 1800914519740 }],
    },
  };

  it("shows no difference for a purchase replayed on another day and host", () => {
    expect(compareReplies(recorded, replayed, [], target)).toEqual([]);
  });

  it("still names what really changed, with the values as they were", () => {
    const changed = structuredClone(replayed);
    changed.data.id = 14;
    changed.data.orderNo = "MC20261127000014";
    expect(compareReplies(recorded, changed, [], target)).toEqual([
      { path: "data.id", kind: "changed", expected: 13, actual: 14 },
      { path: "data.orderNo", kind: "changed", expected: "MC20261126000013", actual: "MC20261127000014" },
    ]);
  });

  it("compares every value as it is without normalisation (--exact)", () => {
    expect(compareReplies(recorded, replayed).map((difference) => difference.path)).toEqual([
      "data.orderNo",
      "data.image",
      "data.createdAt",
      "data.coupons[0].couponNo",
      "data.coupons[0].redemptionCode",
      "data.coupons[0].useUntil",
    ]);
  });
});

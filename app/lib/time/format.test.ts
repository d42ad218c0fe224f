import { describe, expect, it, vi } from "vitest";
import { formatDate, formatDateTime, formatTime, macauDayOf } from "./format";

describe("dates as the member reads them", () => {
  // 2026-12-21 16:05 UTC is already the 22nd, 00:05, in Macau.
  const at = Date.UTC(2026, 11, 21, 16, 5);

  it("are on Macau's clock, in the member's language", () => {
    expect(formatDate(at, "en")).toBe("22 Dec 2026");
    expect(formatDate(at, "zh")).toBe("2026年12月22日");
    expect(formatDateTime(at, "en")).toBe("22 Dec 2026 00:05");
    expect(formatDateTime(at, "zh")).toBe("2026年12月22日 00:05");
  });

  it("read as Intl writes them for en-GB and zh-HK in Asia/Macau, over forty years of times", () => {
    const date = { en: new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "Asia/Macau" }), zh: new Intl.DateTimeFormat("zh-HK", { dateStyle: "medium", timeZone: "Asia/Macau" }) };
    const time = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "Asia/Macau" });
    const from = Date.UTC(1990, 0, 1);
    const to = Date.UTC(2030, 0, 1);
    // Every month's edges (the last minute before Macau's midnight and the first after) and spread times between.
    const times: number[] = [];
    for (let year = 1990; year < 2030; year++) {
      for (let month = 0; month < 12; month++) times.push(Date.UTC(year, month, 1) - 8 * 3_600_000 - 60_000, Date.UTC(year, month, 1) - 8 * 3_600_000);
    }
    for (let step = 0; step < 2000; step++) times.push(from + Math.floor(((to - from) * step) / 2000) + step * 37_000);
    for (const time0 of times) {
      expect(formatDate(time0, "en")).toBe(date.en.format(time0));
      expect(formatDate(time0, "zh")).toBe(date.zh.format(time0));
      expect(formatTime(time0)).toBe(time.format(time0));
    }
  });

  it("refuse a time that is not a number, as Intl does", () => {
    expect(() => formatDate(Number.NaN, "en")).toThrow(RangeError);
    expect(() => formatTime(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it("never build an Intl formatter (its first build loads zone data while a screen hydrates)", () => {
    const built = vi.spyOn(Intl, "DateTimeFormat");
    try {
      for (let day = 0; day < 50; day++) {
        formatDateTime(at + day * 86_400_000, "en");
        formatDate(at + day * 86_400_000, "zh");
      }
      expect(built).not.toHaveBeenCalled();
    } finally {
      built.mockRestore();
    }
  });

  it("put two times on the same Macau day when their day numbers agree", () => {
    expect(macauDayOf(Date.UTC(2026, 11, 21, 15, 59))).toBe(macauDayOf(Date.UTC(2026, 11, 21, 0, 0)));
    expect(macauDayOf(Date.UTC(2026, 11, 21, 16, 0))).toBe(macauDayOf(Date.UTC(2026, 11, 21, 0, 0)) + 1);
  });
});

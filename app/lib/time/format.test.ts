import { describe, expect, it, vi } from "vitest";
import { formatDate, formatDateTime } from "./format";

describe("dates as the member reads them", () => {
  // 2026-12-21 16:05 UTC is already the 22nd, 00:05, in Macau.
  const at = Date.UTC(2026, 11, 21, 16, 5);

  it("are on Macau's clock, in the member's language", () => {
    expect(formatDate(at, "en")).toBe("22 Dec 2026");
    expect(formatDate(at, "zh")).toBe("2026年12月22日");
    expect(formatDateTime(at, "en")).toBe("22 Dec 2026 00:05");
    expect(formatDateTime(at, "zh")).toBe("2026年12月22日 00:05");
  });

  it("are written by formatters built once, not one per date (a list of coupons formats dozens while it hydrates)", () => {
    // Warm: the formatters of both languages exist after the first dates.
    formatDateTime(at, "en");
    formatDateTime(at, "zh");
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
    expect(formatDate(at + 86_400_000, "en")).toBe("23 Dec 2026");
  });
});

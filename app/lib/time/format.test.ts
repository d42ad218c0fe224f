import { describe, expect, it } from "vitest";
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
});

import { describe, expect, it } from "vitest";
import { sessionTimeLabel } from "./sale-sessions";

const macau = (iso: string) => Date.parse(`${iso}+08:00`);
const t = (key: string, options: Record<string, unknown>) => `${key} ${String(options.time)}`;

describe("a session's start as its tab says it", () => {
  const now = macau("2026-11-22T00:45:00");
  it("counts days of Macau, not of the phone", () => {
    expect(sessionTimeLabel(macau("2026-11-22T15:00:00"), now, t, "en")).toBe("15:00");
    expect(sessionTimeLabel(macau("2026-11-21T23:45:00"), now, t, "en")).toBe("promo.yesterdayAt 23:45");
    expect(sessionTimeLabel(macau("2026-11-23T00:00:00"), now, t, "en")).toBe("promo.tomorrowAt 00:00");
    expect(sessionTimeLabel(macau("2026-11-25T10:00:00"), now, t, "en")).toBe("25 Nov 2026 10:00");
  });
});

import { describe, expect, it } from "vitest";
import { serviceOpen } from "./customer-service";

const macau = (time: string) => Date.parse(`2026-11-21T${time}+08:00`);

describe("customer service hours", () => {
  it("are 09:00 to 21:00 in Macau, whatever the zone of the clock reading them", () => {
    expect(serviceOpen(macau("08:59:59"))).toBe(false);
    expect(serviceOpen(macau("09:00:00"))).toBe(true);
    expect(serviceOpen(macau("20:59:59"))).toBe(true);
    expect(serviceOpen(macau("21:00:00"))).toBe(false);
    // 01:30 UTC is 09:30 in Macau.
    expect(serviceOpen(Date.parse("2026-11-21T01:30:00Z"))).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { formatMoney, formatPoints } from "./format";

describe("money", () => {
  it("has 2 decimals, a $ prefix and comma thousands by default", () => {
    expect(formatMoney(0)).toBe("$0.00");
    expect(formatMoney(5)).toBe("$5.00");
    expect(formatMoney(1234.5)).toBe("$1,234.50");
    expect(formatMoney(1234567.891)).toBe("$1,234,567.89");
    expect(formatMoney(-12.3)).toBe("-$12.30");
  });

  it("takes other decimals, prefixes and separators", () => {
    expect(formatMoney(1234.5, { decimals: 0, prefix: "MOP ", separator: " " })).toBe("MOP 1 235");
  });

  it("groups every length of whole part by threes", () => {
    const grouped = ["$1.00", "$12.00", "$123.00", "$1,234.00", "$12,345.00", "$123,456.00", "$1,234,567.00", "$12,345,678.00"];
    grouped.forEach((text, index) => expect(formatMoney(Number("12345678".slice(0, index + 1)))).toBe(text));
    expect(formatMoney(999999.999)).toBe("$1,000,000.00");
    expect(formatMoney(-1000)).toBe("-$1,000.00");
    expect(formatMoney(1e21)).toBe("$1e+21");
  });

  it("never prints NaN", () => {
    expect(formatMoney(Number.NaN)).toBe("$0.00");
  });

  it("points are whole numbers with thousands", () => {
    expect(formatPoints(12580)).toBe("12,580");
    expect(formatPoints(0)).toBe("0");
    expect(formatPoints(999.9)).toBe("999");
  });
});

import { describe, expect, it } from "vitest";
import { discountLabel, priceRatioPercent } from "./discount";

describe("the discount label", () => {
  it("shows tenths in Chinese and percent off in English", () => {
    expect(discountLabel(85, 100, "zh")).toBe("8.5折");
    expect(discountLabel(85, 100, "en")).toBe("15% OFF");
    expect(discountLabel(80, 100, "zh")).toBe("8折");
    expect(discountLabel(80, 100, "en")).toBe("20% OFF");
    expect(discountLabel(38, 68, "zh")).toBe("5.6折");
    expect(discountLabel(38, 68, "en")).toBe("44% OFF");
  });

  it("is shown at exactly 10% and exactly 95%", () => {
    expect(discountLabel(10, 100, "zh")).toBe("1折");
    expect(discountLabel(10, 100, "en")).toBe("90% OFF");
    expect(discountLabel(95, 100, "zh")).toBe("9.5折");
    expect(discountLabel(95, 100, "en")).toBe("5% OFF");
  });

  it("is not shown outside 10 to 95 percent", () => {
    expect(discountLabel(9.9, 100, "zh")).toBeNull();
    expect(discountLabel(9.9, 100, "en")).toBeNull();
    expect(discountLabel(95.1, 100, "zh")).toBeNull();
    expect(discountLabel(95.1, 100, "en")).toBeNull();
    expect(discountLabel(0, 100, "en")).toBeNull();
    expect(discountLabel(100, 100, "en")).toBeNull();
  });

  it("is not shown without a usable original price", () => {
    expect(discountLabel(10, 0, "en")).toBeNull();
    expect(discountLabel(Number.NaN, 100, "en")).toBeNull();
    expect(priceRatioPercent(1, -5)).toBeNull();
  });
});

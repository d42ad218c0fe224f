/** The countdown's arithmetic: whole seconds left, rounded up, never below zero. */
import { describe, expect, it } from "vitest";
import { countdownParts } from "./countdown";

describe("countdownParts", () => {
  it("splits what is left into hours, minutes and seconds, rounding up a started second", () => {
    expect(countdownParts(3_000)).toEqual({ hours: 0, minutes: 0, seconds: 3 });
    expect(countdownParts(2_001)).toEqual({ hours: 0, minutes: 0, seconds: 3 });
    expect(countdownParts(2_000)).toEqual({ hours: 0, minutes: 0, seconds: 2 });
    expect(countdownParts(10_799_500)).toEqual({ hours: 3, minutes: 0, seconds: 0 });
    expect(countdownParts(26 * 3_600_000 + 61_000)).toEqual({ hours: 26, minutes: 1, seconds: 1 });
  });

  it("stops at zero", () => {
    expect(countdownParts(0)).toEqual({ hours: 0, minutes: 0, seconds: 0 });
    expect(countdownParts(-5_000)).toEqual({ hours: 0, minutes: 0, seconds: 0 });
  });
});

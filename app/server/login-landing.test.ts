import { describe, expect, it } from "vitest";
import { landingOf } from "./login.server";

describe("where a login lands", () => {
  it("is the state's screen, or else the screen the member was sent from, or else home", () => {
    expect(landingOf("/checkIn", "/mycoupon?view=logistics")).toBe("/checkIn");
    expect(landingOf(undefined, "/mycoupon?view=logistics")).toBe("/mycoupon?view=logistics");
    expect(landingOf(undefined, undefined)).toBe("/index");
    // A state that names no screen (routeForState's STAY).
    expect(landingOf(null, "/mycoupon?view=logistics")).toBe("/mycoupon?view=logistics");
    expect(landingOf(null, undefined)).toBe("/index");
  });

  it("keeps the query of the screen the member was sent from when the state names that same screen", () => {
    expect(landingOf("/mycoupon", "/mycoupon?view=logistics")).toBe("/mycoupon?view=logistics");
    expect(landingOf("/coupon_details/5", "/coupon_details/5?from=home")).toBe("/coupon_details/5?from=home");
    expect(landingOf("/coupon_details/5", "/coupon_details/6")).toBe("/coupon_details/5");
  });
});

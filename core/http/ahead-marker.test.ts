import { describe, expect, it } from "vitest";
import { AHEAD_PARAM, aheadHref, withoutAheadMarker } from "./ahead-marker";

describe("the marker of a load asked ahead", () => {
  it("is added to the address a fetcher loads, the rest of it kept", () => {
    expect(aheadHref("/coupon_details/12?from=home")).toBe("/coupon_details/12?from=home&_ahead=1");
    expect(new URL(aheadHref("/classify/咖啡"), "http://x").searchParams.get(AHEAD_PARAM)).toBe("1");
  });

  it("is dropped from a page's address however it is spelled, the other fields kept as they were sent", () => {
    expect(withoutAheadMarker("/coupon_details/12?from=home&_ahead=1")).toBe("/coupon_details/12?from=home");
    expect(withoutAheadMarker("/coupon_details/12?_ahead=1")).toBe("/coupon_details/12");
    expect(withoutAheadMarker("/search?_ahead&q=a+b%20c&_ahead=2")).toBe("/search?q=a+b%20c");
    expect(withoutAheadMarker("/classify/x?%5Fahead=1&sort=price")).toBe("/classify/x?sort=price");
    expect(withoutAheadMarker("/classify/x?sort=price&&x=%zz&%5fahead=")).toBe("/classify/x?sort=price&&x=%zz");
  });

  it("leaves an address without it alone", () => {
    expect(withoutAheadMarker("/coupon_details/12")).toBeNull();
    expect(withoutAheadMarker("/coupon_details/12?from=home&ahead=1&_ahead_=1&x=_ahead")).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { decodeOauthParams, encodeOauthParams } from "./oauth-params";
import { routeForState, stateForPath } from "./state-route";

describe("oauthParams", () => {
  it("reads ':' as '=' and ';' as '&'", () => {
    const params = decodeOauthParams("taskCenterToken:abc123;taskCenterNo:T1;buz:coffee");
    expect(Object.fromEntries(params)).toEqual({ taskCenterToken: "abc123", taskCenterNo: "T1", buz: "coffee" });
  });

  it("keeps percent-encoded values intact", () => {
    expect(decodeOauthParams("buz:%E5%92%96%E5%95%A1").get("buz")).toBe("咖啡");
  });

  it("is empty for a missing value", () => {
    expect([...decodeOauthParams(null)]).toEqual([]);
    expect([...decodeOauthParams("")]).toEqual([]);
  });

  it("round-trips what it encodes", () => {
    const encoded = encodeOauthParams({ buz: "咖啡 & 茶", id: "7" });
    expect(encoded).not.toMatch(/[=&]/);
    expect(Object.fromEntries(decodeOauthParams(encoded))).toEqual({ buz: "咖啡 & 茶", id: "7" });
  });
});

describe("routing by state after login", () => {
  it.each([
    ["store_details/12", "/store_details/12"],
    ["coupon_details/41", "/coupon_details/41"],
    ["mycoupon", "/mycoupon"],
    ["mCoin_zone/2", "/mCoin_zone/2"],
    ["seckill", "/seckill"],
    ["seckill/5", "/seckill/5"],
  ])("%s navigates to %s", (state, to) => {
    expect(routeForState(state)).toEqual({ to, replace: false, secretDoor: false });
  });

  it("takes the id from oauthParams when the state has none", () => {
    expect(routeForState("coupon_details", "id:41").to).toBe("/coupon_details/41");
  });

  it("stays on home when a screen needs an id and none is given", () => {
    expect(routeForState("store_details").to).toBeNull();
  });

  it("a details_link state turns on the secret door and replaces the route", () => {
    expect(routeForState("coupon_details_link/41")).toEqual({ to: "/coupon_details_link/41", replace: true, secretDoor: true });
    expect(routeForState("store_details_link", "id:9")).toEqual({ to: "/store_details_link/9", replace: true, secretDoor: true });
  });

  it("classify opens classify/{buz} from oauthParams", () => {
    expect(routeForState("classify", "buz:coffee;x:1").to).toBe("/classify/coffee");
    expect(routeForState("classify", "buz:%E5%92%96%E5%95%A1").to).toBe(`/classify/${encodeURIComponent("咖啡")}`);
    expect(routeForState("classify").to).toBeNull();
  });

  it("stays on home for an empty, unknown or unsafe state", () => {
    expect(routeForState("").to).toBeNull();
    expect(routeForState(undefined).to).toBeNull();
    expect(routeForState("somewhere_else/1").to).toBeNull();
    expect(routeForState("coupon_details/../../admin").to).toBeNull();
    expect(routeForState("evil_details_link/1").to).toBeNull();
  });

  it("the state for a path leads back to it", () => {
    for (const path of ["/coupon_details/41", "/store_details/12", "/mycoupon", "/mCoin_zone/2", "/seckill", "/coupon_details_link/41"]) {
      const state = stateForPath(path);
      expect(state).not.toBe("");
      expect(routeForState(state).to).toBe(path);
    }
    expect(stateForPath("/myOrder")).toBe("");
  });
});

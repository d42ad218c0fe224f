import { describe, expect, it } from "vitest";
import { matchScreenRoute } from "./route-match";
import { SCREEN_ROUTES, screenRoute } from "./route-table.js";
import en from "./locales/en.json";

/** The spec's route table (section 2): path and name. */
const SPEC = [
  ["/index", "index"], ["/search", "search"], ["/checkIn", "checkIn"], ["/classify/{title}", "classify"],
  ["/classifys/{id}-{title}", "classifys"], ["/flashSale", "flashSale"], ["/mycoupon", "mycoupon"],
  ["/newMyCoupon", "newMyCoupon"], ["/myOrder", "myOrder"], ["/mycoupons/{token}", "mycoupons"],
  ["/coupon_details/{id}", "couponDetails"], ["/coupon_details_link/{id}", "couponDetailsLink"],
  ["/asiaMiles_details/{id}", "asiaMilesDetails"], ["/asiaMiles_order/{id}", "asiaMilesOrderDetails"],
  ["/other_stores/{id}-{productId}-{number}-{type}", "otherStores"], ["/store_details/{id}", "storeDetails"],
  ["/store_details_link/{id}", "storeDetailsLink"], ["/mcoin_integral", "mCoinIntegral"],
  ["/order_details/{id}", "orderDetails"], ["/other_order_details/{id}", "otherOrderDetails"],
  ["/refund_application/{id}", "refundApplication"], ["/error", "error"], ["/loding", "loding"],
  ["/share_coupon/{id}", "shareCoupon"], ["/mCoin_zone/{id}", "mCoinZone"], ["/share_zone/{id}", "shareZone"],
  ["/seckill/{id?}", "seckill"], ["/seckill_share", "seckillShare"], ["/myFavorites", "myFavorites"],
  ["/myAddress", "myAddress"], ["/editAddress/{id?}", "editAddress"], ["/map", "map"],
] as const;

/** A concrete path for a spec path. */
const sample = (path: string) => path.replace(/\{[^}]*\}/g, "7");

describe("the route table", () => {
  it("registers all 32 routes of the spec with their names", () => {
    expect(SCREEN_ROUTES).toHaveLength(32);
    expect(SCREEN_ROUTES.map((route) => route.name)).toEqual(SPEC.map(([, name]) => name));
  });

  it("matches each spec path to its route", () => {
    for (const [path, name] of SPEC) expect(matchScreenRoute(sample(path))?.name, path).toBe(name);
    expect(matchScreenRoute("/seckill")?.name).toBe("seckill");
    expect(matchScreenRoute("/editAddress")?.name).toBe("editAddress");
  });

  it("matches nothing else", () => {
    for (const path of ["/", "/nope", "/index/extra", "/coupon_details", "/Index"]) expect(matchScreenRoute(path), path).toBeUndefined();
  });

  it("titles exactly the spec's seven titled screens", () => {
    const titled = SCREEN_ROUTES.filter((route) => route.titleKey).map((route) => route.name).sort();
    expect(titled).toEqual(["flashSale", "map", "myFavorites", "myOrder", "mycoupon", "newMyCoupon", "refundApplication"].sort());
    for (const route of SCREEN_ROUTES) {
      if (route.titleKey) expect(route.titleKey.split(".").reduce((node: any, key) => node?.[key], en), route.titleKey).toBeTypeOf("string");
    }
  });

  it("every screen has a name in the locale files", () => {
    for (const route of SCREEN_ROUTES) expect((en.screen as Record<string, string>)[route.name], route.name).toBeTypeOf("string");
  });

  it("finds a route by name", () => {
    expect(screenRoute("couponDetailsLink")?.hostBack).toBe(true);
    expect(screenRoute("nothing")).toBeUndefined();
  });
});

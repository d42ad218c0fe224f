import type { ApiClient } from "#core/api/client";
import { ApiError } from "#core/api/errors";
import { describe, expect, it } from "vitest";
import { countsAction, countsLoad } from "./lib/loading/counted-requests";
import en from "./locales/en.json";
import { NOT_FOUND_ROUTE, OTHER_ROUTES, SCREEN_ROUTES, type ScreenRoute } from "./route-table.js";
import { routeIdOf, routeOfId } from "./route-tree";
import { screenOf } from "./screen-handle";
import { gatewayEnvironment } from "./server/config.server";
import { testArgs, testMallContext, testScope } from "./server/testing.server";

/** The spec's route table (section 2): path and name. */
const SPEC = [
  ["/index", "index"],
  ["/search", "search"],
  ["/checkIn", "checkIn"],
  ["/classify/{title}", "classify"],
  ["/classifys/{id}-{title}", "classifys"],
  ["/flashSale", "flashSale"],
  ["/mycoupon", "mycoupon"],
  ["/newMyCoupon", "newMyCoupon"],
  ["/myOrder", "myOrder"],
  ["/mycoupons/{token}", "mycoupons"],
  ["/coupon_details/{id}", "couponDetails"],
  ["/coupon_details_link/{id}", "couponDetailsLink"],
  ["/asiaMiles_details/{id}", "asiaMilesDetails"],
  ["/asiaMiles_order/{id}", "asiaMilesOrderDetails"],
  ["/other_stores/{id}-{productId}-{number}-{type}", "otherStores"],
  ["/store_details/{id}", "storeDetails"],
  ["/store_details_link/{id}", "storeDetailsLink"],
  ["/mcoin_integral", "mCoinIntegral"],
  ["/order_details/{id}", "orderDetails"],
  ["/other_order_details/{id}", "otherOrderDetails"],
  ["/refund_application/{id}", "refundApplication"],
  ["/error", "error"],
  ["/loding", "loding"],
  ["/share_coupon/{id}", "shareCoupon"],
  ["/mCoin_zone/{id}", "mCoinZone"],
  ["/share_zone/{id}", "shareZone"],
  ["/seckill/{id?}", "seckill"],
  ["/seckill_share", "seckillShare"],
  ["/myFavorites", "myFavorites"],
  ["/myAddress", "myAddress"],
  ["/editAddress/{id?}", "editAddress"],
  ["/map", "map"],
] as const;

/** A concrete path for a spec path. */
const sample = (path: string) => path.replace(/\{[^}]*\}/g, "7");

/** Every route module, as the router loads it. */
const MODULES = import.meta.glob<Record<string, unknown>>(["./routes/*.{ts,tsx}", "!./routes/*.test.{ts,tsx}"], { eager: true });
const moduleOf = (route: { file: string }) => MODULES[`./${route.file}`];
const screenOfRoute = (route: ScreenRoute) => screenOf(moduleOf(route)?.handle);

describe("the route table", () => {
  it("registers all 32 routes of the spec with their names, each with a module", () => {
    expect(SCREEN_ROUTES).toHaveLength(32);
    expect(SCREEN_ROUTES.map((route) => route.name)).toEqual(SPEC.map(([, name]) => name));
    for (const route of [...SCREEN_ROUTES, ...OTHER_ROUTES, NOT_FOUND_ROUTE]) expect(moduleOf(route), route.file).toBeDefined();
  });

  it("leads each spec path to its route, by Remix's own matching", () => {
    for (const [path, name] of SPEC) expect(routeIdOf(sample(path)), path).toBe(name);
    expect(routeIdOf("/seckill")).toBe("seckill");
    expect(routeIdOf("/editAddress")).toBe("editAddress");
  });

  it("leads no other path to a screen", () => {
    expect(routeIdOf("/")).toBe("start");
    for (const path of ["/nope", "/index/extra", "/coupon_details", "/Index"]) expect(routeIdOf(path), path).toBe("notFound");
  });

  it("every screen has a name in the locale files", () => {
    for (const route of SCREEN_ROUTES) expect((en.screen as Record<string, string>)[route.name], route.name).toBeTypeOf("string");
  });
});

describe("each screen's handle", () => {
  it("tags the screen with its route name", () => {
    for (const route of SCREEN_ROUTES) expect(screenOfRoute(route)?.analytics, route.name).toBe(route.name);
  });

  it("titles exactly the spec's seven titled screens, with texts the locale files have", () => {
    const titled = SCREEN_ROUTES.filter((route) => route.title)
      .map((route) => route.name)
      .sort();
    expect(titled).toEqual(["flashSale", "map", "myFavorites", "myOrder", "mycoupon", "newMyCoupon", "refundApplication"].sort());
    for (const route of SCREEN_ROUTES) {
      if (route.title)
        expect(
          route.title.split(".").reduce((node: any, key: string) => node?.[key], en),
          route.title,
        ).toBeTypeOf("string");
    }
  });

  it("gives every screen without a title its own back, as a heading band or a round back over its picture", () => {
    expect(SCREEN_ROUTES.filter((route) => route.title && route.header).map((route) => route.name)).toEqual([]);
    // No back of their own: home (the wallet's), search's and a listing's own bars, the token
    // entry (a redirect), the status screens.
    expect(SCREEN_ROUTES.filter((route) => !route.title && !route.header).map((route) => route.name)).toEqual(["index", "search", "classify", "classifys", "mycoupons", "error", "loding"]);
    const floating = SCREEN_ROUTES.filter((route) => route.header === "float").map((route) => route.name);
    expect(floating).toEqual(["couponDetails", "couponDetailsLink", "asiaMilesDetails", "shareCoupon", "mCoinZone", "shareZone"]);
  });

  it("of a screen the spec reaches by two names is the only difference between the two modules", () => {
    const byComponent = new Map<unknown, ScreenRoute[]>();
    for (const route of SCREEN_ROUTES) byComponent.set(moduleOf(route).default, [...(byComponent.get(moduleOf(route).default) ?? []), route]);
    const shared = [...byComponent.values()].filter((routes) => routes.length > 1);
    expect(shared.map((routes) => routes.map((route) => route.name))).toEqual([
      ["classify", "classifys"],
      ["newMyCoupon", "myOrder"],
      ["couponDetails", "couponDetailsLink", "shareCoupon"],
      ["storeDetails", "storeDetailsLink"],
      ["orderDetails", "otherOrderDetails"],
      ["mCoinZone", "shareZone"],
      ["seckill", "seckillShare"],
    ]);
    for (const routes of shared) {
      const [first, ...others] = routes.map((route) =>
        Object.entries(moduleOf(route))
          .filter(([name]) => name !== "handle")
          .sort(([a], [b]) => a.localeCompare(b)),
      );
      for (const other of others) expect(other).toEqual(first);
    }
  });

  it("says which screens are a member's: their loaders, and only theirs, send a visitor to sign in", async () => {
    const loginUrl = gatewayEnvironment(new URL("http://localhost/")).loginUrl;
    const failing = { call: () => Promise.reject(new ApiError("NETWORK", "no gateway", { endpoint: "test" })) } as unknown as ApiClient;
    for (const route of SCREEN_ROUTES) {
      const loader = moduleOf(route).loader as ((args: object) => Promise<unknown>) | undefined;
      if (!loader) continue;
      const url = new URL(sample(route.path.replace(/:(\w+)\??/g, "{$1}")), "http://localhost");
      const mall = testMallContext(await testScope(url.href), () => failing);
      const params = Object.fromEntries([...route.path.matchAll(/:(\w+)/g)].map(([, name]) => [name, "7"]));
      const outcome = await loader(testArgs(mall, params)).catch((thrown: unknown) => thrown);
      const toSignIn = outcome instanceof Response && (outcome.headers.get("location") ?? "").startsWith(loginUrl);
      expect(toSignIn, route.name).toBe(screenOfRoute(route)?.member === true);
    }
  });
});

describe("what the page knows of a route before its module loads", () => {
  it("which screens are quiet (the root calls no gateway there) and which hides the overlay", () => {
    const quiet = [...SCREEN_ROUTES, ...OTHER_ROUTES].filter((route) => route.quiet).map((route) => route.name);
    expect(quiet).toEqual(["error", "loding", "bare"]);
    expect(routeOfId(routeIdOf("/error"))?.quiet).toBe(true);
    expect(routeOfId(routeIdOf("/index"))?.quiet).toBeUndefined();
    expect(SCREEN_ROUTES.filter((route) => route.overlay === "hidden").map((route) => route.name)).toEqual(["index"]);
  });

  it("which requests the overlay counts, by loader and search parameter or by intent; a refresh never", () => {
    // productdetail and checkin are not exempt; the order list, the coupons and the favourites are.
    expect(countsLoad("couponDetails", "")).toBe(true);
    expect(countsLoad("checkIn", "")).toBe(true);
    expect(countsLoad("myOrder", "")).toBe(false);
    expect(countsLoad("myFavorites", "")).toBe(false);
    expect(countsLoad("couponDetails", "?isRefresh=1")).toBe(false);
    // My coupons: the refunds' list is counted, the coupons' (also what any other value shows) is not.
    expect(countsLoad("mycoupon", "?view=refunds")).toBe(true);
    expect(countsLoad("mycoupon", "?view=logistics")).toBe(false);
    expect(countsLoad("mycoupon", "?view=nonsense")).toBe(false);
    expect(countsLoad("resourceWallet", "?list=ledger&page=2")).toBe(true);
    expect(countsLoad("resourceWallet", "?list=coupons&page=2")).toBe(false);
    // Actions by intent: cancelling goes to pay/macaupaycanceljs/ (exempt), deleting is counted.
    expect(countsAction("resourceOrder", "", "cancel")).toBe(false);
    expect(countsAction("resourceOrder", "", "delete")).toBe(true);
    expect(countsAction("couponDetails", "", "collect")).toBe(false);
    expect(countsAction("couponDetails", "", "like")).toBe(true);
    expect(countsAction("resourceSession", "?isRefresh=1", "return")).toBe(false);
    expect(countsAction("resourceOrder", "", null)).toBe(false);
  });

  it("the skeleton a screen shows while it loads, and the title above it", () => {
    const skeletons = Object.fromEntries(SCREEN_ROUTES.flatMap((route) => (route.skeleton ? [[route.name, route.skeleton]] : [])));
    expect(skeletons).toMatchObject({ flashSale: "promo", couponDetails: "offer", myFavorites: "favourites", myOrder: "list", storeDetails: "detail", search: "keywords" });
    // Every screen that waits on the gateway shows one: all but the token entry (a redirect) and the
    // screens that wait on nothing.
    expect(SCREEN_ROUTES.filter((route) => !route.skeleton).map((route) => route.name)).toEqual(["mycoupons", "error", "loding", "map"]);
  });
});

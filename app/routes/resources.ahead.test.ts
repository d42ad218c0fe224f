/**
 * /resources/ahead, a screen's data asked for on the tap's first touch: the page's own data, for the
 * routes that are asked this way only; whatever the page would answer otherwise is a 204 (the tap asks
 * the page), and an address that is not one of the mall's pages is refused before the gateway is asked.
 */
import { describe, expect, it } from "vitest";
import { inProcess, IN_PROCESS_BASE } from "../../sandbox/testing";
import { INTENT_ROUTES } from "../lib/intent-data";
import { createMallServices } from "../server/services.server";
import { testArgs, testMallContext, testScope } from "../server/testing.server";
import { orderList } from "#core/api/shop-endpoints";
import { PAYMENT_TYPES } from "#core/api/vocabulary";
import { loader as milesLoader } from "./asia-miles";
import { loader as checkInLoader } from "./check-in";
import { loader as listingLoader } from "./classify";
import { loader as offerLoader } from "./coupon-details";
import { loader as flashSaleLoader } from "./flash-sale";
import { loader as addressLoader } from "./my-address";
import { loader as walletLoader } from "./my-coupons";
import { loader as favouritesLoader } from "./my-favorites";
import { loader as ordersLoader } from "./my-orders";
import { loader as orderLoader } from "./order-details";
import { loader as searchLoader } from "./search";
import { loader as seckillLoader } from "./seckill";
import { loader as storeLoader } from "./store-details";
import { DATA_AHEAD } from "../server/data-ahead.server";
import { loader } from "./resources.ahead";

const sandbox = inProcess();
const asked: string[] = [];
const services = createMallServices({
  transport: async (request) => {
    asked.push(new URL(request.url).pathname);
    const response = await sandbox.sandbox.handle(new Request(request.url, { method: request.method, headers: request.headers, body: request.body }));
    return { status: response.status, headers: response.headers, text: await response.text() };
  },
});
/** A member with orders of every kind. */
const MEMBER = "mpay-1003";
let token: string | undefined;

async function argsFor(address: string, params: Record<string, string> = {}, member = true) {
  token ??= (await sandbox.request("/member/login", { body: { openId: MEMBER } })).body.data.token as string;
  const mall = testMallContext(await testScope(address, { services, token: member ? token : undefined, environment: { apiBase: IN_PROCESS_BASE } }));
  return testArgs(mall, params);
}

async function ahead(to: string | null, member = true) {
  const search = to === null ? "" : `?${new URLSearchParams({ to })}`;
  const response = (await loader(await argsFor(`http://localhost/resources/ahead${search}`, {}, member))) as Response;
  return { status: response.status, cache: response.headers.get("Cache-Control"), body: response.status === 200 ? ((await response.json()) as Record<string, unknown>) : null };
}

type PageLoader = (args: Awaited<ReturnType<typeof argsFor>>) => Promise<unknown>;

/** The member's own orders: an ordinary one and a third-party voucher. */
async function memberOrders() {
  const orders = (await (await sandbox.client(MEMBER)).call(orderList, { page: 1, size: 50, tab: "all", type: "all" })).data.list;
  return { ordinary: orders.find((order) => order.paymentType === PAYMENT_TYPES.ordinary)!.id, voucher: orders.find((order) => order.paymentType === PAYMENT_TYPES.thirdParty)!.id };
}

describe("/resources/ahead", () => {
  it("answers, for every route asked this way, what its own page loads, as JSON carries it whole, never to be cached", async () => {
    const { ordinary, voucher } = await memberOrders();
    const pages: { route: string; path: string; params: Record<string, string>; load: PageLoader }[] = [
      { route: "couponDetails", path: "/coupon_details/7", params: { id: "7" }, load: offerLoader },
      { route: "mycoupon", path: "/mycoupon", params: {}, load: walletLoader },
      { route: "mycoupon", path: "/mycoupon?view=refunds", params: {}, load: walletLoader },
      { route: "flashSale", path: "/flashSale", params: {}, load: flashSaleLoader },
      { route: "orderDetails", path: `/order_details/${ordinary}`, params: { id: String(ordinary) }, load: orderLoader },
      { route: "otherOrderDetails", path: `/other_order_details/${voucher}`, params: { id: String(voucher) }, load: orderLoader },
      { route: "classify", path: "/classify/coffee?sort=distance", params: { title: "coffee" }, load: listingLoader },
      { route: "classifys", path: "/classifys/1-餐飲美食", params: { idTitle: "1-餐飲美食" }, load: listingLoader },
      { route: "myOrder", path: "/myOrder?tab=unpaid", params: {}, load: ordersLoader },
      { route: "newMyCoupon", path: "/newMyCoupon", params: {}, load: ordersLoader },
      { route: "myAddress", path: "/myAddress", params: {}, load: addressLoader },
      { route: "checkIn", path: "/checkIn", params: {}, load: checkInLoader },
      { route: "seckill", path: "/seckill", params: {}, load: seckillLoader },
      { route: "asiaMilesDetails", path: "/asiaMiles_details/1", params: { id: "1" }, load: milesLoader },
      { route: "myFavorites", path: "/myFavorites?tab=stores", params: {}, load: favouritesLoader },
      { route: "search", path: "/search?keyword=coffee", params: {}, load: searchLoader },
      { route: "storeDetails", path: "/store_details/1", params: { id: "1" }, load: storeLoader },
    ];
    expect(new Set(pages.map((page) => page.route))).toEqual(new Set(Object.keys(DATA_AHEAD)));
    for (const { path, params, load } of pages) {
      const reply = await ahead(path);
      expect(reply.status, path).toBe(200);
      expect(reply.cache, path).toBe("private, no-store");
      const page = ((await load(await argsFor(`http://localhost${path}`, params))) as { data: Record<string, unknown> }).data;
      // Nothing JSON would lose or change (a date, a map, an undefined in a list).
      expect(JSON.parse(JSON.stringify(page)), path).toEqual(page);
      // The gateway's time, and the check-in's fresh key for its form, are the moment's own.
      const { now: _pageNow, idempotencyKey: _pageKey, ...pageData } = page;
      const { now: _aheadNow, idempotencyKey: _aheadKey, ...aheadData } = reply.body!;
      expect(aheadData, path).toEqual(JSON.parse(JSON.stringify(pageData)));
    }
  });

  it("answers 204 where the page would not show its data: no such offer, store, item or product, an id that is not one, a listing its address does not name, a visitor asked to sign in, an order at the other kind's address", async () => {
    const { ordinary } = await memberOrders();
    for (const [to, member] of [
      ["/coupon_details/999999", true],
      ["/coupon_details/abc", true],
      ["/coupon_details/7?buy=1", false],
      ["/mycoupon", false],
      ["/flashSale", false],
      ["/myOrder", false],
      ["/checkIn", false],
      ["/asiaMiles_details/999999", true],
      ["/store_details/999999", true],
      ["/seckill/999999", true],
      ["/classifys/not-a-category", true],
      [`/other_order_details/${ordinary}`, true],
      ["/order_details/999999999", true],
    ] as const) {
      const reply = await ahead(to, member);
      expect(reply.status, to).toBe(204);
      expect(reply.cache, to).toBe("private, no-store");
    }
  });

  it("refuses, asking the gateway nothing, an address that is not a page asked this way", async () => {
    asked.length = 0;
    const hostile = [
      null,
      "",
      "coupon_details/7",
      "//evil.example/coupon_details/7",
      "/\\evil.example/coupon_details/7",
      "https://evil.example/coupon_details/7",
      "/index",
      "/asiaMiles_order/1",
      "/other_stores/1-1-1-1",
      `/coupon_details/7?x=${"a".repeat(600)}`,
      "/resources/ahead?to=/coupon_details/7",
    ];
    for (const to of hostile) {
      const reply = await ahead(to);
      expect(reply.status, String(to)).toBe(400);
    }
    expect(asked).toEqual([]);
  });

  it("answers every route the page asks this way, and no other", () => {
    expect(Object.keys(DATA_AHEAD).sort()).toEqual([...INTENT_ROUTES].sort());
  });
});

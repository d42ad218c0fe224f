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
import { searchProduct, storeInformation } from "#core/api/catalog-endpoints";
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

/**
 * The resource's reply for `to`. As in the mall, the request's context is made from the page's
 * request (the resource asks for it first, with the page's): here it is given, for the page's address.
 */
async function aheadReply(to: string | null, member = true): Promise<Response> {
  const search = to === null ? "" : `?${new URLSearchParams({ to })}`;
  const address = `http://localhost/resources/ahead${search}`;
  const page = to !== null && /^\/(?![/\\])/.test(to) ? `http://localhost${to}` : address;
  return (await loader({ ...(await argsFor(page, {}, member)), request: new Request(address) })) as Response;
}

async function ahead(to: string | null, member = true) {
  const response = await aheadReply(to, member);
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

  it("answers 204 where the page shows something other than its data: no such offer, store, item, product or order, an id that is not one, a listing its address does not name", async () => {
    for (const to of [
      "/coupon_details/999999",
      "/coupon_details/abc",
      "/asiaMiles_details/999999",
      "/store_details/999999",
      "/seckill/999999",
      "/classifys/not-a-category",
      "/order_details/999999999",
    ]) {
      const reply = await ahead(to);
      expect(reply.status, to).toBe(204);
      expect(reply.cache, to).toBe("private, no-store");
    }
  });

  it("answers where the page sends the member, and the page's cookies, as a 202 with X-Remix-Redirect: a visitor to sign in, an order to its own kind's address, 'not login' to sign in again, the gateway's failure to the error route", async () => {
    const { ordinary } = await memberOrders();
    const cases: { path: string; params: Record<string, string>; member: boolean; load: PageLoader; fault?: { path: string; kind: "not-login" | "http500" } }[] = [
      { path: "/coupon_details/7?buy=1", params: { id: "7" }, member: false, load: offerLoader },
      { path: "/mycoupon", params: {}, member: false, load: walletLoader },
      { path: "/checkIn", params: {}, member: false, load: checkInLoader },
      { path: `/other_order_details/${ordinary}`, params: { id: String(ordinary) }, member: true, load: orderLoader },
      { path: "/classifys/1-Food", params: { idTitle: "1-Food" }, member: true, load: listingLoader, fault: { path: searchProduct.path, kind: "not-login" } },
      { path: "/store_details/1", params: { id: "1" }, member: true, load: storeLoader, fault: { path: storeInformation.path, kind: "http500" } },
    ];
    const cookieNames = (headers: Headers) => headers.getSetCookie().map((line) => line.slice(0, line.indexOf("=")));
    for (const { path, params, member, load, fault } of cases) {
      if (fault) sandbox.sandbox.instruments.faults.add({ ...fault, remaining: 1, delayMs: 0 });
      const sent = await load(await argsFor(`http://localhost${path}`, params, member)).then(
        () => null,
        (thrown: unknown) => thrown,
      );
      if (!(sent instanceof Response)) throw new Error(`${path}: the page showed its data`);
      expect(sent.status, path).toBeGreaterThanOrEqual(300);
      if (fault) sandbox.sandbox.instruments.faults.add({ ...fault, remaining: 1, delayMs: 0 });
      const reply = await aheadReply(path, member);
      expect(reply.status, path).toBe(202);
      expect(reply.headers.get("Cache-Control"), path).toBe("private, no-store");
      // The same place, but for the sign-in's one-time nonce, which is each request's own.
      const place = (location: string | null) => location?.replace(/(mall_signin(?:=|%3D))[\w-]+/gi, "$1…");
      expect(place(reply.headers.get("X-Remix-Redirect")), path).toBe(place(sent.headers.get("Location")));
      expect(reply.headers.get("X-Remix-Redirect"), path).toBeTruthy();
      expect(cookieNames(reply.headers).sort(), path).toEqual(cookieNames(sent.headers).sort());
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

/** The sandbox's catalog through the app's own client: lists, filters, sorts, validity and paging (its fixture: catalog-schema.test.ts). */
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  adverts,
  branchList,
  classifyList,
  clearSearchHistory,
  mcoinRecommend,
  popularSearches,
  recommendList,
  recordSearch,
  searchHistory,
  searchProduct,
  searchShop,
  storeInformation,
  zoneDetail,
} from "#core/api/catalog-endpoints";
import { createApiClient } from "#core/api/client";
import { memberLogin } from "#core/api/endpoints";
import { ApiError } from "#core/api/errors";
import { createFetchTransport } from "#core/api/transport";
import { offerBadges } from "#core/catalog/badges";
import { leastCashPrice, toCents, type McoinRules } from "#core/money/purchase";
import { createSandbox } from "./index";

const BASE = "http://gateway.test";
const SENADO = { lat: 22.1935, lng: 113.5397 };
const sandbox = createSandbox();
const server = setupServer(...sandbox.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => sandbox.reset());
afterAll(() => server.close());

const client = (locale = "en", token?: string) => createApiClient({ baseUrl: BASE, transport: createFetchTransport(), locale, token });
const api = client();

async function all(query: Parameters<typeof api.call<typeof recommendList>>[1]) {
  const items = [];
  for (let page = 1; ; page++) {
    const reply = (await api.call(recommendList, { ...query, page, size: 20 })).data;
    items.push(...reply.list);
    if (!reply.hasMore) return { items, total: reply.total };
  }
}

describe("home's list", () => {
  it("pages through every listed offer once", async () => {
    const { items, total } = await all({ tab: "recommend" });
    expect(items).toHaveLength(total);
    expect(new Set(items.map((offer) => offer.id)).size).toBe(total);
    const page = (await api.call(recommendList, { tab: "recommend", page: 1, size: 10 })).data;
    expect(page).toMatchObject({ page: 1, size: 10, hasMore: true });
    expect(page.list).toHaveLength(10);
  });

  it("never lists taken-down or ended offers; lists coming-soon and sold-out ones", async () => {
    const { items } = await all({ tab: "latest" });
    const ids = new Set(items.map((offer) => offer.id));
    for (const offer of sandbox.domain.catalog.raw.offers.filter((item) => item.status === "offline")) expect(ids.has(offer.id)).toBe(false);
    const now = Date.now();
    const badges = items.flatMap((offer) => offerBadges(offer, now));
    expect(badges).toContain("comingSoon");
    expect(badges).toContain("endsToday");
    expect(badges).toContain("soldOut");
  });

  it("sorts by each tab", async () => {
    const sorted = (values: number[], direction: 1 | -1) => values.every((value, i) => i === 0 || direction * (value - values[i - 1]) >= 0);
    expect(
      sorted(
        (await all({ tab: "nearby", ...SENADO })).items.map((offer) => offer.distance!),
        1,
      ),
    ).toBe(true);
    expect(
      sorted(
        (await all({ tab: "price" })).items.map((offer) => offer.price),
        1,
      ),
    ).toBe(true);
    expect(
      sorted(
        (await all({ tab: "price", order: "desc" })).items.map((offer) => offer.price),
        -1,
      ),
    ).toBe(true);
    expect(
      sorted(
        (await all({ tab: "sales" })).items.map((offer) => offer.sold),
        -1,
      ),
    ).toBe(true);
    expect(
      sorted(
        (await all({ tab: "latest" })).items.map((offer) => offer.startAt),
        -1,
      ),
    ).toBe(true);
  });

  it("without a location, has no distances and nearby falls back to recommended", async () => {
    const nearby = await all({ tab: "nearby" });
    const recommended = await all({ tab: "recommend" });
    expect(nearby.items.every((offer) => offer.distance === null)).toBe(true);
    expect(nearby.items.map((offer) => offer.id)).toEqual(recommended.items.map((offer) => offer.id));
  });

  it("filters by mCoin range and price range, half-open, on what a card shows: the mCoin asked for at most, and the MOP price", async () => {
    const asked = (offer: { price: number; mcoinPrice: number; mcoin: McoinRules }) => leastCashPrice({ priceCents: toCents(offer.price), mcoinPrice: offer.mcoinPrice, mcoin: offer.mcoin }).mcoin;
    const mcoin = await all({ tab: "recommend", mcoinMin: 500, mcoinMax: 1000 });
    expect(mcoin.total).toBeGreaterThan(0);
    expect(mcoin.items.every((offer) => asked(offer) >= 500 && asked(offer) < 1000)).toBe(true);
    const price = await all({ tab: "recommend", priceMin: 300 });
    expect(price.items.every((offer) => offer.price >= 300)).toBe(true);
    // A family dinner of 5,980 mCoin asks for 3,000 at most (and MOP 298): it is in 1,000 to 5,000.
    expect((await all({ tab: "recommend", mcoinMin: 1000, mcoinMax: 5000 })).items.map((offer) => offer.id)).toContain(5);
    expect((await all({ tab: "recommend", mcoinMin: 5000 })).items.map((offer) => offer.id)).not.toContain(5);
    // Under 500 mCoin and MOP 300 or more: what mCoin cannot pay for (the MOP 500 shopping voucher, the bedding set).
    const both = await all({ tab: "recommend", mcoinMin: 0, mcoinMax: 500, priceMin: 300 });
    expect(both.items.map((offer) => offer.id).sort((a, b) => a - b)).toEqual([29, 66]);
  });

  it("answers in the caller's language", async () => {
    const en = (await client("en").call(recommendList, { tab: "recommend", size: 1 })).data.list[0];
    const zh = (await client("zh").call(recommendList, { tab: "recommend", size: 1 })).data.list[0];
    expect(en.id).toBe(zh.id);
    expect(en.title).not.toBe(zh.title);
    expect(zh.title).toMatch(/[\u4e00-\u9fff]/);
  });

  it("has hot, top-pick and editors' rails", async () => {
    const rails = (await api.call(mcoinRecommend, {})).data;
    for (const rail of [rails.hot, rails.topPicks, rails.editorsChoice]) expect(rail.length).toBeGreaterThanOrEqual(5);
  });
});

describe("search", () => {
  it("finds by keyword in either language", async () => {
    const coffee = (await api.call(searchProduct, { keyword: "coffee", size: 50 })).data;
    const chinese = (await api.call(searchProduct, { keyword: "咖啡", size: 50 })).data;
    expect(coffee.total).toBeGreaterThanOrEqual(5);
    expect(new Set(chinese.list.map((offer) => offer.id))).toEqual(new Set(coffee.list.map((offer) => offer.id)));
    expect((await api.call(searchProduct, { keyword: "zqxjvw" })).data.total).toBe(0);
  });

  it("filters by category and business district, and sorts", async () => {
    const taipa = (await api.call(searchProduct, { keyword: "coffee", districtId: "taipa", size: 50 })).data.list;
    expect(taipa.length).toBeGreaterThan(0);
    expect(taipa.every((offer) => offer.districtId === "taipa")).toBe(true);
    const category = (await api.call(searchProduct, { categoryId: 2, size: 50 })).data.list;
    expect(category.every((offer) => offer.categoryId === 2)).toBe(true);
    const byDistance = (await api.call(searchProduct, { keyword: "coffee", sort: "distance", size: 50, ...SENADO })).data.list.map((offer) => offer.distance!);
    expect(byDistance).toEqual([...byDistance].sort((a, b) => a - b));
    const byPrice = (await api.call(searchProduct, { keyword: "coffee", sort: "price", size: 50 })).data.list.map((offer) => offer.price);
    expect(byPrice).toEqual([...byPrice].sort((a, b) => a - b));
  });

  it("finds stores, nearest first", async () => {
    const stores = (await api.call(searchShop, { keyword: "coffee", ...SENADO })).data.list;
    expect(stores.length).toBeGreaterThanOrEqual(2);
    expect(stores.map((store) => store.distance!)).toEqual(stores.map((store) => store.distance!).sort((a, b) => a - b));
  });

  it("keeps each member's recent searches, newest first, until cleared", async () => {
    const token = (await api.call(memberLogin, { openId: "mpay-1001" })).data.token;
    const member = client("en", token);
    await member.call(recordSearch, { keyword: "coffee" });
    await member.call(recordSearch, { keyword: "buffet" });
    await member.call(recordSearch, { keyword: " coffee " });
    expect((await member.call(searchHistory)).data.keywords).toEqual(["coffee", "buffet"]);
    const other = client("en", (await api.call(memberLogin, { openId: "mpay-1002" })).data.token);
    expect((await other.call(searchHistory)).data.keywords).toEqual([]);
    await member.call(clearSearchHistory);
    expect((await member.call(searchHistory)).data.keywords).toEqual([]);
    await expect(api.call(searchHistory)).rejects.toMatchObject({ code: "NOT_LOGIN" });
    expect((await api.call(popularSearches)).data.keywords.length).toBeGreaterThanOrEqual(6);
  });

  it("remembers a keyword only when recorded: a search itself, a link's included, writes nothing", async () => {
    const token = (await api.call(memberLogin, { openId: "mpay-1001" })).data.token;
    const member = client("en", token);
    await member.call(searchProduct, { keyword: "planted by a link" });
    expect((await member.call(searchHistory)).data.keywords).toEqual([]);
    await expect(api.call(recordSearch, { keyword: "coffee" })).rejects.toMatchObject({ code: "NOT_LOGIN" });
    for (const body of ['{"keyword":""}', '{"keyword":"   "}', `{"keyword":"${"x".repeat(61)}"}`, '{"keyword":5}', "{}"]) {
      const response = await fetch(`${BASE}/api/auth/searchhistory`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body });
      expect(response.status, body).toBe(400);
    }
    expect((await member.call(searchHistory)).data.keywords).toEqual([]);
    expect((await member.call(recordSearch, { keyword: "x".repeat(60) })).data).toBeNull();
    expect((await member.call(searchHistory)).data.keywords).toEqual(["x".repeat(60)]);
  });
});

describe("stores, zones and ads", () => {
  it("a store has its offers (shown at that store), facilities and other branches", async () => {
    const detail = (await api.call(storeInformation, { id: 3, ...SENADO })).data;
    expect(detail.offers.length).toBeGreaterThan(0);
    expect(detail.offers.every((offer) => offer.storeId === 3)).toBe(true);
    expect(detail.branches.every((branch) => branch.merchantId === detail.store.merchantId && branch.id !== 3)).toBe(true);
    expect(Object.keys(detail.store.facilities)).toEqual(["wifi", "parking", "convenienceStore", "oilChange"]);
    const error = await api.call(storeInformation, { id: 9999 }).catch((caught: unknown) => caught);
    expect((error as ApiError).code).toBe("NOT_FOUND");
  });

  it("branches: a merchant's, or where an offer can be used", async () => {
    const merchant = (await api.call(branchList, { storeId: 3, ...SENADO })).data;
    expect(merchant.list.length).toBeGreaterThan(1);
    const offer = sandbox.domain.catalog.raw.offers.find((item) => item.storeIds.includes(3))!;
    const forOffer = (await api.call(branchList, { storeId: 3, productId: offer.id })).data;
    expect(forOffer.list.map((store) => store.id).sort()).toEqual([...offer.storeIds].sort());
  });

  it("a zone ends when the sandbox's clock passes its end", async () => {
    expect((await api.call(zoneDetail, { id: 1 })).data.zone.ended).toBe(false);
    expect((await api.call(zoneDetail, { id: 2 })).data).toMatchObject({ zone: { ended: true }, offers: [] });
    sandbox.instruments.clock.set(Date.now() + 30 * 86_400_000);
    expect((await api.call(zoneDetail, { id: 1 })).data.zone.ended).toBe(true);
  });

  it("categories, districts and ads are there, and answers every member shares may be cached", async () => {
    const classify = (await api.call(classifyList)).data;
    expect(classify.categories).toHaveLength(8);
    expect(classify.districts.map((district) => district.id)).toEqual(expect.arrayContaining(["macau-central", "taipa", "cotai", "coloane"]));
    const ads = await api.call(adverts, { position: "home" });
    expect(ads.headers.get("cache-control")).toBe("public, max-age=60");
    expect(ads.data.list.find((ad) => ad.type === 4)?.appId).toBeTruthy();
    const token = (await api.call(memberLogin, { openId: "mpay-1001" })).data.token;
    expect((await client("en", token).call(searchHistory)).headers.get("cache-control")).toBeNull();
  });
});

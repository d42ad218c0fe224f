/**
 * Buying through the app's own API client, answered in-process: what each endpoint answers, every
 * refusal's shape in both languages, idempotency keys, and the catalog showing live numbers.
 */
import { afterEach, describe, expect, it } from "vitest";
import { recommendList, searchProduct } from "#core/api/catalog-endpoints";
import { basicInformation } from "#core/api/endpoints";
import { ApiError } from "#core/api/errors";
import { IDEMPOTENCY_HEADER, cancelPayment, collectOffer, collectionCheck, createOrder, likeOffer, mcoinLedger, offerDetail, orderList, orderStatus, shopRefusal } from "#core/api/shop-endpoints";
import { freshKey, inProcess, withKey } from "../testing";

const SAM = "mpay-1005";
const CHAN = "mpay-1001";
const SENADO = { lat: 22.1935, lng: 113.5397 };
const purchase = { offerId: 7, quantity: 2, mcoinUsed: 300 };

let current = inProcess();
afterEach(() => {
  current = inProcess();
});

/** The ApiError a call is refused with (a success fails the test). */
const refusal = (call: Promise<unknown>): Promise<ApiError> =>
  call.then(
    () => expect.fail("expected a refusal"),
    (error: unknown) => (expect(error).toBeInstanceOf(ApiError), error as ApiError),
  );

const digest = async () => (await current.request("/__sandbox/state")).body.digest as string;

describe("refusals", () => {
  it("are HTTP 200 with code 409, the spec's message in the caller's language and the reason", async () => {
    await current.request("/__sandbox/offers/7", { method: "PATCH", body: { stock: 1 } });
    const clients = { en: await current.client(SAM, "en"), zh: await current.client(SAM, "zh") };
    const before = await digest();
    for (const [locale, msg] of [
      ["en", "Out of Stock"],
      ["zh", "庫存不足"],
    ] as const) {
      const error = await refusal(clients[locale].call(createOrder, purchase, withKey()));
      expect(error).toMatchObject({ code: "BUSINESS", status: 200, message: msg, body: { code: 409, msg, data: { reason: "OUT_OF_STOCK" } } });
      expect(shopRefusal(error.body)).toBe("OUT_OF_STOCK");
    }
    expect(await digest()).toBe(before);
  });

  it("keep the spec's words for mCoin and a taken-down offer, and change nothing", async () => {
    const api = await current.client(SAM);
    const before = await digest();
    const messages = {
      INSUFFICIENT_MCOIN: "Insufficient mCoin!",
      MCOIN_NOT_ALLOWED: "Insufficient mCoin balance. Please select again.",
      TAKEN_DOWN: "This offer is no longer available.",
    };
    expect(await refusal(api.call(createOrder, { ...purchase, mcoinUsed: 600 }, withKey()))).toMatchObject({ message: messages.INSUFFICIENT_MCOIN });
    expect(await refusal(api.call(createOrder, { ...purchase, mcoinUsed: 250 }, withKey()))).toMatchObject({ message: messages.MCOIN_NOT_ALLOWED });
    expect(await refusal(api.call(createOrder, { ...purchase, offerId: 10, mcoinUsed: 0 }, withKey()))).toMatchObject({ message: messages.TAKEN_DOWN });
    expect(await digest()).toBe(before);
  });

  it("another member's order is not found: resultCode 404, as if it did not exist", async () => {
    const chan = await current.client(CHAN);
    const order = (await chan.call(createOrder, { ...purchase, quantity: 1 }, withKey())).data;
    const sam = await current.client(SAM, "zh");
    for (const call of [sam.call(orderStatus, { orderId: order.id }), sam.call(orderStatus, { orderId: 999 }), sam.call(cancelPayment, { orderId: order.id }, withKey())]) {
      const error = await refusal(call);
      expect(error).toMatchObject({ code: "NOT_FOUND", body: { code: 404, resultCode: "404", msg: "找不到此訂單", data: { reason: "ORDER_NOT_FOUND" } } });
      expect(shopRefusal(error.body)).toBe("ORDER_NOT_FOUND");
    }
    expect((await chan.call(orderStatus, { orderId: order.id })).data.status).toBe("awaiting_payment");
  });

  it("'Unable to cancel the order' once it is no longer awaiting payment", async () => {
    const api = await current.client(SAM);
    const order = (await api.call(createOrder, purchase, withKey())).data;
    expect((await api.call(cancelPayment, { orderId: order.id }, withKey())).data).toMatchObject({ status: "closed" });
    const error = await refusal(api.call(cancelPayment, { orderId: order.id }, withKey()));
    expect(error).toMatchObject({ message: "Unable to cancel the order", body: { code: 409, data: { reason: "CANNOT_CANCEL" } } });
  });

  it("a malformed order is 400 and changes nothing", async () => {
    const authorization = `Bearer ${(await current.client(SAM)).options.token}`;
    const before = await digest();
    for (const body of [{ ...purchase, quantity: -1 }, { ...purchase, quantity: 1.5 }, { ...purchase, mcoinUsed: -10 }, { offerId: 7 }, { ...purchase, offerId: "x" }]) {
      const response = await current.request("/api/business/snapup", { body, headers: { authorization, [IDEMPOTENCY_HEADER]: freshKey() } });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect(await digest()).toBe(before);
  });
});

describe("idempotency keys", () => {
  it("are required by the calls that change money: 400 IDEMPOTENCY_KEY_REQUIRED without a good one", async () => {
    const api = await current.client(SAM);
    const before = await digest();
    for (const options of [undefined, withKey("short"), withKey("has spaces in it, sixteen+")]) {
      const error = await refusal(api.call(createOrder, purchase, options));
      expect(error).toMatchObject({ code: "HTTP", status: 400, body: { code: 400, data: { reason: "IDEMPOTENCY_KEY_REQUIRED" } } });
    }
    await refusal(api.call(cancelPayment, { orderId: 1 }));
    expect(await digest()).toBe(before);
  });

  it("answer a repeat with the first reply and no second effect", async () => {
    const api = await current.client(SAM);
    const options = withKey();
    const first = (await api.call(createOrder, purchase, options)).data;
    const again = await api.call(createOrder, purchase, options);
    expect(again.data).toEqual(first);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect((await api.call(mcoinLedger)).data).toMatchObject({ balance: 200, total: 2 });
    expect((await api.call(orderList)).data.total).toBe(1);
  });

  it("a burst of the same request with one key makes one order", async () => {
    const api = await current.client(SAM);
    const options = withKey();
    const replies = await Promise.all(Array.from({ length: 20 }, () => api.call(createOrder, purchase, options)));
    expect(new Set(replies.map((reply) => reply.data.id)).size).toBe(1);
    expect((await api.call(orderList)).data.total).toBe(1);
    expect((await api.call(basicInformation)).data.point).toBe(200);
  });

  it("refuse a key reused for another request (422), changing nothing", async () => {
    const api = await current.client(SAM);
    const options = withKey();
    await api.call(createOrder, purchase, options);
    const before = await digest();
    const error = await refusal(api.call(createOrder, { ...purchase, quantity: 1 }, options));
    expect(error).toMatchObject({ status: 422, body: { code: 422, data: { reason: "IDEMPOTENCY_KEY_REUSED" } } });
    expect(await digest()).toBe(before);
  });

  it("belong to one member: another member's same key is their own", async () => {
    const options = withKey();
    const sam = (await (await current.client(SAM)).call(createOrder, purchase, options)).data;
    const chan = (await (await current.client(CHAN)).call(createOrder, purchase, options)).data;
    expect(chan.id).not.toBe(sam.id);
  });

  it("do not remember a refusal: the same request is tried again", async () => {
    const api = await current.client(SAM);
    const options = withKey();
    await current.request("/__sandbox/offers/7", { method: "PATCH", body: { stock: 0 } });
    expect(shopRefusal((await refusal(api.call(createOrder, purchase, options))).body)).toBe("SOLD_OUT");
    await current.request("/__sandbox/offers/7", { method: "PATCH", body: { stock: 5 } });
    expect((await api.call(createOrder, purchase, options)).data.status).toBe("awaiting_payment");
  });

  it("are kept for any POST that carries one", async () => {
    const api = await current.client(SAM);
    const options = withKey();
    expect((await api.call(likeOffer, { offerId: 7, liked: true }, options)).data.liked).toBe(true);
    expect(shopRefusal((await refusal(api.call(likeOffer, { offerId: 7, liked: false }, options))).body)).toBe("IDEMPOTENCY_KEY_REUSED");
  });
});

describe("an offer's detail", () => {
  it("shows the price in cents, the mCoin rules, the live stock and the stores nearest first", async () => {
    const detail = (await (await current.client()).call(offerDetail, { id: 7, ...SENADO })).data;
    expect(detail).toMatchObject({
      id: 7,
      title: "Pork chop bun with iced milk tea",
      priceCents: 3800,
      originalPriceCents: 5600,
      mcoinPrice: 380,
      mcoin: { step: 100, minPerPiece: 0, maxPerPiece: 380 },
      limitPerMember: 6,
      boughtByMember: null,
      availability: "available",
      paymentType: 0,
      stock: 160,
      liked: false,
      collected: false,
    });
    expect(detail.images).toHaveLength(3);
    expect(detail.images[0]).toBe(detail.image);
    expect(detail.useUntil).toBeGreaterThan(detail.endAt);
    const distances = detail.stores.map((store) => store.distance ?? 0);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(detail.stores[0]).toMatchObject({ lat: expect.any(Number), lng: expect.any(Number) });
  });

  it("with a member's token, what they hold, liked and collected", async () => {
    const api = await current.client(SAM);
    const { likes } = (await api.call(offerDetail, { id: 7 })).data;
    await api.call(createOrder, purchase, withKey());
    expect((await api.call(likeOffer, { offerId: 7, liked: true })).data).toEqual({ liked: true, likes: likes + 1 });
    expect((await api.call(likeOffer, { offerId: 7, liked: true })).data).toEqual({ liked: true, likes: likes + 1 });
    expect((await api.call(collectOffer, { offerId: 7, collected: true })).data).toEqual({ collected: true });
    expect((await api.call(offerDetail, { id: 7 })).data).toMatchObject({ boughtByMember: 2, liked: true, collected: true, stock: 158, likes: likes + 1 });
    expect((await (await current.client(CHAN)).call(offerDetail, { id: 7 })).data).toMatchObject({ boughtByMember: 0, liked: false, collected: false });
    expect((await api.call(likeOffer, { offerId: 7, liked: false })).data).toEqual({ liked: false, likes });
    await expect(api.call(likeOffer, { offerId: 999, liked: true })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(api.call(collectOffer, { offerId: 999, collected: true })).rejects.toMatchObject({ code: "NOT_FOUND" });
    // A store's stars: which of these the member has favourited (each once, unknown ids simply not).
    await api.call(collectOffer, { offerId: 3, collected: true });
    expect((await api.call(collectionCheck, { offerIds: "1,3,7,7,999" })).data).toEqual({ collected: [3, 7] });
    expect((await (await current.client(CHAN)).call(collectionCheck, { offerIds: "3,7" })).data).toEqual({ collected: [] });
    await expect(api.call(collectionCheck, { offerIds: "1,,2" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("says why it cannot be bought, and 404 for an unknown offer", async () => {
    const api = await current.client();
    const availability = async (id: number) => (await api.call(offerDetail, { id })).data.availability;
    expect(await availability(6)).toBe("sold_out");
    expect(await availability(10)).toBe("taken_down");
    expect(await availability(20)).toBe("not_started");
    await current.request("/__sandbox/clock", { body: { now: Date.now() + 3 * 86_400_000 } });
    expect(await availability(11)).toBe("ended");
    await expect(api.call(offerDetail, { id: 999 })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await api.call(offerDetail, { id: 35 })).data.paymentType).toBe(9);
    expect((await api.call(offerDetail, { id: 9 })).data.paymentType).toBe(11);
  });
});

describe("the member's money", () => {
  it("basic information's point, revision and pending follow the ledger and the orders", async () => {
    const api = await current.client(SAM);
    expect((await api.call(basicInformation)).data).toMatchObject({ point: 500, revision: 0, pending: 0, count: 0 });
    const order = (await api.call(createOrder, purchase, withKey())).data;
    const afterBuy = (await api.call(basicInformation)).data;
    expect(afterBuy).toMatchObject({ point: 200, pending: 1 });
    expect(afterBuy.revision).toBeGreaterThan(0);
    await current.request("/__wallet/pay", { body: { orderNo: order.orderNo, amountCents: order.cashCents, outcome: "paid" } });
    const afterPay = (await api.call(basicInformation)).data;
    expect(afterPay).toMatchObject({ point: 246, pending: 0, count: 2 });
    expect(afterPay.revision).toBeGreaterThan(afterBuy.revision);
  });

  it("lists orders newest first, by tab with counts, and the ledger newest first, earned or spent", async () => {
    const api = await current.client(CHAN);
    const first = (await api.call(createOrder, { ...purchase, quantity: 1, mcoinUsed: 100 }, withKey())).data;
    const second = (await api.call(createOrder, { ...purchase, quantity: 1, mcoinUsed: 380 }, withKey())).data;
    await api.call(cancelPayment, { orderId: first.id }, withKey());
    const orders = (await api.call(orderList, { size: 1 })).data;
    expect(orders).toMatchObject({ total: 2, hasMore: true, list: [{ id: second.id }] });
    // Paid in full with mCoin, the second is received; the first closed: both are in "all" only.
    const unpaid = (await api.call(orderList, { tab: "unpaid" })).data;
    expect(unpaid.list).toEqual([]);
    expect(unpaid.counts).toEqual({ all: 2, unpaid: 0, unshipped: 0, shipped: 0, completed: 0, refund: 0, after_sale: 0 });
    const ledger = (await api.call(mcoinLedger)).data;
    expect(ledger.balance).toBe(12580 - 380);
    expect(ledger.list.map((entry) => [entry.type, entry.amount])).toEqual([
      ["purchase_released", 100],
      ["purchase", -380],
      ["purchase", -100],
      ["opening", 12580],
    ]);
    expect((await api.call(mcoinLedger, { direction: "spent" })).data.list.map((entry) => entry.amount)).toEqual([-380, -100]);
    expect((await api.call(mcoinLedger, { direction: "earned" })).data.list.map((entry) => entry.amount)).toEqual([100, 12580]);
  });

  it("the catalog's lists show the live stock and sold count", async () => {
    const api = await current.client(SAM);
    await api.call(createOrder, purchase, withKey());
    const listed = (await api.call(searchProduct, { keyword: "pork chop" })).data.list.find((offer) => offer.id === 7);
    expect(listed).toMatchObject({ stock: 158, sold: 2485 });
    await current.request("/__sandbox/offers/7", { method: "PATCH", body: { status: "offline" } });
    const home = (await api.call(recommendList, { size: 50 })).data.list;
    expect(home.some((offer) => offer.id === 7)).toBe(false);
  });
});

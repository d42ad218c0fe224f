/** The controls scenarios use for money: an offer's stock and status, a member's balance, ledger and orders. */
import { describe, expect, it } from "vitest";
import { basicInformation, macaupassSave, userAddressSave } from "#core/api/endpoints";
import { createOrder } from "#core/api/shop-endpoints";
import { MAX_FAILED_CODES_PER_MINUTE } from "../domain/till";
import { inProcess, withKey } from "../testing";

describe("/__sandbox/offers/:id", () => {
  it("shows and sets an offer's live stock and status", async () => {
    const sandbox = inProcess();
    expect((await sandbox.request("/__sandbox/offers/7")).body).toEqual({ id: 7, stock: 160, sold: 2483, likes: expect.any(Number), status: "online" });
    const patched = await sandbox.request("/__sandbox/offers/7", { method: "PATCH", body: { stock: 5, status: "offline" } });
    expect(patched).toMatchObject({ status: 200, body: { id: 7, stock: 5, status: "offline" } });
    expect((await sandbox.request("/__sandbox/offers/7")).body).toMatchObject({ stock: 5, sold: 2483, status: "offline" });
  });

  it("refuses bad input (400) and offers that do not exist (404), changing nothing", async () => {
    const sandbox = inProcess();
    const before = (await sandbox.request("/__sandbox/state")).body.digest;
    for (const body of [{ stock: -1 }, { stock: 1.5 }, { stock: "5" }, { stock: 1e10 }, { status: "gone" }, { sold: 0 }]) {
      expect((await sandbox.request("/__sandbox/offers/7", { method: "PATCH", body })).status, JSON.stringify(body)).toBe(400);
    }
    for (const id of ["999", "0", "-1", "abc", "__proto__", "constructor", "1e3"]) {
      expect((await sandbox.request(`/__sandbox/offers/${id}`, { method: "PATCH", body: { stock: 1 } })).status, id).toBe(404);
      expect((await sandbox.request(`/__sandbox/offers/${id}`)).status, id).toBe(404);
    }
    expect((await sandbox.request("/__sandbox/state")).body.digest).toBe(before);
  });
});

describe("a member's money through the controls", () => {
  it("setting point writes an adjustment entry, and every view shows the ledger's balance", async () => {
    const sandbox = inProcess();
    expect((await sandbox.request("/__sandbox/members/mpay-1005", { method: "PATCH", body: { point: 900 } })).status).toBe(200);
    const ledger = (await sandbox.request("/__sandbox/members/mpay-1005/ledger")).body;
    expect(ledger).toMatchObject({
      openId: "mpay-1005",
      balance: 900,
      entries: [
        { type: "opening", amount: 500 },
        { type: "adjustment", amount: 400, balanceAfter: 900 },
      ],
    });
    expect((await sandbox.request("/__sandbox/members")).body.members).toContainEqual(expect.objectContaining({ openId: "mpay-1005", point: 900 }));
    expect((await sandbox.request("/__sandbox/state")).body.members).toContainEqual(expect.objectContaining({ openId: "mpay-1005", point: 900 }));
    expect((await (await sandbox.client("mpay-1005")).call(basicInformation)).data.point).toBe(900);
    const signInPage = await sandbox.sandbox.handle(new Request("http://127.0.0.1:4999/oauth/authorize?lang=en&redirect_uri=http://localhost:3000/index"));
    expect(await signInPage.text()).toContain("900");
  });

  it("lists a member's orders as the gateway keeps them, and 404 for a member who does not exist", async () => {
    const sandbox = inProcess();
    const order = (await (await sandbox.client("mpay-1005")).call(createOrder, { offerId: 7, quantity: 1, mcoinUsed: 100 }, withKey())).data;
    expect((await sandbox.request("/__sandbox/members/mpay-1005/orders")).body).toMatchObject({ openId: "mpay-1005", orders: [{ id: order.id, openId: "mpay-1005", status: "awaiting_payment" }] });
    for (const path of ["/__sandbox/members/nobody/orders", "/__sandbox/members/__proto__/ledger"]) {
      expect((await sandbox.request(path)).status, path).toBe(404);
    }
  });
});

describe("the merchant's side: /__sandbox/redeem and /__sandbox/ship", () => {
  it("redeems a code once, even when two tills send it at the same moment; bad codes are 400, unknown ones 409", async () => {
    const sandbox = inProcess();
    const api = await sandbox.client("mpay-1005");
    const order = (await api.call(createOrder, { offerId: 53, quantity: 1, mcoinUsed: 50 }, withKey())).data;
    const code = order.coupons[0].redemptionCode;
    const storeId = sandbox.sandbox.domain.catalog.offer(53)!.storeIds[0];
    const [first, second] = await Promise.all([sandbox.request("/__sandbox/redeem", { body: { code, storeId } }), sandbox.request("/__sandbox/redeem", { body: { code, storeId } })]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const [won, lost] = first.status === 200 ? [first, second] : [second, first];
    expect(won.body).toMatchObject({ ok: true, orderNo: order.orderNo, couponNo: order.coupons[0].couponNo, status: "used", orderStatus: "used", storeId, store: expect.any(String) });
    expect(lost.body).toMatchObject({ ok: false, reason: "ALREADY_USED" });
    expect((await sandbox.request("/__sandbox/redeem", { body: { code: "12345", storeId } })).status).toBe(400);
    expect((await sandbox.request("/__sandbox/redeem", { body: { code, storeId, extra: 1 } })).status).toBe(400);
    expect((await sandbox.request("/__sandbox/redeem", { body: { code: "000000000000", storeId } })).body).toMatchObject({ reason: "CODE_INVALID" });
  });

  it("is a store's till: without a store it is 400, an unknown store 404, and a code of an offer not sold there redeems nothing", async () => {
    const sandbox = inProcess();
    const api = await sandbox.client("mpay-1005");
    const order = (await api.call(createOrder, { offerId: 53, quantity: 1, mcoinUsed: 50 }, withKey())).data;
    const code = order.coupons[0].redemptionCode;
    const { catalog } = sandbox.sandbox.domain;
    const elsewhere = Array.from({ length: 200 }, (_, index) => index + 1).find((id) => catalog.store(id) && !catalog.offer(53)!.storeIds.includes(id))!;
    const digest = (await sandbox.request("/__sandbox/state")).body.digest;
    const withoutStore = await sandbox.request("/__sandbox/redeem", { body: { code } });
    expect(withoutStore.status).toBe(400);
    expect(withoutStore.body.error).toMatch(/^storeId/);
    expect((await sandbox.request("/__sandbox/redeem", { body: { code, storeId: 999_999 } })).status).toBe(404);
    expect((await sandbox.request("/__sandbox/redeem", { body: { code, storeId: elsewhere } })).body).toMatchObject({ ok: false, reason: "CODE_INVALID" });
    expect((await sandbox.request("/__sandbox/state")).body.digest).toBe(digest);
  });

  it("stops a store's till for the rest of the minute after 10 codes that redeem nothing, saying so; other stores go on", async () => {
    const sandbox = inProcess();
    const { domain, instruments } = sandbox.sandbox;
    const { clock } = instruments;
    clock.set(Date.now(), true);
    const api = await sandbox.client("mpay-1005");
    const order = (await api.call(createOrder, { offerId: 53, quantity: 1, mcoinUsed: 50 }, withKey())).data;
    const code = order.coupons[0].redemptionCode;
    const [storeId] = domain.catalog.offer(53)!.storeIds;
    const other = Array.from({ length: 200 }, (_, index) => index + 1).find((id) => domain.catalog.store(id) && id !== storeId)!;
    const guesses = Array.from({ length: MAX_FAILED_CODES_PER_MINUTE }, (_, index) => String(100_000_000_000 + index * 7919));
    for (const guess of guesses) expect((await sandbox.request("/__sandbox/redeem", { body: { code: guess, storeId } })).status).toBe(409);
    // The eleventh attempt, even the right code, is refused before any code is looked at.
    const stopped = await sandbox.request("/__sandbox/redeem", { body: { code, storeId } });
    expect(stopped.status).toBe(429);
    expect(stopped.headers.get("retry-after")).toBe("60");
    expect(stopped.body).toMatchObject({ ok: false, reason: "TOO_MANY_FAILED_CODES", retryAfterSeconds: 60 });
    expect(stopped.body.error).toMatch(new RegExp(`^store ${storeId}'s till entered 10 codes that redeem nothing within a minute; it may try again in 60 s$`));
    expect(order.coupons[0].status).toBe("unused");
    // Another store's till is not stopped by it.
    expect((await sandbox.request("/__sandbox/redeem", { body: { code: guesses[0], storeId: other } })).status).toBe(409);
    // A minute after its first failure, the till may go on.
    clock.set(clock.now() + 59_999, true);
    expect((await sandbox.request("/__sandbox/redeem", { body: { code, storeId } })).status).toBe(429);
    clock.set(clock.now() + 1, true);
    expect((await sandbox.request("/__sandbox/redeem", { body: { code, storeId } })).body).toMatchObject({ ok: true, status: "used" });
  });

  it("ships paid goods once; an unknown order is 404", async () => {
    const sandbox = inProcess();
    const api = await sandbox.client("mpay-1001");
    const order = (await api.call(createOrder, { offerId: 64, quantity: 1, mcoinUsed: 90 }, withKey())).data;
    expect(order.status).toBe("awaiting_shipment");
    expect((await sandbox.request("/__sandbox/ship", { body: { orderNo: order.orderNo } })).body).toMatchObject({ ok: true, status: "awaiting_receipt" });
    expect((await sandbox.request("/__sandbox/ship", { body: { orderNo: order.orderNo } })).status).toBe(409);
    expect((await sandbox.request("/__sandbox/ship", { body: { orderNo: "MC00000000999999" } })).status).toBe(404);
    expect((await sandbox.request("/__sandbox/ship", { body: { orderNo: "<script>" } })).status).toBe(400);
  });
});

describe("a replay's persona: PUT /__sandbox/members/:openId and its login code", () => {
  const persona = {
    nickname: "Alex Lee",
    point: 1200,
    count: 2,
    revision: 3,
    addresses: [{ id: 500, isDefault: 1, name: "Alex Lee", areaCode: "+853", mobile: "66001122", area: "澳門半島", address: "官也街 12 號" }],
    nextAddressId: 507,
  };

  it("creates the member as given, and the same call again changes nothing", async () => {
    const sandbox = inProcess();
    expect(await sandbox.request("/__sandbox/members/p-7f3a9c21", { method: "PUT", body: persona })).toMatchObject({ status: 200, body: { ok: true, openId: "p-7f3a9c21", created: true } });
    const client = await sandbox.client("p-7f3a9c21");
    expect((await client.call(basicInformation, {})).data).toEqual({ amount: 0, point: 1200, count: 2, revision: 3, pending: 0 });
    const digest = (await sandbox.request("/__sandbox/state")).body.digest;
    expect(await sandbox.request("/__sandbox/members/p-7f3a9c21", { method: "PUT", body: persona })).toMatchObject({ status: 200, body: { created: false } });
    expect((await sandbox.request("/__sandbox/state")).body.digest).toBe(digest);
    // The next new address gets the id the recording showed.
    const saved = await client.call(userAddressSave, { name: "Sam", areaCode: "+853", mobile: "66000001", area: "澳門半島", address: "新馬路 1 號" }, withKey());
    expect(saved.data.id).toBe(507);
    expect(saved.data.snatchList.map((address) => address.id)).toEqual([500, 507]);
  });

  it("refuses what a member cannot hold (400), an address id another member holds (409), and open ids that are none (404)", async () => {
    const sandbox = inProcess();
    const before = (await sandbox.request("/__sandbox/state")).body.digest;
    const [address] = persona.addresses;
    for (const body of [
      { point: -1 },
      { addresses: [{ ...address, mobile: "12345678" }] },
      { addresses: [address, { ...address, isDefault: 0 }] },
      { addresses: [{ ...address, isDefault: 0 }] },
      { addresses: Array.from({ length: 11 }, (_, index) => ({ ...address, id: index + 1, isDefault: index === 0 ? 1 : 0 })) },
      { openId: "x" },
    ]) {
      expect((await sandbox.request("/__sandbox/members/p-new", { method: "PUT", body })).status, JSON.stringify(body)).toBe(400);
    }
    // Address 1 is a demo member's (mpay-1001's, fixtures/members).
    expect((await sandbox.request("/__sandbox/members/p-new", { method: "PUT", body: { addresses: [{ ...address, id: 1 }] } })).status).toBe(409);
    expect((await sandbox.request("/__sandbox/members/a%20b", { method: "PUT", body: {} })).status).toBe(404);
    expect((await sandbox.request("/__sandbox/state")).body.digest).toBe(before);
  });

  it("hands a login code for the wallet's sign-in, whatever the mall's origins; none for a member it does not know", async () => {
    const sandbox = inProcess({ mallOrigins: ["http://localhost:3200"] });
    const { code } = (await sandbox.request("/__sandbox/members/mpay-1002/login-code", { method: "POST" })).body;
    const client = await sandbox.client();
    expect((await client.call(macaupassSave, { code, state: "" })).data).toMatchObject({ open_id: "mpay-1002" });
    expect((await sandbox.request("/__sandbox/members/nobody/login-code", { method: "POST" })).status).toBe(404);
  });

  it("needs the control token like every control", async () => {
    const sandbox = inProcess({ controlToken: "the-token-of-this-test" });
    expect((await sandbox.request("/__sandbox/members/p-7f3a9c21", { method: "PUT", body: persona })).status).toBe(401);
    expect((await sandbox.request("/__sandbox/members/mpay-1001/login-code", { method: "POST" })).status).toBe(401);
    expect((await sandbox.request("/__sandbox/members/p-7f3a9c21", { method: "PUT", body: persona, headers: { "x-sandbox-token": "the-token-of-this-test" } })).status).toBe(200);
  });
});

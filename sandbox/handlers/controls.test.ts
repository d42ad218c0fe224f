/** The controls scenarios use for money: an offer's stock and status, a member's balance, ledger and orders. */
import { describe, expect, it } from "vitest";
import { basicInformation } from "../../app/lib/api/endpoints";
import { createOrder } from "../../app/lib/api/shop-endpoints";
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
    expect(ledger).toMatchObject({ openId: "mpay-1005", balance: 900, entries: [{ type: "opening", amount: 500 }, { type: "adjustment", amount: 400, balanceAfter: 900 }] });
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

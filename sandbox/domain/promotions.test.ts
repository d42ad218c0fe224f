/**
 * Promotions at their edges: flash-sale orders and seckill snap-ups (limits when the order is placed,
 * stock under a burst, the canary, the session's clock). The daily check-in has its own tests
 * (check-in.test.ts).
 */
import { describe, expect, it } from "vitest";
import { seckillInfo, seckillProduct, seckillSnapUp } from "#core/api/promotion-endpoints";
import { inProcess, withKey } from "../testing";
import { PAYMENT_WINDOW_MS } from "./order-book";
import { ANA, CHAN, LEI, SAM, expectLedgersSum, later, paid, setup } from "./test-support";

const HOUR = 3_600_000;
/** Seckill item 1: MOP 1, no mCoin, stock 10, 1 per member, in session 1 (running from -1h to +3h). */
const DOLLAR_BUN = 1;
/** Item 2: 100 mCoin and no cash, 2 per member. */
const MCOIN_PANCAKES = 2;
/** Item 4: session 2, from +3h. Item 6: the canary session. */
const LATER_BUFFET = 4;
const CANARY = 6;
/** The member in the canary (graySeckill in fixtures/members.json). */
const WONG_MEMBER = "mpay-1003";

describe("flash sales", () => {
  it("lists the running session and those to come, and an order of a flash-sale offer is a flash_sale one", () => {
    const { state } = setup();
    const sessions = state.promotions.flashSessions();
    expect(sessions.map((session) => session.id)).toEqual([1, 2, 3]);
    const order = state.orders.place(CHAN, { offerId: 69, quantity: 1, mcoinUsed: 0, adult: false });
    expect(order).toMatchObject({ ok: true, value: { orderKind: "flash_sale" } });
    expect(state.orders.place(CHAN, { offerId: 72, quantity: 1, mcoinUsed: 0, adult: false })).toEqual({ ok: false, reason: "NOT_STARTED" });
    expect(state.orders.place(CHAN, { offerId: 71, quantity: 1, mcoinUsed: 0, adult: false })).toEqual({ ok: false, reason: "SOLD_OUT" });
    // Four hours on, the first session has ended and the second is on.
    later(state, 4 * HOUR + 1);
    expect(state.promotions.flashSessions().map((session) => session.id)).toEqual([2, 3]);
    expect(state.orders.place(CHAN, { offerId: 69, quantity: 1, mcoinUsed: 0, adult: false })).toEqual({ ok: false, reason: "ENDED" });
    expect(state.orders.place(CHAN, { offerId: 72, quantity: 1, mcoinUsed: 0, adult: false })).toMatchObject({ ok: true });
  });
});

describe("seckill snap-ups", () => {
  it("enforce the limit per member when the order is placed, count an unpaid order, and free the piece when it closes", () => {
    const { state } = setup();
    const first = state.promotions.snapUp(ANA, DOLLAR_BUN);
    expect(first).toMatchObject({ ok: true, value: { orderKind: "seckill", cashCents: 100, mcoinUsed: 0, status: "awaiting_payment", seckillItemId: DOLLAR_BUN } });
    expect(state.promotions.snapUp(ANA, DOLLAR_BUN)).toEqual({ ok: false, reason: "LIMIT_REACHED" });
    expect(state.data.seckills.get("1")).toEqual({ stock: 9, sold: 1 });
    // The seckill's pieces are the item's, not the offer's: the ordinary offer's limit is untouched.
    expect(state.orders.piecesHeld(ANA, 7)).toBe(0);
    later(state, PAYMENT_WINDOW_MS + 1);
    expect(state.promotions.seckill(DOLLAR_BUN, false)?.live).toEqual({ stock: 10, sold: 0 });
    expect(state.promotions.snapUp(ANA, DOLLAR_BUN)).toMatchObject({ ok: true });
  });

  it("settle an mCoin-only piece at once, and refuse a member without the mCoin", () => {
    const { state } = setup();
    const outcome = state.promotions.snapUp(SAM, MCOIN_PANCAKES);
    expect(outcome).toMatchObject({ ok: true, value: { status: "received", mcoinUsed: 100, cashCents: 0, amountCents: 1000 } });
    expect(state.books.balance(SAM)).toBe(400);
    expect(state.promotions.snapUp(LEI, MCOIN_PANCAKES)).toEqual({ ok: false, reason: "INSUFFICIENT_MCOIN" });
    expectLedgersSum(state);
  });

  it("open and close with their session, on the sandbox clock", () => {
    const { state } = setup();
    expect(state.promotions.snapUp(CHAN, LATER_BUFFET)).toEqual({ ok: false, reason: "NOT_STARTED" });
    later(state, 3 * HOUR + 1);
    expect(state.promotions.snapUp(CHAN, LATER_BUFFET)).toMatchObject({ ok: true });
    expect(state.promotions.snapUp(ANA, DOLLAR_BUN)).toEqual({ ok: false, reason: "ENDED" });
  });

  it("show the canary session only with the gray-scale flag, and sell it only to a member who has it", () => {
    const { state } = setup();
    expect(state.promotions.seckillSessions(false).map(({ session }) => session.id)).toEqual([1, 2]);
    expect(state.promotions.seckillSessions(true).map(({ session }) => session.id)).toEqual([1, 3, 2]);
    expect(state.promotions.snapUp(CHAN, CANARY)).toEqual({ ok: false, reason: "TAKEN_DOWN" });
    expect(state.promotions.snapUp(WONG_MEMBER, CANARY)).toMatchObject({ ok: true });
  });

  it("decide the canary from the member, never from the caller's gray flag", async () => {
    const sandbox = inProcess({ history: false });
    const chan = await sandbox.client(CHAN);
    const before = (await sandbox.request("/__sandbox/state")).body.digest;
    await expect(chan.call(seckillSnapUp, { itemId: CANARY, gray: 1 }, withKey())).rejects.toMatchObject({ body: { data: { reason: "TAKEN_DOWN" } } });
    expect((await sandbox.request("/__sandbox/state")).body.digest, "nothing sold").toBe(before);
    expect((await chan.call(seckillInfo, { gray: 1 })).data.sessions.map((session) => session.id)).toEqual([1, 2]);
    await expect(chan.call(seckillProduct, { id: CANARY, gray: 1 })).rejects.toThrow();
    const anonymous = await sandbox.client();
    expect((await anonymous.call(seckillInfo, { gray: 1 })).data.sessions.map((session) => session.id)).toEqual([1, 2]);
    // A member with the flag sees and buys it, whatever the mall passes.
    const wong = await sandbox.client(WONG_MEMBER);
    expect((await wong.call(seckillInfo, { gray: 0 })).data.sessions.map((session) => session.id)).toEqual([1, 3, 2]);
    expect((await wong.call(seckillSnapUp, { itemId: CANARY, gray: 0 }, withKey())).data.orderNo).toMatch(/^MC/);
  });

  it("sell exactly the stock to as many members when a burst arrives at once through the gateway", async () => {
    const sandbox = inProcess({ history: false });
    const { domain, store } = sandbox.sandbox;
    const members = Array.from({ length: 40 }, (_, index) => `burst-${index}`);
    for (const openId of members) domain.members.add({ openId, point: 0, graySeckill: false });
    const clients = await Promise.all(members.map((openId) => sandbox.client(openId)));
    const replies = await Promise.allSettled(Array.from({ length: 200 }, (_, index) => clients[index % clients.length].call(seckillSnapUp, { itemId: DOLLAR_BUN, gray: 0 }, withKey())));
    expect(replies.filter((reply) => reply.status === "fulfilled")).toHaveLength(10);
    const winners = members.filter((openId) => domain.promotions.seckillHeld(openId, DOLLAR_BUN) > 0);
    expect(winners).toHaveLength(10);
    expect(store.data.seckills.get("1")).toEqual({ stock: 0, sold: 10 });
    const info = await clients[0].call(seckillInfo, { gray: 0 });
    expect(info.data.sessions[0].items[0]).toMatchObject({ id: DOLLAR_BUN, stock: 0, sold: 10, total: 10 });
  });

  it("pay like any order: a paid snap-up gives its coupon", () => {
    const { state } = setup();
    const outcome = state.promotions.snapUp(ANA, DOLLAR_BUN);
    if (!outcome.ok) throw new Error(outcome.reason);
    expect(state.orders.notice(paid(outcome.value))).toMatchObject({ ok: true, value: { status: "received" } });
    expect(outcome.value.coupons).toHaveLength(1);
    expectLedgersSum(state);
  });
});

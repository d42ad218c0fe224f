/**
 * Promotions at their edges: flash-sale orders, seckill snap-ups (limits when the order is placed,
 * stock under a burst, the canary, the session's clock) and Asia Miles (limits at midnight in Macau
 * and at month end, the airline account, the airline's answer).
 */
import { describe, expect, it } from "vitest";
import { seckillInfo, seckillProduct, seckillSnapUp, milesRedeem } from "#core/api/promotion-endpoints";
import { inProcess, withKey } from "../testing";
import { MILES_PROCESSING_MS, PAYMENT_WINDOW_MS } from "./shop";
import { macauMonth, maskMemberNo, milesLimit, milesUsed } from "./promotions";
import { ANA, CHAN, LEI, SAM, expectLedgersSum, later, paid, setup } from "./test-support";

const macau = (iso: string) => Date.parse(`${iso}+08:00`);
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
const WONG = { lastName: "Wong", firstName: "mei  ling", memberNo: "1300000001" };

describe("flash sales", () => {
  it("lists the running session and those to come, and an order of a flash-sale offer is a flash_sale one", () => {
    const { state, shop } = setup();
    const sessions = shop.flashSessions();
    expect(sessions.map((session) => session.id)).toEqual([1, 2, 3]);
    const order = shop.createOrder(CHAN, { offerId: 69, quantity: 1, mcoinUsed: 0, adult: false });
    expect(order).toMatchObject({ ok: true, value: { orderKind: "flash_sale" } });
    expect(shop.createOrder(CHAN, { offerId: 72, quantity: 1, mcoinUsed: 0, adult: false })).toEqual({ ok: false, reason: "NOT_STARTED" });
    expect(shop.createOrder(CHAN, { offerId: 71, quantity: 1, mcoinUsed: 0, adult: false })).toEqual({ ok: false, reason: "SOLD_OUT" });
    // Four hours on, the first session has ended and the second is on.
    later(state, 4 * HOUR + 1);
    expect(shop.flashSessions().map((session) => session.id)).toEqual([2, 3]);
    expect(shop.createOrder(CHAN, { offerId: 69, quantity: 1, mcoinUsed: 0, adult: false })).toEqual({ ok: false, reason: "ENDED" });
    expect(shop.createOrder(CHAN, { offerId: 72, quantity: 1, mcoinUsed: 0, adult: false })).toMatchObject({ ok: true });
  });
});

describe("seckill snap-ups", () => {
  it("enforce the limit per member when the order is placed, count an unpaid order, and free the piece when it closes", () => {
    const { state, shop } = setup();
    const first = shop.snapUp(ANA, DOLLAR_BUN);
    expect(first).toMatchObject({ ok: true, value: { orderKind: "seckill", cashCents: 100, mcoinUsed: 0, status: "awaiting_payment", seckillItemId: DOLLAR_BUN } });
    expect(shop.snapUp(ANA, DOLLAR_BUN)).toEqual({ ok: false, reason: "LIMIT_REACHED" });
    expect(state.data.seckills.get("1")).toEqual({ stock: 9, sold: 1 });
    // The seckill's pieces are the item's, not the offer's: the ordinary offer's limit is untouched.
    expect(shop.piecesHeld(ANA, 7)).toBe(0);
    later(state, PAYMENT_WINDOW_MS + 1);
    expect(shop.seckill(DOLLAR_BUN, false)?.live).toEqual({ stock: 10, sold: 0 });
    expect(shop.snapUp(ANA, DOLLAR_BUN)).toMatchObject({ ok: true });
  });

  it("settle an mCoin-only piece at once, and refuse a member without the mCoin", () => {
    const { state, shop } = setup();
    const outcome = shop.snapUp(SAM, MCOIN_PANCAKES);
    expect(outcome).toMatchObject({ ok: true, value: { status: "received", mcoinUsed: 100, cashCents: 0, amountCents: 1000 } });
    expect(shop.balance(SAM)).toBe(400);
    expect(shop.snapUp(LEI, MCOIN_PANCAKES)).toEqual({ ok: false, reason: "INSUFFICIENT_MCOIN" });
    expectLedgersSum(state);
  });

  it("open and close with their session, on the sandbox clock", () => {
    const { state, shop } = setup();
    expect(shop.snapUp(CHAN, LATER_BUFFET)).toEqual({ ok: false, reason: "NOT_STARTED" });
    later(state, 3 * HOUR + 1);
    expect(shop.snapUp(CHAN, LATER_BUFFET)).toMatchObject({ ok: true });
    expect(shop.snapUp(ANA, DOLLAR_BUN)).toEqual({ ok: false, reason: "ENDED" });
  });

  it("show the canary session only with the gray-scale flag, and sell it only to a member who has it", () => {
    const { shop } = setup();
    expect(shop.seckillSessions(false).map(({ session }) => session.id)).toEqual([1, 2]);
    expect(shop.seckillSessions(true).map(({ session }) => session.id)).toEqual([1, 3, 2]);
    expect(shop.snapUp(CHAN, CANARY)).toEqual({ ok: false, reason: "TAKEN_DOWN" });
    expect(shop.snapUp(WONG_MEMBER, CANARY)).toMatchObject({ ok: true });
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
    const control = sandbox.sandbox.state;
    const members = Array.from({ length: 40 }, (_, index) => `burst-${index}`);
    for (const openId of members) control.addMember({ openId, point: 0, graySeckill: false });
    const clients = await Promise.all(members.map((openId) => sandbox.client(openId)));
    const replies = await Promise.allSettled(Array.from({ length: 200 }, (_, index) => clients[index % clients.length].call(seckillSnapUp, { itemId: DOLLAR_BUN, gray: 0 }, withKey())));
    expect(replies.filter((reply) => reply.status === "fulfilled")).toHaveLength(10);
    const winners = members.filter((openId) => control.shop.seckillHeld(openId, DOLLAR_BUN) > 0);
    expect(winners).toHaveLength(10);
    expect(control.data.seckills.get("1")).toEqual({ stock: 0, sold: 10 });
    const info = await clients[0].call(seckillInfo, { gray: 0 });
    expect(info.data.sessions[0].items[0]).toMatchObject({ id: DOLLAR_BUN, stock: 0, sold: 10, total: 10 });
  });

  it("pay like any order: a paid snap-up gives its coupon", () => {
    const { state, shop } = setup();
    const outcome = shop.snapUp(ANA, DOLLAR_BUN);
    if (!outcome.ok) throw new Error(outcome.reason);
    expect(shop.notice(paid(outcome.value))).toMatchObject({ ok: true, value: { status: "received" } });
    expect(outcome.value.coupons).toHaveLength(1);
    expectLedgersSum(state);
  });
});

describe("Asia Miles limits", () => {
  const limits = { dailyMaxMiles: 1000, monthlyMaxMiles: 2550, minMiles: 100 };
  const redeemed = (iso: string, miles: number, status: "credited" | "refunded" = "credited") => ({ createdAt: macau(iso), miles, status });

  it("count days of Macau: a redemption at 23:59:59 is yesterday's at midnight", () => {
    const history = [redeemed("2026-11-20T23:59:59.999", 1000)];
    expect(milesUsed(history, macau("2026-11-20T23:59:59.999"))).toEqual({ today: 1000, thisMonth: 1000 });
    expect(milesLimit(milesUsed(history, macau("2026-11-20T23:59:59.999")), 100, limits)).toBe("MILES_DAILY_LIMIT");
    expect(milesUsed(history, macau("2026-11-21T00:00:00"))).toEqual({ today: 0, thisMonth: 1000 });
    expect(milesLimit(milesUsed(history, macau("2026-11-21T00:00:00")), 1000, limits)).toBeNull();
  });

  it("count calendar months of Macau: the month's miles start again on the 1st", () => {
    const history = [redeemed("2026-11-29T10:00:00", 1000), redeemed("2026-11-30T23:59:00", 1000)];
    const lastMinute = milesUsed(history, macau("2026-11-30T23:59:59"));
    expect(lastMinute).toEqual({ today: 1000, thisMonth: 2000 });
    expect(milesLimit({ today: 0, thisMonth: 2000 }, 1000, limits)).toBe("MILES_MONTHLY_LIMIT");
    expect(milesUsed(history, macau("2026-12-01T00:00:00"))).toEqual({ today: 0, thisMonth: 0 });
    expect(macauMonth(Date.parse("2026-11-30T16:00:00Z"))).toBe("2026-12");
  });

  it("refuse any step once what is left of the month is below the smallest, before the daily limit", () => {
    expect(milesLimit({ today: 0, thisMonth: 2500 }, 100, limits)).toBe("MILES_BELOW_STANDARD");
    expect(milesLimit({ today: 1000, thisMonth: 2451 }, 100, limits)).toBe("MILES_BELOW_STANDARD");
    expect(milesLimit({ today: 0, thisMonth: 2450 }, 100, limits)).toBeNull();
    expect(milesLimit({ today: 0, thisMonth: 2450 }, 300, limits)).toBe("MILES_MONTHLY_LIMIT");
  });

  it("do not count a refunded redemption", () => {
    expect(milesUsed([redeemed("2026-11-21T10:00:00", 1000, "refunded")], macau("2026-11-21T12:00:00"))).toEqual({ today: 0, thisMonth: 0 });
  });

  it("mask a membership number but its last 4 digits", () => {
    expect(maskMemberNo("1300000001")).toBe("••••••0001");
  });
});

describe("Asia Miles redemptions", () => {
  const wong = (mcoin: number) => ({ productId: 1, ...WONG, mcoin });

  it("need an airline account under this name, an offered step and the mCoin; each refusal changes nothing", () => {
    const { state, shop } = setup();
    state.setClock(macau("2026-11-10T10:00:00"), true);
    const before = JSON.stringify(shop.ledger(CHAN));
    expect(shop.redeemMiles(CHAN, { ...wong(1000), memberNo: "1300000002" })).toEqual({ ok: false, reason: "MILES_ACCOUNT_NOT_FOUND" });
    expect(shop.redeemMiles(CHAN, { ...wong(1000), memberNo: "1999999999" })).toEqual({ ok: false, reason: "MILES_ACCOUNT_NOT_FOUND" });
    expect(shop.redeemMiles(CHAN, wong(1500))).toEqual({ ok: false, reason: "MILES_STEP_INVALID" });
    expect(shop.redeemMiles(SAM, wong(1000))).toEqual({ ok: false, reason: "INSUFFICIENT_MCOIN" });
    expect(JSON.stringify(shop.ledger(CHAN))).toBe(before);
    expect(shop.milesOrders(CHAN)).toHaveLength(0);
  });

  it("spend the mCoin at once, stay redeeming until the airline answers, then are credited", () => {
    const { state, shop } = setup();
    state.setClock(macau("2026-11-10T10:00:00"), true);
    const outcome = shop.redeemMiles(CHAN, wong(3000));
    expect(outcome).toMatchObject({ ok: true, value: { status: "redeeming", miles: 300, mcoin: 3000, lastName: "WONG", creditedAt: null } });
    expect(shop.ledger(CHAN)[0]).toMatchObject({ type: "miles", amount: -3000 });
    later(state, MILES_PROCESSING_MS);
    expect(shop.milesOrders(CHAN)[0]).toMatchObject({ status: "credited", creditedAt: state.now() });
    expectLedgersSum(state);
  });

  it("give the mCoin back when the airline refuses a suspended account, and the refund frees the limit", () => {
    const { state, shop } = setup();
    state.setClock(macau("2026-11-10T10:00:00"), true);
    const balance = shop.balance(CHAN);
    expect(shop.redeemMiles(CHAN, { productId: 1, lastName: "Lei", firstName: "Ka Hou", memberNo: "1300000009", mcoin: 10000 })).toMatchObject({ ok: true });
    expect(shop.redeemMiles(CHAN, wong(1000))).toEqual({ ok: false, reason: "MILES_DAILY_LIMIT" });
    later(state, MILES_PROCESSING_MS);
    const [refunded] = shop.milesOrders(CHAN);
    expect(refunded).toMatchObject({ status: "refunded", refund: { method: "mcoin", reason: "ACCOUNT_SUSPENDED" } });
    expect(shop.balance(CHAN)).toBe(balance);
    expect(shop.redeemMiles(CHAN, wong(10000))).toMatchObject({ ok: true });
    expectLedgersSum(state);
  });

  it("walk a month to its limits: daily, monthly, then below the standard", () => {
    const { state, shop } = setup();
    const WONG_ID = "mpay-1003"; // 56,800 mCoin
    state.setClock(macau("2026-11-10T10:00:00"), true);
    expect(shop.redeemMiles(WONG_ID, wong(10000))).toMatchObject({ ok: true });
    expect(shop.redeemMiles(WONG_ID, wong(1000))).toEqual({ ok: false, reason: "MILES_DAILY_LIMIT" });
    state.setClock(macau("2026-11-11T10:00:00"), true);
    expect(shop.redeemMiles(WONG_ID, wong(10000))).toMatchObject({ ok: true });
    state.setClock(macau("2026-11-12T10:00:00"), true);
    expect(shop.redeemMiles(WONG_ID, wong(10000))).toEqual({ ok: false, reason: "MILES_MONTHLY_LIMIT" });
    expect(shop.redeemMiles(WONG_ID, wong(5000))).toMatchObject({ ok: true });
    expect(shop.redeemMiles(WONG_ID, wong(1000))).toEqual({ ok: false, reason: "MILES_BELOW_STANDARD" });
    state.setClock(macau("2026-12-01T00:00:00"), true);
    expect(shop.milesProduct(WONG_ID, 1)).toMatchObject({ use: { today: 0, thisMonth: 0 } });
    expect(shop.redeemMiles(WONG_ID, wong(1000))).toMatchObject({ ok: true });
  });

  it("redeem once for one key, however many times it is sent at once", async () => {
    const sandbox = inProcess({ history: false });
    const api = await sandbox.client(CHAN);
    const key = withKey();
    await Promise.allSettled(Array.from({ length: 5 }, () => api.call(milesRedeem, wong(1000), key)));
    expect(sandbox.sandbox.state.shop.milesOrders(CHAN)).toHaveLength(1);
  });
});

/** The audit of the money outside orders (audit-promotions.ts): books kept by the rules pass, and each way to break one rule is named. */
import { describe, expect, it } from "vitest";
import { auditMoney, type MoneyView } from "./audit";
import { rebalance } from "./audit-support";
import { macauDay } from "./check-in";
import { MILES_PROCESSING_MS } from "./miles";
import { ANA, CHAN, SAM, later, paid, setup, type World } from "./test-support";

const macau = (iso: string) => Date.parse(`${iso}+08:00`);
const WONG = { productId: 1, lastName: "Wong", firstName: "Mei Ling", memberNo: "1300000001" };
const DOLLAR_BUN = 1;
/** What the domain's auditView shows: a copy. */
const audited = (state: World): MoneyView => JSON.parse(JSON.stringify(state.auditView())) as MoneyView;

/** Books with check-ins over three days, an mCoin coupon used and one not, miles redeemed and refunded, and seckill pieces. */
function promotionsDay() {
  const { state } = setup();
  const before = audited(state);
  expect(state.promotions.checkIn(SAM).ok).toBe(true);
  expect(state.afterSale.redeemCode(CHAN, "MCOIN-500").ok).toBe(true);
  expect(state.afterSale.redeemCode(CHAN, "WELCOME-100").ok).toBe(true);
  expect(state.afterSale.useMcoinCoupon(CHAN, 1).ok).toBe(true);
  expect(state.miles.redeem(CHAN, { ...WONG, mcoin: 3000 }).ok).toBe(true);
  expect(state.miles.redeem(CHAN, { ...WONG, lastName: "Lei", firstName: "Ka Hou", memberNo: "1300000009", mcoin: 1000 }).ok).toBe(true);
  const snapped = state.promotions.snapUp(ANA, DOLLAR_BUN);
  if (!snapped.ok) throw new Error(snapped.reason);
  expect(state.orders.notice(paid(snapped.value)).ok).toBe(true);
  later(state, 24 * 3_600_000);
  expect(state.promotions.checkIn(SAM).ok).toBe(true);
  later(state, MILES_PROCESSING_MS);
  return { state, before, after: audited(state) };
}

describe("the audit of check-ins, mCoin coupons, Asia Miles and seckill", () => {
  it("finds nothing in books the rules kept, with or without the state before", () => {
    const { before, after } = promotionsDay();
    expect(after.promotions?.miles.redemptions).toHaveLength(2);
    expect(auditMoney(after)).toEqual([]);
    expect(auditMoney(after, before)).toEqual([]);
  });

  it("names a second check-in for a day of Macau, and a reward off the ladder", () => {
    const { after, before } = promotionsDay();
    const ledger = after.accounts[SAM].ledger;
    const day = macauDay(ledger.find((entry) => entry.type === "check_in")!.at);
    const first = ledger.find((entry) => entry.type === "check_in")!;
    ledger.push({ ...first, amount: 15 });
    rebalance(ledger);
    after.members.find((member) => member.openId === SAM)!.point = ledger.at(-1)!.balanceAfter;
    expect(auditMoney(after, before)).toEqual([
      `${SAM} entry ${ledger.length} (check_in 15): a second check-in for ${day} (Macau), after entry ${first.seq}: one check-in a day`,
      `${SAM} entry ${ledger.length} (check_in 15): not a step of the check-in ladder`,
    ]);
  });

  it("names an mCoin coupon's mCoin that came in twice, or for a coupon not used", () => {
    const { after, before } = promotionsDay();
    const ledger = after.accounts[CHAN].ledger;
    const used = ledger.find((entry) => entry.type === "mcoin_coupon")!;
    ledger.push({ ...used });
    rebalance(ledger);
    after.members.find((member) => member.openId === CHAN)!.point = ledger.at(-1)!.balanceAfter;
    expect(auditMoney(after, before)).toEqual([`${CHAN} entry ${ledger.length} (mcoin_coupon 500): no used mCoin coupon of 500 at ${used.at}: a coupon's mCoin comes in once, when it is used`]);
    const unused = after.accounts[CHAN].mcoinCoupons!.find((coupon) => coupon.status === "unused")!;
    unused.status = "used";
    unused.usedAt = unused.useUntil + 1;
    expect(auditMoney(after, before)).toContain(`${CHAN} mCoin coupon ${unused.id} (100 mCoin, used): used at ${unused.usedAt}, after its last day ${unused.useUntil}`);
    expect(auditMoney(after, before)).toContain(`${CHAN} mCoin coupon ${unused.id} (100 mCoin, used): used, but no mcoin_coupon entry of 100 at ${unused.usedAt}`);
  });

  it("names miles over the daily or monthly maximum, and a refund the airline did not give", () => {
    const { after, before } = promotionsDay();
    const [credited, refunded] = after.promotions!.miles.redemptions;
    expect([credited.status, refunded.status]).toEqual(["credited", "refunded"]);
    refunded.status = "credited";
    expect(auditMoney(after, before)).toEqual([
      `${CHAN} miles ${refunded.orderNo} (100 miles for 1000 mCoin, credited): refund entries [1000], expected []: the mCoin comes back only when the airline refused`,
    ]);
    refunded.status = "refunded";
    after.promotions!.miles.dailyMaxMiles = 250;
    after.promotions!.miles.monthlyMaxMiles = 200;
    expect(auditMoney(after, before)).toEqual([
      `${CHAN} miles ${credited.orderNo} (300 miles for 3000 mCoin, credited): 300 miles on ${macauDay(credited.createdAt)} (Macau), over the daily maximum of 250`,
      `${CHAN} miles ${credited.orderNo} (300 miles for 3000 mCoin, credited): 300 miles in ${macauDay(credited.createdAt).slice(0, 7)} (Macau), over the monthly maximum of 200`,
    ]);
  });

  it("names a miles entry of no redemption of the member's", () => {
    const { after, before } = promotionsDay();
    const [credited] = after.promotions!.miles.redemptions;
    credited.openId = ANA;
    const problems = auditMoney(after, before);
    const entry = after.accounts[CHAN].ledger.find((candidate) => candidate.orderNo === credited.orderNo)!;
    expect(problems).toContain(`${CHAN} entry ${entry.seq} (miles -3000): names miles redemption ${credited.orderNo}, which is not this member's`);
    expect(problems).toContain(`${ANA} miles ${credited.orderNo} (300 miles for 3000 mCoin, credited): miles entries [], expected [-3000]`);
  });

  it("names a member over a seckill item's limit, an order outside its session, and stock that does not follow the orders", () => {
    const { after, before } = promotionsDay();
    const order = after.orders.find((candidate) => candidate.seckillItemId === DOLLAR_BUN)!;
    // A second piece, unpaid (so that only the seckill rules are broken).
    after.orders.push({ ...order, id: order.id + 1000, status: "awaiting_payment", mcoinEarned: 0, paymentId: null, payments: [] });
    const item = after.promotions!.seckills.find((candidate) => candidate.id === DOLLAR_BUN)!;
    expect(auditMoney(after, before)).toEqual([
      `${ANA} seckill item ${DOLLAR_BUN} (session 1): holds 2 pieces, over its limit of 1 a member`,
      `seckill item ${DOLLAR_BUN}: stock went from 10 to 9, but the pieces its orders hold changed by 2`,
    ]);
    after.orders.pop();
    order.createdAt = item.endAt + 1;
    expect(auditMoney(after, before)).toEqual([
      `order ${order.id} (${ANA}, ${order.status}) of seckill item ${DOLLAR_BUN}: placed at ${item.endAt + 1}, outside session 1 (${item.startAt} to ${item.endAt})`,
    ]);
  });
});

describe("the clock cannot grant a second check-in for a day of Macau", () => {
  it("refuses a day already checked in on, whatever order the clock visits days in, and counts the streak by the days' dates", () => {
    const { state } = setup();
    state.setClock(macau("2026-11-21T09:00:00"));
    expect(state.promotions.checkIn(SAM)).toMatchObject({ ok: true, value: { reward: 10, streak: 1 } });
    state.setClock(macau("2026-11-22T09:00:00"));
    expect(state.promotions.checkIn(SAM)).toMatchObject({ ok: true, value: { reward: 10, streak: 2 } });
    // Back to each day, in any order: both are done.
    for (const iso of ["2026-11-21T20:00:00", "2026-11-22T23:00:00", "2026-11-21T00:00:00"]) {
      state.setClock(macau(iso));
      expect(state.promotions.checkIn(SAM), iso).toEqual({ ok: false, reason: "ALREADY_CHECKED_IN" });
      expect(state.promotions.checkInStatus(SAM), iso).toMatchObject({ checkedInToday: true, rewardToday: 0 });
    }
    // A day before both is a day of its own, and the 21st follows it: a streak of 3 ending on the 22nd.
    state.setClock(macau("2026-11-20T12:00:00"));
    expect(state.promotions.checkIn(SAM)).toMatchObject({ ok: true, value: { reward: 10, streak: 1 } });
    expect(state.books.account(SAM).checkIns).toEqual(["2026-11-20", "2026-11-21", "2026-11-22"]);
    state.setClock(macau("2026-11-23T12:00:00"));
    expect(state.promotions.checkInStatus(SAM)).toMatchObject({ streak: 3, checkedInToday: false, rewardToday: 20 });
    expect(auditMoney(audited(state))).toEqual([]);
  });
});

/**
 * Asia Miles at its edges: the limits at midnight in Macau and at month end, the airline account,
 * the airline's answer, and a burst of the same redemption.
 */
import { describe, expect, it } from "vitest";
import { milesRedeem } from "#core/api/promotion-endpoints";
import { inProcess, withKey } from "../testing";
import { MILES_PROCESSING_MS, macauMonth, maskMemberNo, milesLimit, milesUsed } from "./miles";
import { CHAN, SAM, expectLedgersSum, later, setup } from "./test-support";

const macau = (iso: string) => Date.parse(`${iso}+08:00`);
const WONG = { lastName: "Wong", firstName: "mei  ling", memberNo: "1300000001" };

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
    const { state } = setup();
    state.setClock(macau("2026-11-10T10:00:00"));
    const before = JSON.stringify(state.books.ledger(CHAN));
    expect(state.miles.redeem(CHAN, { ...wong(1000), memberNo: "1300000002" })).toEqual({ ok: false, reason: "MILES_ACCOUNT_NOT_FOUND" });
    expect(state.miles.redeem(CHAN, { ...wong(1000), memberNo: "1999999999" })).toEqual({ ok: false, reason: "MILES_ACCOUNT_NOT_FOUND" });
    expect(state.miles.redeem(CHAN, wong(1500))).toEqual({ ok: false, reason: "MILES_STEP_INVALID" });
    expect(state.miles.redeem(SAM, wong(1000))).toEqual({ ok: false, reason: "INSUFFICIENT_MCOIN" });
    expect(JSON.stringify(state.books.ledger(CHAN))).toBe(before);
    expect(state.miles.list(CHAN)).toHaveLength(0);
  });

  it("spend the mCoin at once, stay redeeming until the airline answers, then are credited", () => {
    const { state } = setup();
    state.setClock(macau("2026-11-10T10:00:00"));
    const outcome = state.miles.redeem(CHAN, wong(3000));
    expect(outcome).toMatchObject({ ok: true, value: { status: "redeeming", miles: 300, mcoin: 3000, lastName: "WONG", creditedAt: null } });
    expect(state.books.ledger(CHAN)[0]).toMatchObject({ type: "miles", amount: -3000 });
    later(state, MILES_PROCESSING_MS);
    expect(state.miles.list(CHAN)[0]).toMatchObject({ status: "credited", creditedAt: state.now() });
    expectLedgersSum(state);
  });

  it("give the mCoin back when the airline refuses a suspended account, and the refund frees the limit", () => {
    const { state } = setup();
    state.setClock(macau("2026-11-10T10:00:00"));
    const balance = state.books.balance(CHAN);
    expect(state.miles.redeem(CHAN, { productId: 1, lastName: "Lei", firstName: "Ka Hou", memberNo: "1300000009", mcoin: 10000 })).toMatchObject({ ok: true });
    expect(state.miles.redeem(CHAN, wong(1000))).toEqual({ ok: false, reason: "MILES_DAILY_LIMIT" });
    later(state, MILES_PROCESSING_MS);
    const [refunded] = state.miles.list(CHAN);
    expect(refunded).toMatchObject({ status: "refunded", refund: { method: "mcoin", reason: "ACCOUNT_SUSPENDED" } });
    expect(state.books.balance(CHAN)).toBe(balance);
    expect(state.miles.redeem(CHAN, wong(10000))).toMatchObject({ ok: true });
    expectLedgersSum(state);
  });

  it("walk a month to its limits: daily, monthly, then below the standard", () => {
    const { state } = setup();
    const WONG_ID = "mpay-1003"; // 56,800 mCoin
    state.setClock(macau("2026-11-10T10:00:00"));
    expect(state.miles.redeem(WONG_ID, wong(10000))).toMatchObject({ ok: true });
    expect(state.miles.redeem(WONG_ID, wong(1000))).toEqual({ ok: false, reason: "MILES_DAILY_LIMIT" });
    state.setClock(macau("2026-11-11T10:00:00"));
    expect(state.miles.redeem(WONG_ID, wong(10000))).toMatchObject({ ok: true });
    state.setClock(macau("2026-11-12T10:00:00"));
    expect(state.miles.redeem(WONG_ID, wong(10000))).toEqual({ ok: false, reason: "MILES_MONTHLY_LIMIT" });
    expect(state.miles.redeem(WONG_ID, wong(5000))).toMatchObject({ ok: true });
    expect(state.miles.redeem(WONG_ID, wong(1000))).toEqual({ ok: false, reason: "MILES_BELOW_STANDARD" });
    state.setClock(macau("2026-12-01T00:00:00"));
    expect(state.miles.product(WONG_ID, 1)).toMatchObject({ use: { today: 0, thisMonth: 0 } });
    expect(state.miles.redeem(WONG_ID, wong(1000))).toMatchObject({ ok: true });
  });

  it("redeem once for one key, however many times it is sent at once", async () => {
    const sandbox = inProcess({ history: false });
    const api = await sandbox.client(CHAN);
    const key = withKey();
    await Promise.allSettled(Array.from({ length: 5 }, () => api.call(milesRedeem, wong(1000), key)));
    expect(sandbox.sandbox.domain.miles.list(CHAN)).toHaveLength(1);
  });
});

/** The daily check-in at its edges: midnight in Macau, month and year ends, a missed day, the ladder's wrap, a burst. */
import { describe, expect, it } from "vitest";
import { checkIn as checkInEndpoint } from "#core/api/promotion-endpoints";
import { inProcess, withKey } from "../testing";
import { dayBefore, macauDay } from "./check-in";
import { SAM, expectLedgersSum, setup } from "./test-support";

/** 23:59:59.999 of a day in Macau is 15:59:59.999 UTC. */
const macau = (iso: string) => Date.parse(`${iso}+08:00`);

describe("days of Macau", () => {
  it("turn at midnight in Macau, not UTC", () => {
    expect(macauDay(macau("2026-11-21T23:59:59.999"))).toBe("2026-11-21");
    expect(macauDay(macau("2026-11-22T00:00:00.000"))).toBe("2026-11-22");
    expect(macauDay(Date.parse("2026-11-21T16:00:00Z"))).toBe("2026-11-22");
  });

  it("go back across month and year ends", () => {
    expect(dayBefore("2026-12-01")).toBe("2026-11-30");
    expect(dayBefore("2027-01-01")).toBe("2026-12-31");
    expect(dayBefore("2028-03-01")).toBe("2028-02-29");
  });
});

describe("checking in", () => {
  it("rewards once a day: a second check-in the same day of Macau earns nothing", () => {
    const { state } = setup();
    state.setClock(macau("2026-11-21T00:00:00"));
    expect(state.promotions.checkIn(SAM)).toMatchObject({ ok: true, value: { reward: 10, streak: 1, checkedInToday: true, rewardToday: 0, rewardTomorrow: 10, ladderDay: 1, balance: 510 } });
    state.setClock(macau("2026-11-21T23:59:59.999"));
    expect(state.promotions.checkIn(SAM)).toEqual({ ok: false, reason: "ALREADY_CHECKED_IN" });
    expect(state.books.ledger(SAM).filter((entry) => entry.type === "check_in")).toHaveLength(1);
    expectLedgersSum(state);
  });

  it("grows the streak day after day across a month end, wraps the 7-day ladder, and starts again after a missed day", () => {
    const { state } = setup();
    const rewards: number[] = [];
    for (let day = 0; day < 9; day += 1) {
      state.setClock(macau("2026-11-26T08:00:00") + day * 24 * 3_600_000);
      const outcome = state.promotions.checkIn(SAM);
      if (!outcome.ok) throw new Error(outcome.reason);
      rewards.push(outcome.value.reward);
      expect(outcome.value.streak).toBe(day + 1);
    }
    expect(rewards).toEqual([10, 10, 20, 20, 30, 30, 50, 10, 10]);
    expect(state.promotions.checkInStatus(SAM)).toMatchObject({ today: "2026-12-04", streak: 9, ladderDay: 2 });
    // 2026-12-05 is missed: on the 6th the streak is over, and checking in starts it again.
    state.setClock(macau("2026-12-06T00:00:01"));
    expect(state.promotions.checkInStatus(SAM)).toMatchObject({ streak: 0, checkedInToday: false, rewardToday: 10, ladderDay: 1 });
    expect(state.promotions.checkIn(SAM)).toMatchObject({ ok: true, value: { reward: 10, streak: 1 } });
    expect(state.books.balance(SAM)).toBe(500 + 190 + 10);
    expectLedgersSum(state);
  });

  it("before today's check-in, yesterday's streak still counts and today's reward is the next step", () => {
    const { state } = setup();
    state.setClock(macau("2026-11-21T12:00:00"));
    state.promotions.checkIn(SAM);
    state.setClock(macau("2026-11-22T12:00:00"));
    state.promotions.checkIn(SAM);
    state.setClock(macau("2026-11-23T00:00:00"));
    expect(state.promotions.checkInStatus(SAM)).toMatchObject({ streak: 2, checkedInToday: false, rewardToday: 20, rewardTomorrow: 20, ladderDay: 3 });
  });

  it("pays once when many check-ins arrive at the same moment, with or without one key", async () => {
    const sandbox = inProcess({ history: false });
    const api = await sandbox.client(SAM);
    const replies = await Promise.allSettled(Array.from({ length: 20 }, () => api.call(checkInEndpoint, {}, withKey())));
    expect(replies.filter((reply) => reply.status === "fulfilled")).toHaveLength(1);
    const sameKey = withKey();
    await Promise.allSettled(Array.from({ length: 5 }, () => api.call(checkInEndpoint, {}, sameKey)));
    expect(sandbox.sandbox.domain.books.ledger(SAM).filter((entry) => entry.type === "check_in")).toHaveLength(1);
  });
});

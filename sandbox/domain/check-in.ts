/**
 * The daily check-in's rules (core/api/vocabulary.ts, CHECK_IN_LADDER): once per day of
 * Macau (UTC+8, no daylight saving) on the sandbox clock; the streak counts consecutive days and
 * starts again at 1 after a missed day; each check-in posts its reward as a `check_in` entry.
 */
import type { CheckInStatus } from "#core/api/promotion-endpoints";
import { CHECK_IN_LADDER, checkInReward } from "#core/api/vocabulary";
import { MAX_CHECK_IN_DAYS, balanceOf, post, type Account } from "./ledger";

const DAY_MS = 24 * 3_600_000;
const MACAU_OFFSET_MS = 8 * 3_600_000;

/** The day of Macau at `at`, yyyy-mm-dd. */
export function macauDay(at: number): string {
  return new Date(at + MACAU_OFFSET_MS).toISOString().slice(0, 10);
}

/** The day before `day` (yyyy-mm-dd). */
export function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
}

/** Consecutive days ending with the last check-in. */
function streakOfLast(days: readonly string[]): number {
  let streak = 0;
  let expected = days.at(-1);
  for (let index = days.length - 1; index >= 0 && days[index] === expected; index -= 1) {
    streak += 1;
    expected = dayBefore(days[index]);
  }
  return streak;
}

/** Where the member stands at `now`. */
export function checkInStatus(account: Account, now: number): CheckInStatus {
  const today = macauDay(now);
  const last = account.checkIns.at(-1);
  const checkedInToday = last === today;
  const alive = checkedInToday || last === dayBefore(today);
  const streak = alive ? streakOfLast(account.checkIns) : 0;
  /** The streak once today's check-in is done. */
  const withToday = checkedInToday ? streak : streak + 1;
  return {
    today,
    checkedInToday,
    streak,
    rewardToday: checkedInToday ? 0 : checkInReward(withToday),
    rewardTomorrow: checkInReward(withToday + 1),
    ladderDay: ((withToday - 1) % CHECK_IN_LADDER.length) + 1,
    ladder: [...CHECK_IN_LADDER],
    balance: balanceOf(account),
  };
}

/** Checks in for today: the reward, or null when today's check-in is done already. */
export function checkIn(account: Account, now: number): number | null {
  const status = checkInStatus(account, now);
  if (status.checkedInToday) return null;
  account.checkIns.push(status.today);
  if (account.checkIns.length > MAX_CHECK_IN_DAYS) account.checkIns.splice(0, account.checkIns.length - MAX_CHECK_IN_DAYS);
  post(account, { type: "check_in", amount: status.rewardToday, at: now });
  return status.rewardToday;
}

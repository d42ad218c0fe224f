/**
 * The daily check-in's rules (core/api/vocabulary.ts, CHECK_IN_LADDER): once per day of
 * Macau (UTC+8, no daylight saving) on the sandbox clock; the streak counts consecutive days and
 * starts again at 1 after a missed day; each check-in posts its reward as a `check_in` entry. Once
 * per day holds by the day's date, whatever order the sandbox clock (moved by a control) visits days in.
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

/** Consecutive days in `days` ending with `last`. */
function streakEndingOn(days: ReadonlySet<string>, last: string): number {
  let streak = 0;
  for (let day = last; days.has(day); day = dayBefore(day)) streak += 1;
  return streak;
}

/**
 * Where the member stands at `now`. A day is known by its date, not by where it falls in the list:
 * the sandbox clock can be moved back, so a check-in may be for a day before the last one.
 */
export function checkInStatus(account: Account, now: number): CheckInStatus {
  const today = macauDay(now);
  const days = new Set(account.checkIns);
  const checkedInToday = days.has(today);
  const streak = streakEndingOn(days, checkedInToday ? today : dayBefore(today));
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

/**
 * Checks in for today: the reward, or null when today's check-in is done already. The days are kept
 * in date order whatever order the clock visited them in; once MAX_CHECK_IN_DAYS are kept, a day
 * older than all of them is refused as done, since whether it was cannot be told any more
 * (docs/decisions/046-the-audit-covers-all-the-money.md).
 */
export function checkIn(account: Account, now: number): number | null {
  const status = checkInStatus(account, now);
  if (status.checkedInToday) return null;
  if (account.checkIns.length >= MAX_CHECK_IN_DAYS && status.today < account.checkIns.reduce((oldest, day) => (day < oldest ? day : oldest))) return null;
  account.checkIns.push(status.today);
  account.checkIns.sort();
  if (account.checkIns.length > MAX_CHECK_IN_DAYS) account.checkIns.splice(0, account.checkIns.length - MAX_CHECK_IN_DAYS);
  post(account, { type: "check_in", amount: status.rewardToday, at: now });
  return status.rewardToday;
}

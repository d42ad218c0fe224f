/**
 * Promotions (DESIGN.md, "Money, orders and state"): the daily check-in so far. The spec gives no
 * rules; ours are CHECK_IN_LADDER below, written on the screen and in the README. A day is a day of
 * Macau (UTC+8) on the gateway's clock. Each check-in is a `check_in` ledger entry.
 */
import { z } from "zod";
import { defineEndpoint } from "./define";

/**
 * mCoin for the 1st to 7th day of a streak of consecutive days; the 8th day starts the ladder again
 * (the streak keeps counting). Missing a day starts the streak again at day 1.
 */
export const CHECK_IN_LADDER = [10, 10, 20, 20, 30, 30, 50] as const;

/** The reward of the `streak`-th consecutive day. */
export function checkInReward(streak: number): number {
  return CHECK_IN_LADDER[(Math.max(1, streak) - 1) % CHECK_IN_LADDER.length];
}

/** A day of Macau, yyyy-mm-dd. */
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const CheckInStatusSchema = z.object({
  /** Today in Macau, on the gateway's clock. */
  today: Day,
  checkedInToday: z.boolean(),
  /** Consecutive days up to today (or yesterday, while today's is still to come); 0 once a day is missed. */
  streak: z.number().int().nonnegative(),
  /** What checking in gives today (0 once done), and what tomorrow's would. */
  rewardToday: z.number().int().nonnegative(),
  rewardTomorrow: z.number().int().positive(),
  /** Where the streak is on the ladder: 1 to 7 (the day checked in last, or today's to come). */
  ladderDay: z.number().int().min(1).max(CHECK_IN_LADDER.length),
  ladder: z.array(z.number().int().positive()),
  balance: z.number().int().nonnegative(),
});
export type CheckInStatus = z.infer<typeof CheckInStatusSchema>;

export const checkInStatus = defineEndpoint({
  name: "checkInStatus",
  method: "GET",
  path: "/api/auth/checkin/info",
  auth: true,
  request: z.object({}),
  data: CheckInStatusSchema,
});

/** Checks the member in for today: once a day; a second (also two at once) is refused with ALREADY_CHECKED_IN. */
export const checkIn = defineEndpoint({
  name: "checkIn",
  method: "POST",
  path: "/api/auth/checkin",
  auth: true,
  idempotent: true,
  request: z.object({}),
  data: CheckInStatusSchema.extend({ reward: z.number().int().positive() }),
});

export const PROMOTION_ENDPOINTS = { checkInStatus, checkIn } as const;

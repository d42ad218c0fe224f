/**
 * Promotions (docs/architecture.md, "Money, orders and state"), all on the gateway's clock in Macau time (UTC+8):
 * - Flash sales: sessions of offers on sale for a few hours; buying one is the ordinary checkout,
 *   and the order is a `flash_sale` one.
 * - Seckill (snap-up): sessions of items, each a catalog offer sold at its own price from its own
 *   stock with its own limit per member (checked when the order is placed). The spec's fragments:
 *   api/show/snapup/info, api/show/snapup/product, api/business/snapup, snapUpSuccess. A session may
 *   be the seckill canary (`gray`): only a member whose login carries the gray-scale flag sees it or
 *   snaps it up. The gateway decides from the member; the `gray` parameter the mall sends echoes the
 *   flag and grants nothing.
 * - The daily check-in: the spec gives no rules; ours are CHECK_IN_LADDER (vocabulary.ts), written on the
 *   screen and in docs/mall.md. Each check-in is a `check_in` ledger entry.
 * - Asia Miles: 'X mCoin for Y miles' steps, daily and monthly maximums in miles per member (calendar
 *   day and month of Macau), an airline member account that must exist; a redemption is `redeeming`
 *   until the airline answers, then `credited`, or `refunded` (its mCoin back) when it refuses. It is
 *   a `miles` ledger entry.
 */
import { z } from "zod";
import { personalField } from "./personal";
import { defineEndpoint } from "./define";
import { OfferSummarySchema } from "./catalog-endpoints";
import { OrderSchema } from "./shop-endpoints";
import { CHECK_IN_LADDER } from "./vocabulary";

const Id = z.coerce.number().int().positive().max(999_999_999);
/** The gray-scale flag as the mall passes it (1 when the member's login carried it): informative, the gateway reads the member's own. */
const Gray = z.coerce.number().int().min(0).max(1).default(0);

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
  read: true,
  path: "/api/auth/checkin/info",
  auth: true,
  request: z.object({}),
  data: CheckInStatusSchema,
});

/** Checks the member in for today: once a day; a second (also two at once) is refused with ALREADY_CHECKED_IN. */
export const checkIn = defineEndpoint({
  name: "checkIn",
  method: "POST",
  read: false,
  path: "/api/auth/checkin",
  auth: true,
  idempotent: true,
  request: z.object({}),
  data: CheckInStatusSchema.extend({ reward: z.number().int().positive() }),
});

// --- flash sale -----------------------------------------------------------------------------------

export const FlashSessionSchema = z.object({
  id: z.number().int().positive(),
  startAt: z.number(),
  endAt: z.number(),
  /** Its offers, with their stock left and pieces sold now. */
  items: z.array(OfferSummarySchema.extend({ limitPerMember: z.number().int().positive() })),
});
export type FlashSession = z.infer<typeof FlashSessionSchema>;

/** This period's session and the upcoming ones, by start; none once the last has ended. */
export const flashSales = defineEndpoint({
  name: "flashSales",
  method: "GET",
  read: true,
  path: "/api/show/flashsale",
  auth: false,
  request: z.object({}),
  data: z.object({ sessions: z.array(FlashSessionSchema) }),
});

// --- seckill ---------------------------------------------------------------------------------------

export const SeckillItemSchema = z.object({
  id: z.number().int().positive(),
  sessionId: z.number().int().positive(),
  offerId: z.number().int().positive(),
  title: z.string(),
  subtitle: z.string(),
  image: z.string(),
  merchantName: z.string(),
  /** The seckill price: cash in cents, plus a fixed number of mCoin. */
  priceCents: z.number().int().nonnegative(),
  mcoin: z.number().int().nonnegative(),
  originalPriceCents: z.number().int().nonnegative(),
  /** Pieces left, sold, and put on sale in all. */
  stock: z.number().int().nonnegative(),
  sold: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  limitPerMember: z.number().int().positive(),
  /** Pieces this member holds already (null without a member). */
  boughtByMember: z.number().int().nonnegative().nullable(),
  startAt: z.number(),
  endAt: z.number(),
  gray: z.boolean(),
});
export type SeckillItem = z.infer<typeof SeckillItemSchema>;

export const SeckillSessionSchema = z.object({
  id: z.number().int().positive(),
  startAt: z.number(),
  endAt: z.number(),
  gray: z.boolean(),
  items: z.array(SeckillItemSchema),
});
export type SeckillSession = z.infer<typeof SeckillSessionSchema>;

/** The sessions running and to come, by start (canary sessions only with the gray-scale flag). */
export const seckillInfo = defineEndpoint({
  name: "seckillInfo",
  method: "GET",
  read: true,
  path: "/api/show/snapup/info",
  auth: false,
  request: z.object({ gray: Gray }),
  data: z.object({ sessions: z.array(SeckillSessionSchema) }),
});

/** One seckill item, with what a member needs to decide (terms, how to use it). */
export const seckillProduct = defineEndpoint({
  name: "seckillProduct",
  method: "GET",
  read: true,
  path: "/api/show/snapup/product",
  auth: false,
  request: z.object({ id: Id, gray: Gray }),
  data: SeckillItemSchema.extend({ terms: z.string(), usage: z.string(), useUntil: z.number() }),
});

/**
 * Snaps up one piece: in one step the session is running, the item has stock, the member is under
 * its limit and holds the mCoin; the piece is theirs and the order waits for its cash (or is settled
 * at once when there is none). The reply is small, so a burst is answered quickly; the order is read
 * with snapUpSuccess.
 */
export const seckillSnapUp = defineEndpoint({
  name: "seckillSnapUp",
  method: "POST",
  read: false,
  path: "/api/business/snapup/seckill",
  auth: true,
  idempotent: true,
  request: z.object({ itemId: Id, gray: Gray }),
  data: z.object({ orderId: z.number().int().positive(), orderNo: z.string() }),
});

/** A snap-up's order (the member's own), to pay for and to show. */
export const snapUpSuccess = defineEndpoint({
  name: "snapUpSuccess",
  method: "GET",
  read: true,
  path: "/api/business/snapUpSuccess",
  auth: true,
  request: z.object({ orderId: Id }),
  data: z.object({ order: OrderSchema, itemId: z.number().int().positive() }),
});

// --- Asia Miles ------------------------------------------------------------------------------------

export const MilesStepSchema = z.object({ mcoin: z.number().int().positive(), miles: z.number().int().positive() });
export type MilesStep = z.infer<typeof MilesStepSchema>;

/** An airline membership number: 10 digits. */
export const MILES_MEMBER_NO = /^\d{10}$/;
/** Names as on the airline membership card: Latin letters, spaces, hyphens and apostrophes. */
export const MILES_NAME = /^[A-Za-z][A-Za-z' -]{0,39}$/;

export const MilesProductSchema = z.object({
  id: z.number().int().positive(),
  programme: z.string(),
  title: z.string(),
  subtitle: z.string(),
  image: z.string(),
  terms: z.string(),
  steps: z.array(MilesStepSchema).min(1),
  dailyMaxMiles: z.number().int().positive(),
  monthlyMaxMiles: z.number().int().positive(),
  /** The smallest step's miles: below this, what is left of the month cannot be redeemed. */
  minMiles: z.number().int().positive(),
  /** This member's miles redeemed today and this month (Macau), refunded ones not counted. */
  milesToday: z.number().int().nonnegative(),
  milesThisMonth: z.number().int().nonnegative(),
  balance: z.number().int().nonnegative(),
});
export type MilesProduct = z.infer<typeof MilesProductSchema>;

export const milesProduct = defineEndpoint({
  name: "milesProduct",
  method: "GET",
  read: true,
  path: "/api/auth/miles/product",
  auth: true,
  request: z.object({ id: Id }),
  data: MilesProductSchema,
});

export const MILES_ORDER_STATUSES = ["redeeming", "credited", "refunded"] as const;

export const MilesOrderSchema = z.object({
  id: z.number().int().positive(),
  orderNo: z.string(),
  productId: z.number().int().positive(),
  programme: z.string(),
  title: z.string(),
  image: z.string(),
  lastName: personalField(z.string(), "name"),
  firstName: personalField(z.string(), "name"),
  /** The membership number with all but its last 4 digits masked. */
  memberNo: personalField(z.string(), "membership-number"),
  mcoin: z.number().int().positive(),
  miles: z.number().int().positive(),
  status: z.enum(MILES_ORDER_STATUSES),
  /** Always 5 (spec section 9: airline miles). */
  paymentType: z.literal(5),
  /** The redemption date. */
  createdAt: z.number(),
  /** When the miles arrived in the airline account ("payment arrival time"). */
  creditedAt: z.number().nullable(),
  refund: z
    .object({
      refundNo: z.string(),
      /** How the member got their mCoin back. */
      method: z.literal("mcoin"),
      reason: z.string(),
      refundedAt: z.number(),
    })
    .nullable(),
});
export type MilesOrder = z.infer<typeof MilesOrderSchema>;

/**
 * Redeems mCoin for miles: the step is one of the product's, the airline account exists under this
 * name, the member has the mCoin, and neither the day's nor the month's maximum is passed.
 */
export const milesRedeem = defineEndpoint({
  name: "milesRedeem",
  method: "POST",
  read: false,
  path: "/api/auth/miles/redeem",
  auth: true,
  idempotent: true,
  request: z.object({
    productId: Id,
    lastName: personalField(z.string().trim().regex(MILES_NAME), "name"),
    firstName: personalField(z.string().trim().regex(MILES_NAME), "name"),
    memberNo: personalField(z.string().regex(MILES_MEMBER_NO), "membership-number"),
    mcoin: z.coerce.number().int().positive().max(100_000_000),
  }),
  data: MilesOrderSchema,
});

export const milesOrder = defineEndpoint({
  name: "milesOrder",
  method: "GET",
  read: true,
  path: "/api/auth/miles/order",
  auth: true,
  request: z.object({ id: Id }),
  data: MilesOrderSchema,
});

export const PROMOTION_ENDPOINTS = {
  checkInStatus,
  checkIn,
  flashSales,
  seckillInfo,
  seckillProduct,
  seckillSnapUp,
  snapUpSuccess,
  milesProduct,
  milesRedeem,
  milesOrder,
} as const;

/**
 * The promotions' fixtures (fixtures/promotions.json) and the rules that are arithmetic on them:
 * which flash-sale and seckill sessions a caller sees, and the Asia Miles limits. The writes (orders,
 * stock, the ledger) are the money domain's (shop.ts), each in one synchronous step like the rest.
 *
 * Asia Miles limits are in miles per member, counted over the redemptions not refunded, by calendar
 * day and calendar month of Macau on the sandbox clock:
 * - the day's miles plus the step's may not pass `dailyMaxMiles` ('daily redemption limit');
 * - what is left of the month (`monthlyMaxMiles` less the month's miles) below the smallest step
 *   refuses any step ('lower than redeemed miles standard'), checked before the daily limit;
 * - otherwise the month's miles plus the step's may not pass `monthlyMaxMiles` ('monthly limit').
 */
import { z } from "zod";
import { MilesRedemptionSchema, SeckillLiveSchema } from "#core/controls/records";
import type { ShopRefusal } from "#core/api/shop-endpoints";
import { RelativeTime, type Catalog } from "../catalog-schema";
import { macauDay } from "./check-in";

const Localized = z.object({ zh: z.string(), en: z.string() });
const Id = z.number().int().positive();

export const FlashSaleFixtureSchema = z.object({ id: Id, startAt: RelativeTime, endAt: RelativeTime, offerIds: z.array(Id).min(1) });

export const SeckillItemFixtureSchema = z.object({
  id: Id,
  offerId: Id,
  /** The seckill price in MOP (cash), plus `mcoin`. */
  price: z.number().nonnegative().max(100_000),
  mcoin: z.number().int().nonnegative(),
  stock: z.number().int().nonnegative(),
  limitPerMember: z.number().int().min(1).max(10),
});
export type SeckillItemFixture = z.infer<typeof SeckillItemFixtureSchema>;

export const SeckillFixtureSchema = z.object({
  id: Id,
  startAt: RelativeTime,
  endAt: RelativeTime,
  /** The seckill canary: only callers with the gray-scale flag see it. */
  gray: z.boolean().default(false),
  items: z.array(SeckillItemFixtureSchema).min(1),
});
export type SeckillFixture = z.infer<typeof SeckillFixtureSchema>;

export const MilesAccountSchema = z.object({
  memberNo: z.string().regex(/^\d{10}$/),
  lastName: z.string(),
  firstName: z.string(),
  /** A suspended account is refused by the airline after the redemption: the mCoin comes back. */
  status: z.enum(["active", "suspended"]),
});
export type MilesAccount = z.infer<typeof MilesAccountSchema>;

export const MilesProductFixtureSchema = z.object({
  id: Id,
  title: Localized,
  subtitle: Localized,
  image: z.string().regex(/^[a-z0-9-]+\.svg$/),
  steps: z
    .array(z.object({ mcoin: z.number().int().positive(), miles: z.number().int().positive() }))
    .min(1)
    .refine((steps) => steps.every((step, index) => index === 0 || step.miles > steps[index - 1].miles), "steps grow"),
  terms: Localized,
});
export type MilesProductFixture = z.infer<typeof MilesProductFixtureSchema>;

export const PromotionsFixtureSchema = z.object({
  flashSales: z.array(FlashSaleFixtureSchema),
  seckills: z.array(SeckillFixtureSchema),
  miles: z.object({
    programme: Localized,
    products: z.array(MilesProductFixtureSchema).min(1),
    dailyMaxMiles: z.number().int().positive(),
    monthlyMaxMiles: z.number().int().positive(),
    accounts: z.array(MilesAccountSchema),
  }),
});
export type PromotionsFixture = z.infer<typeof PromotionsFixtureSchema>;

/** A fixture that contradicts itself or the catalog fails loudly when the sandbox starts. */
export function checkPromotions(promotions: PromotionsFixture, catalog: Catalog): void {
  const fail = (message: string) => {
    throw new Error(`fixtures/promotions.json: ${message}`);
  };
  const offers = new Map(catalog.offers.map((offer) => [offer.id, offer]));
  const inFlash = new Set<number>();
  for (const session of promotions.flashSales) {
    for (const id of session.offerIds) {
      const offer = offers.get(id);
      if (!offer) fail(`flash sale ${session.id}: no offer ${id}`);
      else if (offer.startAt !== session.startAt || offer.endAt !== session.endAt) fail(`flash sale ${session.id}: offer ${id} is on sale from ${offer.startAt} to ${offer.endAt}, not the session's ${session.startAt} to ${session.endAt}`);
      if (inFlash.has(id)) fail(`offer ${id} is in two flash sales`);
      inFlash.add(id);
    }
  }
  const itemIds = new Set<number>();
  for (const session of promotions.seckills) {
    for (const item of session.items) {
      const offer = offers.get(item.offerId);
      if (!offer || offer.kind === "goods" || offer.paymentType !== 0) fail(`seckill item ${item.id}: offer ${item.offerId} is not an ordinary coupon offer`);
      if (itemIds.has(item.id)) fail(`seckill item ${item.id} twice`);
      itemIds.add(item.id);
    }
  }
  const { miles } = promotions;
  if (miles.dailyMaxMiles > miles.monthlyMaxMiles) fail("miles: the daily maximum is above the monthly one");
  for (const product of miles.products) if (product.steps[0].miles > miles.dailyMaxMiles) fail(`miles product ${product.id}: its smallest step is above the daily maximum`);
}

/** The flash-sale session an offer belongs to, if any. */
export function flashSaleOf(promotions: PromotionsFixture, offerId: number) {
  return promotions.flashSales.find((session) => session.offerIds.includes(offerId));
}

/** A seckill item and its session, by item id. */
export function seckillItem(promotions: PromotionsFixture, itemId: number): { session: SeckillFixture; item: SeckillItemFixture } | undefined {
  for (const session of promotions.seckills) {
    const item = session.items.find((candidate) => candidate.id === itemId);
    if (item) return { session, item };
  }
  return undefined;
}

/** The calendar month of Macau at `at`, yyyy-mm. */
export function macauMonth(at: number): string {
  return macauDay(at).slice(0, 7);
}

/** A redemption as the limits count it. */
export interface CountedRedemption {
  miles: number;
  createdAt: number;
  status: "redeeming" | "credited" | "refunded";
}

export interface MilesUse {
  today: number;
  thisMonth: number;
}

/** Miles the member redeemed today and this month (Macau), refunded redemptions not counted. */
export function milesUsed(redemptions: readonly CountedRedemption[], now: number): MilesUse {
  const day = macauDay(now);
  const month = day.slice(0, 7);
  let today = 0;
  let thisMonth = 0;
  for (const redemption of redemptions) {
    if (redemption.status === "refunded") continue;
    const on = macauDay(redemption.createdAt);
    if (on.slice(0, 7) === month) thisMonth += redemption.miles;
    if (on === day) today += redemption.miles;
  }
  return { today, thisMonth };
}

/** Which limit (if any) refuses `miles` more, given what was used and the smallest step. */
export function milesLimit(use: MilesUse, miles: number, limits: { dailyMaxMiles: number; monthlyMaxMiles: number; minMiles: number }): ShopRefusal | null {
  if (limits.monthlyMaxMiles - use.thisMonth < limits.minMiles) return "MILES_BELOW_STANDARD";
  if (use.today + miles > limits.dailyMaxMiles) return "MILES_DAILY_LIMIT";
  if (use.thisMonth + miles > limits.monthlyMaxMiles) return "MILES_MONTHLY_LIMIT";
  return null;
}

/** A membership number as shown back: all but its last 4 digits masked. */
export function maskMemberNo(memberNo: string): string {
  return `${"•".repeat(Math.max(0, memberNo.length - 4))}${memberNo.slice(-4)}`;
}

/** Names compared as the airline does: case, surrounding and repeated spaces do not matter. */
export function sameName(a: string, b: string): boolean {
  const norm = (text: string) => text.trim().replace(/\s+/g, " ").toUpperCase();
  return norm(a) === norm(b);
}

/** A kept miles redemption, as the controls answer it (core/controls/records.ts). */
export const MilesOrderRecordSchema = MilesRedemptionSchema;
export type MilesOrderRecord = z.infer<typeof MilesOrderRecordSchema>;

/** Why the airline refused, in the caller's language. */
export const MILES_REFUND_REASONS: Record<NonNullable<MilesOrderRecord["refund"]>["reason"], { zh: string; en: string }> = {
  ACCOUNT_SUSPENDED: { en: "The airline did not accept the miles: the member account is suspended.", zh: "航空公司未接受此里數：會員帳戶已暫停。" },
};

export { SeckillLiveSchema };
export type SeckillLive = z.infer<typeof SeckillLiveSchema>;

export function seedSeckills(promotions: PromotionsFixture): Map<string, SeckillLive> {
  return new Map(promotions.seckills.flatMap((session) => session.items.map((item) => [String(item.id), { stock: item.stock, sold: 0 }] as const)));
}

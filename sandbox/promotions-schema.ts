/**
 * fixtures/promotions.json: its shape (flash sales, seckill sessions and their items, the Asia Miles
 * programme, products and the airline's member accounts), its consistency with the catalog, checked
 * when the sandbox starts, and lookups in it. The rules over it are the money domain's
 * (sandbox/domain/promotions.ts, sandbox/domain/miles.ts).
 */
import { z } from "zod";
import { RelativeTime, type Catalog } from "./catalog-schema";

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
  image: z.string().regex(/^[a-z0-9-]+\.webp$/),
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
export type MilesFixture = PromotionsFixture["miles"];

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
      else if (offer.startAt !== session.startAt || offer.endAt !== session.endAt)
        fail(`flash sale ${session.id}: offer ${id} is on sale from ${offer.startAt} to ${offer.endAt}, not the session's ${session.startAt} to ${session.endAt}`);
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

/**
 * An order as the gateway keeps it: the fields of the API's Order without what the catalog says in
 * the caller's language (title, image, kind), plus whose it is and whether the member deleted it.
 * `orderView` renders one for a reply; a coupon past its validity reads as expired there (expiry is
 * lazy: nothing has to run at midnight for it to hold).
 */
import { z } from "zod";
import { EarningReversalSchema, PaymentSchema, RefundSchema, type Coupon, type Order, type Refund } from "#core/api/shop-endpoints";
import { OrderRecordWireSchema } from "#core/controls/records";
import type { CatalogQueries } from "./catalog";
import { FAILURE_MESSAGES, type Locale, type OrderFailureCode } from "./messages";

export const RefundRecordSchema = RefundSchema.omit({ title: true, image: true }).extend({
  // A state file written before refunds took the earning back in full has none: nothing was kept back.
  earningReversal: EarningReversalSchema.default({ fromMcoinRefund: 0, fromBalance: 0 }),
});
export type RefundRecord = z.infer<typeof RefundRecordSchema>;

/** The record as the controls answer it (core/controls/records.ts), read with what an older state file lacks. */
export const OrderRecordSchema = OrderRecordWireSchema.extend({
  refund: RefundRecordSchema.nullable(),
  payments: z.array(PaymentSchema).optional(),
  deletedAt: OrderRecordWireSchema.shape.deletedAt.default(null),
  seckillItemId: OrderRecordWireSchema.shape.seckillItemId.default(null),
})
  // A state file written before payments were kept has none: the payment that settled the order is
  // known by its id, so it is kept as it would have been, and a later payment is refused beside it.
  .transform(({ payments, ...order }) => ({
    ...order,
    payments:
      payments ?? (order.paymentId === null ? [] : [{ paymentId: order.paymentId, amountCents: order.cashCents, at: order.paidAt ?? order.createdAt, outcome: "settled" as const, reason: null }]),
  }));
export type OrderRecord = z.infer<typeof OrderRecordSchema>;
export type CouponRecord = OrderRecord["coupons"][number];

const HOUR_MS = 3_600_000;

/** MC, the day in Macau (yyyymmdd), and the order's id: MC20250301000042. */
export function orderNumber(id: number, now: number): string {
  return `MC${macauDay(now)}${String(id).padStart(6, "0")}`;
}

/** RF, the day in Macau, and the refund's id. */
export function refundOrderNumber(id: number, now: number): string {
  return `RF${macauDay(now)}${String(id).padStart(6, "0")}`;
}

function macauDay(now: number): string {
  return new Date(now + 8 * HOUR_MS).toISOString().slice(0, 10).replaceAll("-", "");
}

/** A coupon as the member sees it at `now`: an unused one past its validity is expired. */
export function couponAt(coupon: CouponRecord, now: number): Coupon {
  return coupon.status === "unused" && coupon.useUntil < now ? { ...coupon, status: "expired" } : coupon;
}

/** The order as the API answers it, in `locale`, with image URLs on `origin`, at `now` (coupons' expiry). */
export function orderView(order: OrderRecord, catalog: CatalogQueries, locale: Locale, origin: string, now: number): Order {
  const offer = catalog.offer(order.offerId);
  if (!offer) throw new Error(`order ${order.id}: no offer ${order.offerId} in the catalog`);
  const { openId: _owner, deletedAt: _deleted, seckillItemId: _seckill, failure, refund, coupons, ...fields } = order;
  const title = offer.title[locale];
  const image = `${origin}/static/offers/${offer.image}`;
  return {
    ...fields,
    kind: offer.kind,
    title,
    image,
    // A till records the store's id; the member reads its name.
    coupons: coupons.map((coupon) => ({ ...couponAt(coupon, now), usedAtStore: coupon.usedAtStore && (catalog.storeName(Number(coupon.usedAtStore), locale) ?? coupon.usedAtStore) })),
    refund: refund ? refundView(refund, title, image) : null,
    failure: failure ? { code: failure, message: failureMessage(failure, locale) } : null,
  };
}

export function refundView(refund: RefundRecord, title: string, image: string): Refund {
  return { ...refund, title, image };
}

function failureMessage(code: OrderFailureCode, locale: Locale): string {
  return FAILURE_MESSAGES[code][locale];
}

/**
 * An order as the gateway keeps it: the fields of the API's Order without what the catalog says in
 * the caller's language (title, image, kind), plus whose it is. `orderView` renders one for a reply.
 */
import { z } from "zod";
import { OrderSchema, type Order } from "../../app/lib/api/shop-endpoints";
import type { CatalogQueries } from "../catalog";
import { FAILURE_MESSAGES, type Locale, type OrderFailureCode } from "./messages";

export const OrderRecordSchema = OrderSchema.omit({ kind: true, title: true, image: true, failure: true }).extend({
  openId: z.string(),
  /** Why it did not go through; the message is rendered in the caller's language. */
  failure: z.enum(["PAID_AFTER_CLOSE", "PAYMENT_FAILED"]).nullable(),
});
export type OrderRecord = z.infer<typeof OrderRecordSchema>;

const HOUR_MS = 3_600_000;

/** MC, the day in Macau (yyyymmdd), and the order's id: MC20250301000042. */
export function orderNumber(id: number, now: number): string {
  const day = new Date(now + 8 * HOUR_MS).toISOString().slice(0, 10).replaceAll("-", "");
  return `MC${day}${String(id).padStart(6, "0")}`;
}

/** The order as the API answers it, in `locale`, with image URLs on `origin`. */
export function orderView(order: OrderRecord, catalog: CatalogQueries, locale: Locale, origin: string): Order {
  const offer = catalog.offer(order.offerId);
  if (!offer) throw new Error(`order ${order.id}: no offer ${order.offerId} in the catalog`);
  const { openId: _owner, failure, ...fields } = order;
  return {
    ...fields,
    kind: offer.kind,
    title: offer.title[locale],
    image: `${origin}/static/offers/${offer.image}`,
    failure: failure ? { code: failure, message: failureMessage(failure, locale) } : null,
  };
}

function failureMessage(code: OrderFailureCode, locale: Locale): string {
  return FAILURE_MESSAGES[code][locale];
}

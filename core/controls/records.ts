/**
 * The sandbox's records as its controls answer them (core/controls/declarations.ts), and as its
 * --state file keeps them (sandbox/store/state-file.ts reads these with the defaults an older file
 * needs).
 * Money and ids are as the mCoin API has them (core/api/shop-endpoints.ts).
 */
import { z } from "zod";
import { LedgerEntrySchema, OrderSchema, PaymentSchema, RefundSchema } from "../api/shop-endpoints";

const Id = z.number().int().positive();

/** An order as the gateway keeps it: the API's Order without what the catalog says in a language, plus whose it is. */
export const OrderRecordWireSchema = OrderSchema.omit({ kind: true, title: true, image: true }).extend({
  openId: z.string(),
  /** Why it did not go through; the message is rendered in the caller's language. */
  failure: z.enum(["PAID_AFTER_CLOSE", "PAYMENT_FAILED"]).nullable(),
  refund: RefundSchema.omit({ title: true, image: true }).nullable(),
  payments: z.array(PaymentSchema),
  /** When the member took it off their lists (it stays in the ledger's history). */
  deletedAt: z.number().nullable(),
  /** A seckill's order: the item whose stock and limit it counts against. */
  seckillItemId: Id.nullable(),
});
export type OrderRecordWire = z.infer<typeof OrderRecordWireSchema>;

/** A kept miles redemption (the API's MilesOrder without what is rendered in the caller's language). */
export const MilesRedemptionSchema = z.object({
  id: Id,
  orderNo: z.string(),
  openId: z.string(),
  productId: Id,
  lastName: z.string(),
  firstName: z.string(),
  memberNo: z.string(),
  mcoin: z.number().int().positive(),
  miles: z.number().int().positive(),
  status: z.enum(["redeeming", "credited", "refunded"]),
  createdAt: z.number(),
  creditedAt: z.number().nullable(),
  refund: z.object({ refundNo: z.string(), method: z.literal("mcoin"), reason: z.enum(["ACCOUNT_SUSPENDED"]), refundedAt: z.number() }).nullable(),
});

/** An offer's live numbers. */
export const OfferLiveSchema = z.object({
  stock: z.number().int().nonnegative(),
  sold: z.number().int().nonnegative(),
  likes: z.number().int().nonnegative(),
  status: z.enum(["online", "offline"]),
});

/** A seckill item's live numbers: what is left and what was sold. */
export const SeckillLiveSchema = z.object({ stock: z.number().int().nonnegative(), sold: z.number().int().nonnegative() });

/** A member's account as the state view shows it: their ledger, and what else the account keeps. */
export const AccountViewSchema = z.looseObject({ ledger: z.array(LedgerEntrySchema) });

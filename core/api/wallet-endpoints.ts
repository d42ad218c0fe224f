/**
 * The member's wallet and after-sale (docs/architecture.md, "Money, orders and state"): coupons by tab, codes to
 * redeem, mCoin coupons, confirming receipt of goods, deleting an order, refunds, payments given back. Orders themselves,
 * their statuses, cancellation and payment are in shop-endpoints.ts. The paths reuse the spec's URL
 * fragments (api/auth/mycoupon, updatecode, api/auth/coupons). Every state change carries an
 * Idempotency-Key.
 */
import { z } from "zod";
import { personalField } from "./personal";
import { REFUND_PHOTO_MAX_BYTES } from "./photo-limits";
import { COUPON_TABS, type CouponTab } from "./vocabulary";

export { REFUND_PHOTO_MAX_BYTES };
import { defineEndpoint } from "./define";
import { CouponSchema, OrderSchema, PaymentSchema, REFUND_PHOTOS_MAX, REFUND_REMARKS_MAX, RefundPhotoIdSchema, RefundReasonSchema, RefundSchema } from "./shop-endpoints";

const Int = z.coerce.number().int();
const Id = Int.positive().max(999_999_999);
const Paging = { page: Int.min(1).max(1000).default(1), size: Int.min(1).max(50).default(10) };
const Paged = { page: z.number(), size: z.number(), total: z.number(), hasMore: z.boolean() };

export { COUPON_TABS, type CouponTab };
export const CouponTabSchema = z.enum(COUPON_TABS);

/**
 * One order's coupons in a tab: the order (title, picture, kind, payment type) and those of its
 * coupons that belong to the tab. The list shows the first and folds away the rest.
 */
export const CouponGroupSchema = z.object({
  order: OrderSchema.omit({ coupons: true }),
  coupons: z.array(CouponSchema).min(1),
});
export type CouponGroup = z.infer<typeof CouponGroupSchema>;

/** My coupons, by tab, newest order first, with the count of coupons in each tab. */
export const couponList = defineEndpoint({
  name: "couponList",
  method: "GET",
  read: true,
  path: "/api/auth/mycoupon",
  auth: true,
  request: z.object({ ...Paging, tab: CouponTabSchema.default("unused") }),
  data: z.object({ list: z.array(CouponGroupSchema), ...Paged, counts: z.record(CouponTabSchema, z.number().int().nonnegative()) }),
});

/** A coupon worth mCoin: using it adds its mCoin to the member's balance (an `mcoin_coupon` ledger entry). */
export const McoinCouponSchema = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  mcoin: z.number().int().positive(),
  status: z.enum(["unused", "used", "expired"]),
  useUntil: z.number(),
  usedAt: z.number().nullable(),
});
export type McoinCoupon = z.infer<typeof McoinCouponSchema>;

/**
 * A code the member types to redeem (a gift, a promotion): it adds a gifted coupon, or an mCoin
 * coupon. Each code works once per member.
 */
export const redeemCode = defineEndpoint({
  name: "redeemCode",
  method: "POST",
  read: false,
  path: "/api/auth/updatecode",
  auth: true,
  idempotent: true,
  request: z.object({
    code: personalField(
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9-]{4,32}$/),
      "redemption-code",
    ),
  }),
  data: z.discriminatedUnion("kind", [z.object({ kind: z.literal("coupon"), order: OrderSchema }), z.object({ kind: z.literal("mcoin"), mcoinCoupon: McoinCouponSchema })]),
});

export const mcoinCouponList = defineEndpoint({
  name: "mcoinCouponList",
  method: "GET",
  read: true,
  path: "/api/auth/coupons",
  auth: true,
  request: z.object({ ...Paging }),
  data: z.object({ list: z.array(McoinCouponSchema), ...Paged }),
});

export const useMcoinCoupon = defineEndpoint({
  name: "useMcoinCoupon",
  method: "POST",
  read: false,
  path: "/api/auth/coupons/use",
  auth: true,
  idempotent: true,
  request: z.object({ couponId: Id }),
  data: z.object({ mcoinCoupon: McoinCouponSchema, balance: z.number().int().nonnegative() }),
});

/** The member has their goods: awaiting receipt or pick-up → completed. */
export const confirmReceipt = defineEndpoint({
  name: "confirmReceipt",
  method: "POST",
  read: false,
  path: "/api/auth/order/receive",
  auth: true,
  idempotent: true,
  request: z.object({ orderId: Id }),
  data: OrderSchema,
});

/** Takes a finished order off the member's lists; its ledger history stays. */
export const deleteOrder = defineEndpoint({
  name: "deleteOrder",
  method: "POST",
  read: false,
  path: "/api/auth/order/delete",
  auth: true,
  idempotent: true,
  request: z.object({ orderId: Id }),
  data: z.object({ deleted: z.literal(true) }),
});

/**
 * Applies for the refund of a whole order (spec section 4: once requested, its coupons are invalid,
 * irreversibly; only what was paid comes back). Every coupon of the order must be unused.
 */
export const applyRefund = defineEndpoint({
  name: "applyRefund",
  method: "POST",
  read: false,
  path: "/api/auth/refund",
  auth: true,
  idempotent: true,
  request: z
    .object({
      orderId: Id,
      reason: RefundReasonSchema,
      remarks: personalField(z.string().trim().max(REFUND_REMARKS_MAX), "free-text").default(""),
      /** Photos sent before (uploadRefundPhoto), each the member's own and not yet in a refund. */
      photoIds: z.array(RefundPhotoIdSchema).max(REFUND_PHOTOS_MAX).default([]),
    })
    .refine((refund) => refund.reason !== "other" || refund.remarks.length > 0, { message: "'other' needs remarks", path: ["remarks"] }),
  data: RefundSchema,
});

/** A JPEG or PNG as a base64 data URL, at most REFUND_PHOTO_MAX_BYTES once decoded. */
const PhotoDataUrl = z
  .string()
  .max(`data:image/jpeg;base64,`.length + Math.ceil(REFUND_PHOTO_MAX_BYTES / 3) * 4)
  .regex(/^data:image\/(jpeg|png);base64,[A-Za-z0-9+/]+={0,2}$/, "a photo is a JPEG or PNG data URL");

/**
 * Sends one photo for a refund the member is about to ask for; the refund names it by its id
 * (applyRefund `photoIds`). A photo no refund names is the member's alone and goes after a day.
 */
export const uploadRefundPhoto = defineEndpoint({
  name: "uploadRefundPhoto",
  method: "POST",
  read: false,
  path: "/api/auth/refund/photo",
  auth: true,
  idempotent: true,
  request: z.object({ image: personalField(PhotoDataUrl, "photo") }),
  data: z.object({ photoId: RefundPhotoIdSchema, bytes: z.number().int().positive() }),
});

/** The member's refund orders, newest first. */
export const refundList = defineEndpoint({
  name: "refundList",
  method: "GET",
  read: true,
  path: "/api/auth/refund/list",
  auth: true,
  request: z.object({ ...Paging }),
  data: z.object({ list: z.array(RefundSchema), ...Paged }),
});

/** A payment the wallet gives back, with the order it was made for. */
export const PaymentReturnSchema = PaymentSchema.omit({ outcome: true }).extend({
  orderNo: z.string(),
  reason: PaymentSchema.shape.reason.unwrap(),
});
export type PaymentReturn = z.infer<typeof PaymentReturnSchema>;

/**
 * The payments the gateway refused and the wallet gives back to the member (a second payment of a
 * paid order, one after the order closed, another amount), newest first, of every order of theirs:
 * an order the member deleted included, since money is history.
 */
export const paymentReturns = defineEndpoint({
  name: "paymentReturns",
  method: "GET",
  read: true,
  path: "/api/auth/payment/returns",
  auth: true,
  request: z.object({ ...Paging }),
  data: z.object({ list: z.array(PaymentReturnSchema), ...Paged }),
});

export const WALLET_ENDPOINTS = {
  couponList,
  redeemCode,
  mcoinCouponList,
  useMcoinCoupon,
  confirmReceipt,
  deleteOrder,
  uploadRefundPhoto,
  applyRefund,
  refundList,
  paymentReturns,
} as const;

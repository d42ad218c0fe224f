/**
 * Buying (docs/architecture.md, "Money, orders and state"): an offer's detail, placing an order, its status,
 * cancelling its payment, the wallet's settlement notice, the member's orders and mCoin ledger,
 * likes and favourites. The paths reuse the spec's URL fragments where it has one
 * (api/business/snapup, api/auth/voucherstatus, pay/macaupaycanceljs/, api/mini/order/list,
 * collection). Money: `…Cents` fields are integer cents of MOP; mCoin are whole numbers; times are
 * epoch milliseconds of the gateway's clock.
 *
 * Every call that changes state carries an `Idempotency-Key` header: the gateway answers a repeat
 * with its first reply and no second effect, and refuses a key reused with a different body.
 */
import { z } from "zod";
import { personalField } from "./personal";
import { REFUND_PHOTOS_MAX } from "./photo-limits";
import { FAVOURITE_TABS, ORDER_TABS, PAYMENT_TYPES, REFUND_REASONS, REFUND_REMARKS_MAX, type OrderTab } from "./vocabulary";

export { PAYMENT_TYPES, REFUND_PHOTOS_MAX, REFUND_REASONS, REFUND_REMARKS_MAX };
import { defineEndpoint } from "./define";
import { OfferSummarySchema, StoreSummarySchema } from "./catalog-endpoints";
import { AddressSchema } from "./endpoints";

const Int = z.coerce.number().int();
const Id = Int.positive().max(999_999_999);
/** Where the member is (their phone's location): personal (./personal.ts). */
const Lat = personalField(z.coerce.number().min(-90).max(90), "latitude").optional();
const Lng = personalField(z.coerce.number().min(-180).max(180), "longitude").optional();

/** The header that makes a state change safe to repeat. */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
/** What a key looks like: the mall mints a random one per rendered form. */
export const IdempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "an idempotency key is 16 to 64 letters, digits, '-' or '_'");

export const PaymentTypeSchema = z.union([z.literal(0), z.literal(5), z.literal(9), z.literal(11)]);
export type PaymentType = z.infer<typeof PaymentTypeSchema>;

/**
 * Order statuses (spec section 4, and docs/money.md, "Orders"). Coupons: awaiting payment →
 * received → used, or refunding → refunded; goods: awaiting payment → awaiting shipment → awaiting
 * receipt (or pick-up) → completed; any unpaid order → closed.
 */
export const ORDER_STATUSES = ["awaiting_payment", "received", "used", "refunding", "refunded", "awaiting_shipment", "awaiting_receipt", "awaiting_pickup", "completed", "closed"] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/** Why an offer cannot be bought now (spec section 8's messages), or "available". */
export const OFFER_AVAILABILITY = ["available", "sold_out", "not_started", "ended", "taken_down"] as const;
export const OfferAvailabilitySchema = z.enum(OFFER_AVAILABILITY);
export type OfferAvailability = z.infer<typeof OfferAvailabilitySchema>;

/**
 * Why the gateway refused a purchase or a payment step. A refusal is a reply with a non-success
 * code, the spec's message in the caller's language (`msg`), and `data.reason`, which the mall
 * translates itself.
 */
export const SHOP_REFUSALS = [
  /** 'Insufficient mCoin!': the balance is below what the order needs. */
  "INSUFFICIENT_MCOIN",
  /** 'Insufficient mCoin balance. Please select again.': the mCoin chosen is not allowed (range, step). */
  "MCOIN_NOT_ALLOWED",
  /** 'Out of Stock': fewer pieces are left than asked for. */
  "OUT_OF_STOCK",
  /** Coupons sold out: none left. */
  "SOLD_OUT",
  /** Goods to deliver, and the member has no address. */
  "ADDRESS_REQUIRED",
  /** 'This offer is no longer available.' (coupon taken down). */
  "TAKEN_DOWN",
  "NOT_STARTED",
  "ENDED",
  /** The member's limit for this offer would be passed. */
  "LIMIT_REACHED",
  /** An age-restricted offer, and the member did not say they are 18 or older. */
  "ADULTS_ONLY",
  "ORDER_NOT_FOUND",
  /** 'Unable to cancel the order': it is no longer awaiting payment. */
  "CANNOT_CANCEL",
  /** 'The order has been established beyond the designated cancellation window and cannot be canceled'. */
  "CANCEL_WINDOW_PASSED",
  /** A refund of an order whose coupons are not all unused (used, expired, already refunding). */
  "CANNOT_REFUND",
  /** A refund whose order's earned mCoin are spent (or held by an unpaid order): the balance must cover them first. */
  "EARNING_SPENT",
  /** Only a closed, completed, used, expired or refunded order can be deleted. */
  "CANNOT_DELETE",
  /** A refund's photo that is not a JPEG or PNG, or is larger than the gateway takes. */
  "PHOTO_INVALID",
  /** A refund naming a photo that is not the member's, is in another refund already, or has gone. */
  "PHOTO_UNKNOWN",
  /** Confirming receipt of goods that are not on their way. */
  "CANNOT_CONFIRM",
  /** A code that redeems nothing (unknown, used up, expired). */
  "CODE_INVALID",
  /** A coupon redeemed (or an mCoin coupon used) already. */
  "ALREADY_USED",
  /** A second check-in on the same day of Macau. */
  "ALREADY_CHECKED_IN",
  /** Asia Miles: no airline member account has this number and name. */
  "MILES_ACCOUNT_NOT_FOUND",
  /** Asia Miles: the amount is not one of the offered 'X mCoin for Y miles' steps. */
  "MILES_STEP_INVALID",
  /** 'You have reached the daily redemption limit' */
  "MILES_DAILY_LIMIT",
  /** 'You have reached the monthly redemption limit' */
  "MILES_MONTHLY_LIMIT",
  /** 'Member redemption limited lower than redeemed miles standard.': what is left of the month is below the smallest step. */
  "MILES_BELOW_STANDARD",
  /** A settlement notice for an order that has closed: the wallet refunds the cash. */
  "ORDER_CLOSED",
  /** A second, different payment of an order already paid (or being refunded): the wallet refunds it. */
  "DUPLICATE_PAYMENT",
  /** A settlement notice whose amount is not the cash due. */
  "AMOUNT_MISMATCH",
  /** 'Max addresses reached. Remove to add new.' (core/address/book.ts, ADDRESS_LIMIT) */
  "ADDRESS_LIMIT",
  /** An address id that is not one of the member's. */
  "ADDRESS_NOT_FOUND",
  "IDEMPOTENCY_KEY_REQUIRED",
  /** The key was used before with another request. */
  "IDEMPOTENCY_KEY_REUSED",
] as const;
export const ShopRefusalSchema = z.enum(SHOP_REFUSALS);
export type ShopRefusal = z.infer<typeof ShopRefusalSchema>;

/** The refusal's reason in a gateway reply body (an ApiError's `body`), or null. */
export function shopRefusal(body: unknown): ShopRefusal | null {
  const reason = (body as { data?: { reason?: unknown } } | null)?.data?.reason;
  const parsed = ShopRefusalSchema.safeParse(reason);
  return parsed.success ? parsed.data : null;
}

/** Coupons and vouchers are "coupon"; goods are delivered to an address, or picked up at a store. */
export const FulfilmentSchema = z.enum(["coupon", "delivery", "pickup"]);

export const OfferDetailSchema = OfferSummarySchema.extend({
  /** Every picture of the offer, the first being `image`. */
  images: z.array(z.string()).min(1),
  priceCents: z.number().int().nonnegative(),
  originalPriceCents: z.number().int().nonnegative(),
  /** Pieces one member may buy in all. */
  limitPerMember: z.number().int().positive(),
  /** Pieces this member holds already (orders not closed); null when nobody is signed in. */
  boughtByMember: z.number().int().nonnegative().nullable(),
  availability: OfferAvailabilitySchema,
  paymentType: PaymentTypeSchema,
  /** Delivery goods need an address at checkout (createOrder's addressId); pickup goods and coupons do not. */
  fulfilment: FulfilmentSchema,
  /** Until when a bought piece can be used. */
  useUntil: z.number(),
  usage: z.string(),
  terms: z.string(),
  /** Where it can be used, nearest first when a location was given. */
  stores: z.array(StoreSummarySchema),
  liked: z.boolean(),
  collected: z.boolean(),
});
export type OfferDetail = z.infer<typeof OfferDetailSchema>;

export const offerDetail = defineEndpoint({
  name: "offerDetail",
  method: "GET",
  read: true,
  path: "/api/business/productdetail",
  // Anyone may look; a signed-in member's token adds what they bought, liked and collected.
  auth: false,
  request: z.object({ id: Id, lat: Lat, lng: Lng }),
  data: OfferDetailSchema,
});

/** Why an order did not go through, for the failure pop-up (spec: "the failure text"). */
export const OrderFailureSchema = z.object({
  /** PAID_AFTER_CLOSE: the cash came after the order had closed, and is refunded automatically. */
  code: z.enum(["PAID_AFTER_CLOSE", "PAYMENT_FAILED"]),
  message: z.string(),
});

/**
 * What kind of order (spec section 3: pickup, group-buy, flash sale, bargain): labelled on lists and
 * the detail. "gift": a coupon given to the member (a redeemed code), not bought; "seckill": snapped up
 * in a seckill (its price, stock and limit are the seckill item's).
 */
export const ORDER_KINDS = ["normal", "pickup", "group_buy", "flash_sale", "seckill", "bargain", "gift"] as const;
export const OrderKindSchema = z.enum(ORDER_KINDS);

/** A coupon's own state: one piece of an order (coupons and vouchers; goods have none). */
export const COUPON_STATUSES = ["unused", "used", "expired", "refunding", "refunded"] as const;
export const CouponSchema = z.object({
  id: z.number().int().positive(),
  /** The coupon's number, shown with a copy button. */
  couponNo: personalField(z.string(), "coupon-number"),
  /** The redemption (write-off) code a merchant's till takes, and the QR code encodes. */
  redemptionCode: personalField(z.string(), "redemption-code"),
  status: z.enum(COUPON_STATUSES),
  useUntil: z.number(),
  usedAt: z.number().nullable(),
  /** Where it was used, once used. */
  usedAtStore: z.string().nullable(),
});
export type Coupon = z.infer<typeof CouponSchema>;

/** The spec's 8 refund reasons (section 5); "other" asks for remarks. */
export const RefundReasonSchema = z.enum(REFUND_REASONS);

/** Where a refund takes the order's earning back from (core/money/refund.ts); the parts add up to all of it. */
export const EarningReversalSchema = z.object({
  fromMcoinRefund: z.number().int().nonnegative(),
  fromBalance: z.number().int().nonnegative(),
});

/** A photo as the gateway keeps it: its id, which a refund names. */
export const RefundPhotoIdSchema = z.string().regex(/^ph_[0-9a-f]{32}$/, "a photo id is ph_ and 32 hexadecimal digits");

/** A refund order (spec section 3: refund order number, amounts requested and refunded, dates, reason, remarks, refund number). */
export const RefundSchema = z.object({
  id: z.number().int().positive(),
  /** The refund order's number. */
  refundOrderNo: z.string(),
  orderId: z.number().int().positive(),
  orderNo: z.string(),
  title: z.string(),
  image: z.string(),
  reason: RefundReasonSchema,
  remarks: personalField(z.string(), "free-text"),
  /** How many photos the member sent with the refund. */
  photoCount: z.number().int().min(0).max(REFUND_PHOTOS_MAX).default(0),
  /** What was paid and is asked back: the cash part and the mCoin part. */
  cashRequestedCents: z.number().int().nonnegative(),
  mcoinRequested: z.number().int().nonnegative(),
  /** What reached the member, once refunded: all the cash, and the mCoin less the earning's part of them. */
  cashRefundedCents: z.number().int().nonnegative(),
  mcoinRefunded: z.number().int().nonnegative(),
  /** The mCoin the order's cash earned, taken back in full in mCoin (core/money/refund.ts), fixed when the refund is asked for. */
  earningReversal: EarningReversalSchema,
  status: z.enum(["refunding", "refunded"]),
  requestedAt: z.number(),
  refundedAt: z.number().nullable(),
  /** The wallet's refund transaction number, once refunded. */
  refundNo: z.string().nullable(),
});
export type Refund = z.infer<typeof RefundSchema>;

/**
 * A payment the wallet made for an order, as its settlement notice said. One settles the order; any
 * other is refused, and its refusal tells the wallet to give the money back: a second payment of an
 * order already paid (DUPLICATE_PAYMENT), a payment after the order closed (ORDER_CLOSED), or one of
 * another amount than the cash due (AMOUNT_MISMATCH).
 */
export const PAYMENT_REFUSALS = ["DUPLICATE_PAYMENT", "ORDER_CLOSED", "AMOUNT_MISMATCH"] as const;
export const PaymentSchema = z.object({
  paymentId: z.string(),
  amountCents: z.number().int().nonnegative(),
  /** When the notice arrived. */
  at: z.number(),
  outcome: z.enum(["settled", "refunded"]),
  /** Why a refunded payment was refused; null for the one that settled. */
  reason: z.enum(PAYMENT_REFUSALS).nullable(),
});
export type Payment = z.infer<typeof PaymentSchema>;

export const OrderSchema = z.object({
  id: z.number().int().positive(),
  /** The number shown to the member and the wallet's cashier. */
  orderNo: z.string(),
  offerId: z.number().int().positive(),
  kind: z.enum(["coupon", "voucher", "goods"]),
  title: z.string(),
  image: z.string(),
  quantity: z.number().int().positive(),
  amountCents: z.number().int().nonnegative(),
  mcoinUsed: z.number().int().nonnegative(),
  cashCents: z.number().int().nonnegative(),
  status: OrderStatusSchema,
  paymentType: PaymentTypeSchema,
  createdAt: z.number(),
  /** An unpaid order closes by itself at this time (its mCoin and stock go back). */
  payBy: z.number(),
  paidAt: z.number().nullable(),
  /** The wallet's payment id, once settled. */
  paymentId: z.string().nullable(),
  /** Every payment the wallet notified, oldest first: the one that settled, and those it was told to give back. */
  payments: z.array(PaymentSchema),
  /** mCoin the cash part earned, once settled. */
  mcoinEarned: z.number().int().nonnegative(),
  /** Payment type 9: where the member uses the coupon. */
  couponUrl: z.string().nullable(),
  /** Payment type 11: the third-party voucher's code, once received. */
  otherCode: personalField(z.string(), "redemption-code").nullable(),
  failure: OrderFailureSchema.nullable(),
  orderKind: OrderKindSchema,
  fulfilment: FulfilmentSchema,
  /** An unpaid goods order can be cancelled until this time, not after (spec section 4); else null. */
  cancelBy: z.number().nullable(),
  /** Where goods go (delivery). */
  address: AddressSchema.nullable(),
  /** One per piece, once received (coupons and vouchers). */
  coupons: z.array(CouponSchema),
  refund: RefundSchema.nullable(),
  shippedAt: z.number().nullable(),
  completedAt: z.number().nullable(),
});
export type Order = z.infer<typeof OrderSchema>;

/**
 * Places an order (checkout). Stock, the member's limit and the mCoin rules are checked and the
 * mCoin is held in one step; an order with no cash part is settled at once. Refusals keep the spec's
 * messages: 'Insufficient mCoin!', 'Out of Stock', 'This offer is no longer available.', ...
 */
export const createOrder = defineEndpoint({
  name: "createOrder",
  method: "POST",
  read: false,
  idempotent: true,
  path: "/api/business/snapup",
  auth: true,
  request: z.object({
    offerId: Id,
    quantity: Int.min(1).max(99),
    mcoinUsed: Int.min(0).max(100_000_000),
    /** The member said they are 18 or older (age-restricted offers refuse without it). */
    adult: z.boolean().default(false),
    /** Goods to deliver: the member's address (their default when absent). */
    addressId: Id.optional(),
  }),
  data: OrderSchema,
});

/** An order of the member's, as the gateway has it now (the page never trusts the cashier's answer alone). */
export const orderStatus = defineEndpoint({
  name: "orderStatus",
  method: "GET",
  read: true,
  path: "/api/auth/voucherstatus",
  auth: true,
  request: z.object({ orderId: Id }),
  data: OrderSchema,
});

/** The member left the cashier: the unpaid order closes and its mCoin and stock go back. */
export const cancelPayment = defineEndpoint({
  name: "cancelPayment",
  method: "POST",
  read: false,
  idempotent: true,
  path: "/pay/macaupaycanceljs/",
  auth: true,
  request: z.object({ orderId: Id }),
  data: OrderSchema,
});

/**
 * The wallet's settlement notice, server to server (never from a page): the cash of an order was
 * paid, or failed. Signed by the wallet: `Wallet-Signature` is the hex HMAC-SHA256 of the raw body
 * with the secret the wallet and the gateway share. Settles once; a repeat answers the order as it
 * is; a notice for a closed order is refused (the wallet refunds the cash); the amount must equal
 * the cash due.
 */
export const WALLET_SIGNATURE_HEADER = "Wallet-Signature";
export const walletNotify = defineEndpoint({
  name: "walletNotify",
  method: "POST",
  read: false,
  path: "/pay/notify",
  auth: false,
  request: z.object({
    orderNo: z.string().regex(/^[A-Z0-9]{8,32}$/),
    paymentId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
    amountCents: Int.min(0).max(100_000_000),
    status: z.enum(["PAID", "FAILED"]),
  }),
  data: OrderSchema,
});

const Paging = { page: Int.min(1).max(1000).default(1), size: Int.min(1).max(50).default(10) };

/**
 * The order list's tabs (spec section 4): all, unpaid, unshipped, shipped, completed, return/refund,
 * post-sale. ORDER_TAB_STATUSES is where each tab is defined: the statuses of the orders it lists.
 * "all" lists every order; received (coupons in hand) and closed orders are in "all" only.
 */
export { ORDER_TABS, type OrderTab };
export const OrderTabSchema = z.enum(ORDER_TABS);
export const ORDER_TAB_STATUSES: Readonly<Record<Exclude<OrderTab, "all">, readonly OrderStatus[]>> = {
  unpaid: ["awaiting_payment"],
  unshipped: ["awaiting_shipment"],
  shipped: ["awaiting_receipt", "awaiting_pickup"],
  completed: ["completed", "used"],
  /** "Return/refund": a refund asked for and under way. */
  refund: ["refunding"],
  /** "Post-sale": the refund is done. */
  after_sale: ["refunded"],
};

/** The member's orders, newest first, by tab; goods (logistics orders), coupons, or all. Deleted orders are not listed. */
export const orderList = defineEndpoint({
  name: "orderList",
  method: "GET",
  read: true,
  path: "/api/mini/order/list",
  auth: true,
  request: z.object({ ...Paging, tab: OrderTabSchema.default("all"), type: z.enum(["all", "goods", "coupon"]).default("all") }),
  data: z.object({
    list: z.array(OrderSchema),
    page: z.number(),
    size: z.number(),
    total: z.number(),
    hasMore: z.boolean(),
    /** Orders in each tab (of this type). */
    counts: z.record(OrderTabSchema, z.number().int().nonnegative()),
  }),
});

/** `earning_reversed`: a refund takes back what the refunded cash had earned. */
export const LEDGER_ENTRY_TYPES = ["opening", "purchase", "purchase_released", "earning", "earning_reversed", "refund", "check_in", "miles", "mcoin_coupon", "adjustment"] as const;
export const LedgerEntrySchema = z.object({
  seq: z.number().int().positive(),
  at: z.number(),
  type: z.enum(LEDGER_ENTRY_TYPES),
  /** Signed: what the entry added to the balance. */
  amount: z.number().int(),
  balanceAfter: z.number().int().nonnegative(),
  orderId: z.number().int().positive().nullable(),
  orderNo: z.string().nullable(),
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

/** The member's mCoin ledger, newest first: every entry with the balance after it (the points screen). */
export const mcoinLedger = defineEndpoint({
  name: "mcoinLedger",
  method: "GET",
  read: true,
  path: "/api/auth/mcoinrecord",
  auth: true,
  request: z.object({ ...Paging, direction: z.enum(["earned", "spent"]).optional() }),
  data: z.object({ balance: z.number().int().nonnegative(), list: z.array(LedgerEntrySchema), page: z.number(), size: z.number(), total: z.number(), hasMore: z.boolean() }),
});

export const likeOffer = defineEndpoint({
  name: "likeOffer",
  method: "POST",
  read: false,
  path: "/api/business/like",
  auth: true,
  request: z.object({ offerId: Id, liked: z.boolean() }),
  data: z.object({ liked: z.boolean(), likes: z.number().int().nonnegative() }),
});

/** Adds an offer to the member's favourites, or takes it out (the favourites screen lists them). */
export const collectOffer = defineEndpoint({
  name: "collectOffer",
  method: "POST",
  read: false,
  path: "/api/auth/collection",
  auth: true,
  request: z.object({ offerId: Id, collected: z.boolean() }),
  data: z.object({ collected: z.boolean() }),
});

/** Which of these offers (at most 100, comma-separated ids) the member has favourited: a store's stars. */
export const collectionCheck = defineEndpoint({
  name: "collectionCheck",
  method: "GET",
  read: true,
  path: "/api/auth/collection/check",
  auth: true,
  request: z.object({
    // Sent as it is (the client sends what the declaration outputs): the gateway splits it.
    offerIds: z.string().regex(/^\d{1,9}(,\d{1,9}){0,99}$/, "offerIds is up to 100 ids separated by commas"),
  }),
  data: z.object({ collected: z.array(Id) }),
});

export const FavouriteTabSchema = z.enum(FAVOURITE_TABS);

/** The member's favourite offers of one tab, the latest added first. */
export const favouriteList = defineEndpoint({
  name: "favouriteList",
  method: "GET",
  read: true,
  path: "/api/auth/collection/list",
  auth: true,
  request: z.object({ ...Paging, tab: FavouriteTabSchema.default("coupons") }),
  data: z.object({
    list: z.array(OfferSummarySchema),
    page: z.number(),
    size: z.number(),
    total: z.number(),
    hasMore: z.boolean(),
    counts: z.record(FavouriteTabSchema, z.number().int().nonnegative()),
  }),
});

export const SHOP_ENDPOINTS = {
  offerDetail,
  createOrder,
  orderStatus,
  cancelPayment,
  walletNotify,
  orderList,
  mcoinLedger,
  likeOffer,
  collectOffer,
  collectionCheck,
  favouriteList,
} as const;

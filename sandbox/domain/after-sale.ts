/**
 * After the sale (docs/money.md, "Refunds", "Merchants' tills"): coupons redeemed at a merchant's
 * till, goods shipped and received, refunds asked for, finished orders deleted, and the codes a
 * member types (a gifted coupon or an mCoin coupon). Each rule is one synchronous step over the
 * order book (order-book.ts), which moves the order and keeps its indexes.
 *
 * - A merchant's till redeems a coupon's code once, only at the stores of its offer.
 * - Settled goods wait to be shipped (a sandbox control), then the member confirms receipt or
 *   pick-up.
 * - A refund is of the whole order: every coupon unused (none used or expired), or goods not yet
 *   shipped. Asking for it invalidates the coupons at once and for good and fixes its terms
 *   (settlement.ts): what the cash earned is taken back in full, in mCoin, from the mCoin refunded
 *   and then from the balance at once (`earning_reversed`); when they cannot cover it the refund is
 *   refused (EARNING_SPENT). The order book completes it on the sandbox clock.
 * - A finished order (closed, used, completed, refunded, or whose coupons have all expired) can be
 *   deleted: it leaves the member's lists; its ledger entries stay.
 * - Codes (fixtures/wallet.json) give a coupon (a "gift" order, nothing paid, not refundable) or an
 *   mCoin coupon, once per member.
 */
import type { z } from "zod";
import type { RefundReasonSchema } from "#core/api/shop-endpoints";
import type { CatalogQueries } from "./catalog";
import { done, refused, type Books, type Outcome } from "./books";
import type { CodeFixture } from "./codes";
import { balanceOf, post, type McoinCouponRecord } from "./ledger";
import { MAX_ORDERS_PER_MEMBER, type OrderBook } from "./order-book";
import type { Redemption } from "./order-readings";
import { couponAt, refundOrderNumber, type OrderRecord } from "./orders";
import { openRefund } from "./settlement";

/** mCoin coupons a member may hold: a bound, like the orders'. */
export const MAX_MCOIN_COUPONS = 200;

export interface AfterSaleContext {
  catalog: CatalogQueries;
  /** The codes members can redeem (fixtures/wallet.json). */
  codes(): readonly CodeFixture[];
}

export interface RefundRequest {
  orderId: number;
  reason: z.infer<typeof RefundReasonSchema>;
  remarks: string;
  /** How many photos the member sent with it (checked by the handler: sandbox/domain/refund-photos.ts). */
  photoCount?: number;
}

export class AfterSale {
  private readonly books: Books;
  private readonly orders: OrderBook;
  private readonly context: AfterSaleContext;

  constructor(books: Books, orders: OrderBook, context: AfterSaleContext) {
    this.books = books;
    this.orders = orders;
    this.context = context;
  }

  /**
   * A merchant's till takes a redemption code (a sandbox control, which names the till's store; the
   * gateway's merchant side is not the mall's): the coupon is used, once. `storeId` must be one of
   * the offer's stores (its first when absent: the seeded history's tills). The order is used when
   * none of its coupons is left unused.
   */
  redeem(code: string, storeId?: number): Outcome<Redemption> {
    this.books.closeDue();
    const found = this.orders.byCode(code);
    if (!found || found.order.deletedAt !== null) return refused("CODE_INVALID");
    const { order, coupon } = found;
    // Another store's till learns nothing of the code, not even that it was used.
    const offer = this.context.catalog.offer(order.offerId);
    const store = storeId ?? offer?.storeIds[0];
    if (store === undefined || !offer?.storeIds.includes(store)) return refused("CODE_INVALID");
    const now = this.books.now();
    const current = couponAt(coupon, now).status;
    if (current === "used") return refused("ALREADY_USED");
    if (current !== "unused") return refused("CODE_INVALID");
    coupon.status = "used";
    coupon.usedAt = now;
    coupon.usedAtStore = String(store);
    if (!order.coupons.some((piece) => couponAt(piece, now).status === "unused") && order.status === "received") {
      this.orders.move(order, "used");
      order.completedAt = now;
    }
    this.orders.touch(order);
    return done(found);
  }

  /** A sandbox control: settled goods leave (delivery: awaiting receipt) or are ready at the store (pick-up). */
  ship(orderNo: string): Outcome<OrderRecord> {
    const order = this.orders.byNumber(orderNo);
    if (!order || order.deletedAt !== null) return refused("ORDER_NOT_FOUND");
    if (order.status !== "awaiting_shipment") return refused("CANNOT_CONFIRM");
    this.orders.move(order, order.fulfilment === "pickup" ? "awaiting_pickup" : "awaiting_receipt");
    order.shippedAt = this.books.now();
    return done(order);
  }

  /** The member has their goods: awaiting receipt or pick-up → completed. */
  confirmReceipt(openId: string, orderId: number): Outcome<OrderRecord> {
    const order = this.orders.get(openId, orderId);
    if (!order) return refused("ORDER_NOT_FOUND");
    if (order.status !== "awaiting_receipt" && order.status !== "awaiting_pickup") return refused("CANNOT_CONFIRM");
    this.orders.move(order, "completed");
    order.completedAt = this.books.now();
    return done(order);
  }

  /** Whether the member may ask for the order's money back now (see the header). */
  refundable(order: OrderRecord): boolean {
    if (order.orderKind === "gift" || order.refund !== null || order.deletedAt !== null) return false;
    if (order.fulfilment !== "coupon") return order.status === "awaiting_shipment";
    const now = this.books.now();
    return order.status === "received" && order.coupons.length > 0 && order.coupons.every((coupon) => couponAt(coupon, now).status === "unused");
  }

  /** Whether the order is finished, so the member may delete it. */
  deletable(order: OrderRecord): boolean {
    if (["closed", "used", "completed", "refunded"].includes(order.status)) return true;
    const now = this.books.now();
    return order.status === "received" && order.coupons.length > 0 && !order.coupons.some((coupon) => couponAt(coupon, now).status === "unused");
  }

  /** Asks for the whole order's money back: its coupons are invalid from now on, for good. */
  requestRefund(openId: string, request: RefundRequest): Outcome<OrderRecord> {
    const order = this.orders.get(openId, request.orderId);
    if (!order) return refused("ORDER_NOT_FOUND");
    if (!this.refundable(order)) return refused("CANNOT_REFUND");
    const now = this.books.now();
    const refund = openRefund(
      order,
      this.books.account(openId),
      { reason: request.reason, remarks: request.remarks, photoCount: request.photoCount ?? 0, refundOrderNo: refundOrderNumber(order.id, now) },
      now,
    );
    if (!refund) return refused("EARNING_SPENT");
    this.orders.move(order, "refunding");
    for (const coupon of order.coupons) coupon.status = "refunding";
    order.refund = refund;
    return done(order);
  }

  /** Takes a finished order off the member's lists. */
  deleteOrder(openId: string, orderId: number): Outcome<OrderRecord> {
    const order = this.orders.get(openId, orderId);
    if (!order) return refused("ORDER_NOT_FOUND");
    if (!this.deletable(order)) return refused("CANNOT_DELETE");
    order.deletedAt = this.books.now();
    this.orders.touch(order);
    return done(order);
  }

  /** Redeems a code the member typed: a gifted coupon or an mCoin coupon, once per member. */
  redeemCode(openId: string, typed: string): Outcome<{ kind: "coupon"; order: OrderRecord } | { kind: "mcoin"; mcoinCoupon: McoinCouponRecord }> {
    this.books.closeDue();
    const code = typed.trim().toUpperCase();
    const now = this.books.now();
    const fixture = this.context.codes().find((candidate) => candidate.code === code);
    const account = this.books.account(openId);
    if (!fixture || now > this.context.catalog.at(fixture.until) || account.redeemedCodes.includes(code)) return refused("CODE_INVALID");
    if (fixture.kind === "mcoin") {
      if (account.mcoinCoupons.length >= MAX_MCOIN_COUPONS) return refused("CODE_INVALID");
      const coupon: McoinCouponRecord = {
        id: account.mcoinCoupons.length + 1,
        title: fixture.title,
        mcoin: fixture.mcoin,
        status: "unused",
        useUntil: now + fixture.validDays * 24 * 3_600_000,
        usedAt: null,
      };
      account.mcoinCoupons.push(coupon);
      account.redeemedCodes.push(code);
      account.revision += 1;
      this.books.changed();
      return done({ kind: "mcoin", mcoinCoupon: coupon });
    }
    const offer = this.context.catalog.offer(fixture.offerId);
    if (!offer || offer.kind === "goods" || this.orders.ofMember(openId).length >= MAX_ORDERS_PER_MEMBER) return refused("CODE_INVALID");
    const order = this.orders.open(openId, offer, now, { quantity: 1, amountCents: 0, mcoinUsed: 0, cashCents: 0, payBy: now, orderKind: "gift", fulfilment: "coupon", cancelBy: null, address: null });
    this.orders.settle(order, now, null);
    account.redeemedCodes.push(code);
    this.books.changed();
    return done({ kind: "coupon", order });
  }

  /** The member's mCoin coupons, newest first, an unused one past its validity read as expired. */
  mcoinCoupons(openId: string): (Omit<McoinCouponRecord, "status"> & { status: "unused" | "used" | "expired" })[] {
    const now = this.books.now();
    return [...this.books.account(openId).mcoinCoupons].reverse().map((coupon) => ({ ...coupon, status: coupon.status === "unused" && coupon.useUntil < now ? "expired" : coupon.status }));
  }

  /** Uses an mCoin coupon: its mCoin is added to the balance (an `mcoin_coupon` entry), once. */
  useMcoinCoupon(openId: string, couponId: number): Outcome<{ mcoinCoupon: McoinCouponRecord; balance: number }> {
    this.books.closeDue();
    const account = this.books.account(openId);
    const coupon = account.mcoinCoupons.find((candidate) => candidate.id === couponId);
    if (!coupon) return refused("CODE_INVALID");
    if (coupon.status === "used") return refused("ALREADY_USED");
    const now = this.books.now();
    if (coupon.useUntil < now) return refused("CODE_INVALID");
    coupon.status = "used";
    coupon.usedAt = now;
    post(account, { type: "mcoin_coupon", amount: coupon.mcoin, at: now });
    this.books.changed();
    return done({ mcoinCoupon: coupon, balance: balanceOf(account) });
  }
}

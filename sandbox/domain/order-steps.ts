/**
 * The steps an order is taken through (order-book.ts), which the other aggregates take too
 * (after-sale.ts, promotions.ts): opening one, holding its mCoin, settling it, moving it through the
 * state machine (order-machine.ts), so that its indexes, stock and coupons follow; and what falls due
 * on the clock: an unpaid order closing at the end of its window, a refund completing
 * REFUND_PROCESSING_MS after it was asked for.
 */
import { randomBytes, randomInt } from "node:crypto";
import type { OrderStatus } from "#core/api/shop-endpoints";
import type { CatalogOffer } from "../catalog-schema";
import type { Books } from "./books";
import { post } from "./ledger";
import { transition } from "./order-machine";
import { OrderReadings, addToIndex, type OrderBookContext } from "./order-readings";
import { orderNumber, type CouponRecord, type OrderRecord, type RefundRecord } from "./orders";
import { closeRefund, earn } from "./settlement";

/** A refund completes this long after it is requested, on the sandbox clock (move the clock to skip it). */
export const REFUND_PROCESSING_MS = 2 * 60_000;

/** What differs between the orders the rules open; the rest follows from the offer and the clock. */
export type OrderFields = Pick<OrderRecord, "quantity" | "amountCents" | "mcoinUsed" | "cashCents" | "payBy" | "orderKind" | "fulfilment" | "cancelBy" | "address">;

export class OrderSteps extends OrderReadings {
  constructor(books: Books, context: OrderBookContext) {
    super(books, context);
    books.onDue((now) => this.due(now));
  }

  /** A new order awaiting payment, numbered and indexed; what differs between orders comes in `fields`. */
  open(openId: string, offer: CatalogOffer, now: number, fields: OrderFields): OrderRecord {
    const id = this.data.orderSeq + 1;
    const opened: OrderRecord = {
      ...fields,
      id,
      orderNo: orderNumber(id, now),
      openId,
      offerId: offer.id,
      status: "awaiting_payment",
      paymentType: offer.paymentType,
      createdAt: now,
      paidAt: null,
      paymentId: null,
      mcoinEarned: 0,
      couponUrl: offer.couponUrl ?? null,
      otherCode: null,
      failure: null,
      coupons: [],
      refund: null,
      payments: [],
      shippedAt: null,
      completedAt: null,
      deletedAt: null,
      seckillItemId: null,
    };
    this.data.orderSeq = id;
    this.data.orders.set(String(id), opened);
    // The record as the store keeps it (it may track edits: sandbox/store/tracked.ts), so the index holds the same object every reading meets.
    const order = this.data.orders.get(String(id))!;
    addToIndex(this.indexed(), order);
    return order;
  }

  /** The order's mCoin are held from the member's balance (a `purchase` entry); with none, its member's revision grows all the same. */
  hold(order: OrderRecord, at: number): void {
    const account = this.books.account(order.openId);
    if (order.mcoinUsed > 0) post(account, { type: "purchase", amount: -order.mcoinUsed, at, orderId: order.id, orderNo: order.orderNo });
    else account.revision += 1;
  }

  /** Paid (or nothing to pay): coupons are the member's, goods wait to be shipped; the cash earns mCoin. */
  settle(order: OrderRecord, at: number, paymentId: string | null): void {
    const offer = this.context.catalog.offer(order.offerId);
    this.move(order, offer?.kind === "goods" ? "awaiting_shipment" : "received");
    order.paidAt = at;
    order.paymentId = paymentId;
    order.failure = null;
    if (order.paymentType === 11) order.otherCode = otherCode();
    if (offer && offer.kind !== "goods") {
      const useUntil = this.context.catalog.at(offer.useUntil);
      const index = this.indexed();
      for (let piece = 1; piece <= order.quantity; piece += 1) {
        const coupon: CouponRecord = {
          id: order.id * 100 + piece,
          couponNo: `${order.orderNo}${String(piece).padStart(2, "0")}`,
          redemptionCode: this.newRedemptionCode(),
          status: "unused",
          useUntil,
          usedAt: null,
          usedAtStore: null,
        };
        order.coupons.push(coupon);
        index.byCode.set(coupon.redemptionCode, { order, coupon });
      }
    }
    earn(order, this.books.account(order.openId), at);
  }

  /** Moves an order through the state machine; a move the table refuses is a bug in a rule. */
  move(order: OrderRecord, to: OrderStatus): void {
    const result = transition(order, to);
    if (!result.ok) throw new Error(`order ${order.id}: ${result.message}`);
    // It leaves whichever of the awaiting and refunding sets it was in, and joins the refunding one if it goes there.
    const index = this.indexed();
    index.awaiting.delete(order);
    index.refunding.delete(order);
    if (to === "refunding") index.refunding.add(order);
    this.touch(order);
  }

  /** The order changed: its member's revision grows. */
  touch(order: OrderRecord): void {
    this.books.account(order.openId).revision += 1;
    this.books.changed();
  }

  /** Unpaid orders whose payment window has passed close; refunds whose processing time has passed complete. */
  private due(now: number) {
    const index = this.indexed();
    return [
      ...[...index.awaiting].filter((order) => order.payBy <= now).map((order) => ({ at: order.payBy, id: order.id, run: () => this.close(order, order.payBy) })),
      ...[...index.refunding]
        .filter((order) => order.refund !== null && order.refund.requestedAt + REFUND_PROCESSING_MS <= now)
        .map((order) => {
          const refund = order.refund!;
          const at = refund.requestedAt + REFUND_PROCESSING_MS;
          return { at, id: order.id, run: () => this.completeRefund(order, refund, at) };
        }),
    ];
  }

  /** Closed unpaid: the stock and the mCoin held go back. */
  protected close(order: OrderRecord, at: number): void {
    this.move(order, "closed");
    this.restock(order);
    if (order.mcoinUsed > 0) {
      post(this.books.account(order.openId), { type: "purchase_released", amount: order.mcoinUsed, at, orderId: order.id, orderNo: order.orderNo });
    }
  }

  /** The refund is done on its terms (settlement.ts, closeRefund): mCoin, cash and stock go back. */
  private completeRefund(order: OrderRecord, refund: RefundRecord, at: number): void {
    this.move(order, "refunded");
    for (const coupon of order.coupons) coupon.status = "refunded";
    closeRefund(refund, this.books.account(order.openId), at, () => `WR${randomBytes(10).toString("hex").toUpperCase()}`);
    this.restock(order);
  }

  /** The order's pieces go back to where they came from: the seckill item's stock, or the offer's. */
  private restock(order: OrderRecord): void {
    const live = order.seckillItemId === null ? this.live(order.offerId) : this.data.seckills.get(String(order.seckillItemId));
    if (live) {
      live.stock += order.quantity;
      live.sold = Math.max(0, live.sold - order.quantity);
    }
  }

  /** Twelve digits no other coupon has. */
  private newRedemptionCode(): string {
    const taken = this.indexed().byCode;
    for (;;) {
      const code = String(codeDigits.draw(100_000, 1_000_000)) + String(codeDigits.draw(0, 1_000_000)).padStart(6, "0");
      if (!taken.has(code)) return code;
    }
  }
}

/**
 * Where a redemption code's digits come from: node:crypto's `randomInt`, drawn through this object so
 * that a test can repeat a draw on purpose (sandbox/domain/redemption-codes.test.ts) without replacing
 * the module, which the unit tests share within a worker (vitest.config.ts).
 */
export const codeDigits = { draw: (min: number, max: number): number => randomInt(min, max) };

/** A third-party voucher's code: three groups of four letters and digits, none easily misread. */
function otherCode(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = randomBytes(12);
  const characters = Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join("");
  return characters.match(/.{4}/g)!.join("-");
}

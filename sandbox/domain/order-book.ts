/**
 * Orders and their settlement (docs/money.md, "Orders", "Payments", "Refunds"): placing an order
 * over the offers' live stock and the member's ledger, the wallet's settlement notices, cancelling,
 * and, on the sandbox clock, unpaid orders closing and refunds completing. It is built in three
 * layers: its readings (order-readings.ts), the steps an order is taken through, which the other
 * aggregates take too (order-steps.ts), and here the rules a member's and the wallet's calls meet.
 * Rules run in one synchronous step each (books.ts).
 *
 * mCoin is held when the order is created (a `purchase` entry) and given back if it closes unpaid
 * (`purchase_released`). So the spec's failure case "cash paid, mCoin no longer enough, refunded
 * automatically" is a payment that arrives after its window closed and released the hold: the
 * notice is refused (ORDER_CLOSED, the wallet refunds the cash) and the order records
 * PAID_AFTER_CLOSE for the page to show.
 *
 * Settling a coupon or voucher order makes each piece a coupon, with a coupon number and a 12-digit
 * redemption code unique in the gateway; settled goods wait to be shipped. Delivery goods need an
 * address (the member's default when none is named); an unpaid goods order can be cancelled within
 * CANCEL_WINDOW_MS of being placed, not after. A refund (asked for in after-sale.ts, its terms fixed
 * by settlement.ts) completes REFUND_PROCESSING_MS later: the mCoin used come back less their part of
 * the earning's reversal, the cash goes back to the wallet whole, the stock returns. A coupon past
 * its validity is read as expired (orders.ts, couponAt) without being rewritten.
 */
import type { z } from "zod";
import type { AddressSchema } from "#core/api/endpoints";
import type { OrderKindSchema } from "#core/api/shop-endpoints";
import { MAX_PIECES_PER_ORDER, amountDue, cashDueCents, isAllowedMcoin, mcoinRange } from "#core/money/purchase";
import { done, refused, type Outcome } from "./books";
import { balanceOf } from "./ledger";
import { availability, pricedOffer, type OfferLive } from "./offers";
import { OrderSteps } from "./order-steps";
import type { OrderRecord } from "./orders";
import { decideNotice, keepPayment, type WalletNotice } from "./settlement";

type Address = z.infer<typeof AddressSchema>;

/** How long an order may wait for its cash before it closes by itself. */
export const PAYMENT_WINDOW_MS = 15 * 60_000;
/** Orders kept per member: a bound on what one member can make the gateway keep (a refusal past it). */
export const MAX_ORDERS_PER_MEMBER = 1000;
/** An unpaid goods order can be cancelled for this long after it is placed (spec: the cancellation window). */
export const CANCEL_WINDOW_MS = 10 * 60_000;
export { REFUND_PROCESSING_MS } from "./order-steps";

export interface PlaceOrder {
  offerId: number;
  quantity: number;
  mcoinUsed: number;
  /** The member said they are 18 or older. */
  adult: boolean;
  /** Delivery goods: the member's address (their default when absent). */
  addressId?: number;
  /** What kind of sale placed it (flash sale, group-buy...); the sandbox's seeded history sets it. */
  kind?: z.infer<typeof OrderKindSchema>;
}

export class OrderBook extends OrderSteps {
  setOffer(offerId: number, patch: { stock?: number; status?: OfferLive["status"] }): OfferLive | undefined {
    const live = this.live(offerId);
    if (!live) return undefined;
    Object.assign(live, patch);
    this.books.changed();
    return live;
  }

  /**
   * Places an order: the offer is on sale, the member may buy it (age, limit), there is stock, and
   * the mCoin chosen is allowed and held. Orders paid entirely in mCoin are settled at once.
   */
  place(openId: string, input: PlaceOrder): Outcome<OrderRecord> {
    this.books.closeDue();
    const { catalog } = this.context;
    const now = this.books.now();
    const offer = catalog.offer(input.offerId);
    const live = offer && this.live(offer.id);
    if (!offer || !live) return refused("TAKEN_DOWN");
    const { quantity, mcoinUsed } = input;

    const status = availability(offer, live, now, (relative) => catalog.at(relative));
    if (status === "taken_down") return refused("TAKEN_DOWN");
    if (status === "not_started") return refused("NOT_STARTED");
    if (status === "ended") return refused("ENDED");
    if (offer.ageRestricted && !input.adult) return refused("ADULTS_ONLY");
    if (live.stock === 0) return refused("SOLD_OUT");
    if (live.stock < quantity) return refused("OUT_OF_STOCK");
    if (quantity > MAX_PIECES_PER_ORDER || this.piecesHeld(openId, offer.id) + quantity > offer.limitPerMember) return refused("LIMIT_REACHED");
    if (this.ofMember(openId).length >= MAX_ORDERS_PER_MEMBER) return refused("LIMIT_REACHED");

    // The catalog names how goods, and only goods, are fulfilled (sandbox/catalog-schema.ts): anything else is a coupon.
    const fulfilment = offer.fulfilment ?? "coupon";
    let address: Address | null = null;
    if (fulfilment === "delivery") {
      const addresses = this.context.addresses(openId);
      address = (input.addressId === undefined ? (addresses.find((item) => item.isDefault === 1) ?? addresses[0]) : addresses.find((item) => Number(item.id) === input.addressId)) ?? null;
      if (!address) return refused("ADDRESS_REQUIRED");
    }

    const account = this.books.account(openId);
    const balance = balanceOf(account);
    const priced = pricedOffer(offer);
    const range = mcoinRange(priced, quantity, balance);
    if (!range.ok) return refused("INSUFFICIENT_MCOIN");
    if (!isAllowedMcoin(range, mcoinUsed)) {
      // Allowed were it not for the balance, so more than the member has: their balance is the problem.
      const withoutBalance = mcoinRange(priced, quantity, Number.MAX_SAFE_INTEGER);
      return refused(isAllowedMcoin(withoutBalance, mcoinUsed) ? "INSUFFICIENT_MCOIN" : "MCOIN_NOT_ALLOWED");
    }

    // Every check passed: write, in the same step.
    const order = this.open(openId, offer, now, {
      quantity,
      amountCents: amountDue(priced, quantity).cents,
      mcoinUsed,
      cashCents: cashDueCents(priced, quantity, mcoinUsed),
      payBy: now + PAYMENT_WINDOW_MS,
      orderKind: input.kind ?? (this.context.inFlashSale(offer.id) ? "flash_sale" : fulfilment === "pickup" ? "pickup" : "normal"),
      fulfilment,
      cancelBy: offer.kind === "goods" ? now + CANCEL_WINDOW_MS : null,
      address: address && { ...address },
    });
    live.stock -= quantity;
    live.sold += quantity;
    this.hold(order, now);
    if (order.cashCents === 0) this.settle(order, now, null);
    this.books.changed();
    return done(order);
  }

  /**
   * The wallet's settlement notice (settlement.ts, decideNotice). PAID settles an order awaiting
   * payment once; the same notice again answers the order as it is. FAILED leaves an unpaid order
   * awaiting payment (the member may pay again) and never touches a settled one. Any other payment is
   * refused, kept on the order as refunded, and the refusal tells the wallet to refund it: another
   * payment of an order already paid, a payment of a closed order (the order also remembers
   * PAID_AFTER_CLOSE for the page to show), or an amount other than the cash due.
   */
  notice(notice: WalletNotice): Outcome<OrderRecord> {
    this.books.closeDue();
    const order = this.indexed().byNumber.get(notice.orderNo);
    if (!order) return refused("ORDER_NOT_FOUND");
    const decision = decideNotice(order, notice);
    const now = this.books.now();
    switch (decision.action) {
      case "answer":
        return done(order);
      case "fail":
        order.failure = "PAYMENT_FAILED";
        this.touch(order);
        return done(order);
      case "settle":
        keepPayment(order, notice, now, null);
        this.settle(order, now, notice.paymentId);
        this.books.changed();
        return done(order);
      case "refuse":
        if (decision.keep && keepPayment(order, notice, now, decision.reason)) {
          if (decision.reason === "ORDER_CLOSED") order.failure = "PAID_AFTER_CLOSE";
          this.touch(order);
        }
        return refused(decision.reason);
    }
  }

  /**
   * The payment window of an unpaid order runs out now (the sandbox's late-notice fault): it closes
   * as it would at its deadline. Any other order is left as it is.
   */
  lapse(orderNo: string): OrderRecord | undefined {
    const order = this.indexed().byNumber.get(orderNo);
    if (order?.status === "awaiting_payment") {
      order.payBy = Math.min(order.payBy, this.books.now());
      this.books.closeDue();
    }
    return order;
  }

  /** The member left the cashier: their unpaid order closes, its stock and mCoin go back. */
  cancel(openId: string, orderId: number): Outcome<OrderRecord> {
    const order = this.get(openId, orderId);
    if (!order) return refused("ORDER_NOT_FOUND");
    if (order.status !== "awaiting_payment") return refused("CANNOT_CANCEL");
    const now = this.books.now();
    if (order.cancelBy !== null && now > order.cancelBy) return refused("CANCEL_WINDOW_PASSED");
    this.close(order, now);
    this.books.changed();
    return done(order);
  }
}

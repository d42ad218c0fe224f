/**
 * Orders and their settlement (docs/money.md, "Orders", "Payments", "Refunds"): placing an order
 * over the offers' live stock and the member's ledger, the wallet's settlement notices, cancelling,
 * and, on the sandbox clock, unpaid orders closing and refunds completing. It also keeps the steps
 * the other aggregates take on an order (after-sale.ts, promotions.ts): opening one, settling it,
 * moving it through the state machine (order-machine.ts), so that its indexes, stock and coupons
 * follow. Rules run in one synchronous step each (books.ts).
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
import { randomBytes, randomInt } from "node:crypto";
import type { z } from "zod";
import type { AddressSchema } from "#core/api/endpoints";
import type { OrderKindSchema, OrderStatus, Payment } from "#core/api/shop-endpoints";
import { MAX_PIECES_PER_ORDER, amountDue, cashDueCents, isAllowedMcoin, mcoinRange } from "#core/money/purchase";
import type { CatalogQueries } from "./catalog";
import type { CatalogOffer } from "../catalog-schema";
import { done, refused, type Books, type Outcome } from "./books";
import { balanceOf, post } from "./ledger";
import { availability, pricedOffer, type OfferLive } from "./offers";
import { transition } from "./order-machine";
import { couponAt, orderNumber, type CouponRecord, type OrderRecord, type RefundRecord } from "./orders";
import { closeRefund, decideNotice, earn, keepPayment, type WalletNotice } from "./settlement";

type Address = z.infer<typeof AddressSchema>;

/** How long an order may wait for its cash before it closes by itself. */
export const PAYMENT_WINDOW_MS = 15 * 60_000;
/** Orders kept per member: a bound on what one member can make the gateway keep (a refusal past it). */
export const MAX_ORDERS_PER_MEMBER = 1000;
/** An unpaid goods order can be cancelled for this long after it is placed (spec: the cancellation window). */
export const CANCEL_WINDOW_MS = 10 * 60_000;
/** A refund completes this long after it is requested, on the sandbox clock (move the clock to skip it). */
export const REFUND_PROCESSING_MS = 2 * 60_000;

/** The part of the store the order book keeps. */
export interface OrderBookData {
  /** Live numbers per offer id. */
  offers: Map<string, OfferLive>;
  /** Every order by id, oldest first. */
  orders: Map<string, OrderRecord>;
  /** The last order id given out. */
  orderSeq: number;
  /** Live stock of each seckill item, by item id: a seckill order's pieces come from there. */
  seckills: Map<string, { stock: number; sold: number }>;
}

export interface OrderBookContext {
  /** The current data (a reset or a reload replaces it). */
  data(): OrderBookData;
  catalog: CatalogQueries;
  /** The member's shipping addresses (the default marked). */
  addresses(openId: string): readonly Address[];
  /** Whether an offer is sold in a flash sale (fixtures/promotions.json): its orders are flash-sale orders. */
  inFlashSale(offerId: number): boolean;
}

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

/** A coupon found by its redemption code, with its order. */
export interface Redemption {
  order: OrderRecord;
  coupon: CouponRecord;
}

/** What differs between the orders the rules open; the rest follows from the offer and the clock. */
export type OrderFields = Pick<OrderRecord, "quantity" | "amountCents" | "mcoinUsed" | "cashCents" | "payBy" | "orderKind" | "fulfilment" | "cancelBy" | "address">;

/** Orders indexed by what the rules look them up by; rebuilt whenever the data is replaced. */
interface OrderIndex {
  orders: Map<string, OrderRecord>;
  awaiting: Set<OrderRecord>;
  refunding: Set<OrderRecord>;
  byNumber: Map<string, OrderRecord>;
  byMember: Map<string, OrderRecord[]>;
  /** Redemption code → its coupon and order. */
  byCode: Map<string, Redemption>;
}

export class OrderBook {
  private readonly books: Books;
  private readonly context: OrderBookContext;
  private index: OrderIndex | null = null;

  constructor(books: Books, context: OrderBookContext) {
    this.books = books;
    this.context = context;
    books.onDue((now) => this.due(now));
  }

  private get data(): OrderBookData {
    return this.context.data();
  }

  private indexed(): OrderIndex {
    const { orders } = this.data;
    if (this.index?.orders !== orders) {
      const index: OrderIndex = { orders, awaiting: new Set(), refunding: new Set(), byNumber: new Map(), byMember: new Map(), byCode: new Map() };
      for (const order of orders.values()) addToIndex(index, order);
      this.index = index;
    }
    return this.index;
  }

  // --- reading ------------------------------------------------------------------------------------

  /** The member's orders they have not deleted, newest first. */
  list(openId: string): OrderRecord[] {
    this.books.closeDue();
    return this.ofMember(openId)
      .filter((order) => order.deletedAt === null)
      .reverse();
  }

  /** One of the member's orders; another member's, or a deleted one, is as absent as one that does not exist. */
  get(openId: string, orderId: number): OrderRecord | undefined {
    this.books.closeDue();
    const order = this.data.orders.get(String(orderId));
    return order?.openId === openId && order.deletedAt === null ? order : undefined;
  }

  /** Any order by number, whoever's (the sandbox's controls and tills). */
  byNumber(orderNo: string): OrderRecord | undefined {
    this.books.closeDue();
    return this.indexed().byNumber.get(orderNo);
  }

  /** The coupon a redemption code belongs to, with its order, whoever's. */
  byCode(code: string): Redemption | undefined {
    return this.indexed().byCode.get(code);
  }

  /** Every order of the member, deleted ones too, oldest first: what the limits on orders kept count. */
  ofMember(openId: string): OrderRecord[] {
    return this.indexed().byMember.get(openId) ?? [];
  }

  /** The payments the wallet gives back for the member's orders (deleted ones included), newest first. */
  paymentReturns(openId: string): (Payment & { orderNo: string })[] {
    this.books.closeDue();
    return this.ofMember(openId)
      .flatMap((order) => order.payments.filter((payment) => payment.outcome === "refunded").map((payment) => ({ ...payment, orderNo: order.orderNo })))
      .sort((a, b) => b.at - a.at);
  }

  /** Pieces of an offer the member bought and holds: in their orders not closed and not refunded (gifts and seckills do not count). */
  piecesHeld(openId: string, offerId: number): number {
    this.books.closeDue();
    return this.ofMember(openId)
      .filter((order) => order.offerId === offerId && order.orderKind !== "gift" && order.seckillItemId === null && holdsPieces(order))
      .reduce((sum, order) => sum + order.quantity, 0);
  }

  /** Coupons the member holds unused and still valid (deleted orders have none). */
  couponsHeld(openId: string): number {
    this.books.closeDue();
    const now = this.books.now();
    return this.ofMember(openId)
      .filter((order) => order.deletedAt === null)
      .reduce((sum, order) => sum + order.coupons.filter((coupon) => couponAt(coupon, now).status === "unused").length, 0);
  }

  /** How many of the member's orders wait for their cash. */
  pending(openId: string): number {
    this.books.closeDue();
    return this.ofMember(openId).filter((order) => order.status === "awaiting_payment").length;
  }

  /** An offer's live numbers: stock, pieces sold, likes, whether it is on sale. */
  live(offerId: number): OfferLive | undefined {
    return this.data.offers.get(String(offerId));
  }

  /** A sandbox control: the pieces left of an offer, and whether it is on sale. */
  setOffer(offerId: number, patch: { stock?: number; status?: OfferLive["status"] }): OfferLive | undefined {
    const live = this.live(offerId);
    if (!live) return undefined;
    Object.assign(live, patch);
    this.books.changed();
    return live;
  }

  // --- the rules ----------------------------------------------------------------------------------

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
      address: address && structuredClone(address),
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

  // --- steps the other aggregates take on an order -----------------------------------------------

  /** A new order awaiting payment, numbered and indexed; what differs between orders comes in `fields`. */
  open(openId: string, offer: CatalogOffer, now: number, fields: OrderFields): OrderRecord {
    const id = this.data.orderSeq + 1;
    const order: OrderRecord = {
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
    this.data.orders.set(String(id), order);
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

  // --- what falls due, and its steps --------------------------------------------------------------

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
  private close(order: OrderRecord, at: number): void {
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
      const code = String(randomInt(100_000, 1_000_000)) + String(randomInt(0, 1_000_000)).padStart(6, "0");
      if (!taken.has(code)) return code;
    }
  }
}

/** Whether an order holds its pieces (counts against a limit): not closed and not refunded. */
export function holdsPieces(order: OrderRecord): boolean {
  return !["closed", "refunding", "refunded"].includes(order.status);
}

function addToIndex(index: OrderIndex, order: OrderRecord): void {
  if (order.status === "awaiting_payment") index.awaiting.add(order);
  if (order.status === "refunding") index.refunding.add(order);
  for (const coupon of order.coupons) index.byCode.set(coupon.redemptionCode, { order, coupon });
  index.byNumber.set(order.orderNo, order);
  const own = index.byMember.get(order.openId);
  if (own) own.push(order);
  else index.byMember.set(order.openId, [order]);
}

/** A third-party voucher's code: three groups of four letters and digits, none easily misread. */
function otherCode(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = randomBytes(12);
  const characters = Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join("");
  return characters.match(/.{4}/g)!.join("-");
}

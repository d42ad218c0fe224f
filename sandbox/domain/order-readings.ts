/**
 * The order book's readings (order-book.ts): the orders indexed by what the rules and the screens
 * look them up by (number, redemption code, member; those awaiting payment or a refund), rebuilt
 * whenever the data is replaced and kept in step by every write (order-steps.ts), and what the
 * member's lists and limits count. A reading first does what is due on the clock (books.ts).
 */
import type { z } from "zod";
import type { AddressSchema } from "#core/api/endpoints";
import type { Payment } from "#core/api/shop-endpoints";
import type { Books } from "./books";
import type { CatalogQueries } from "./catalog";
import type { OfferLive } from "./offers";
import { couponAt, type CouponRecord, type OrderRecord } from "./orders";

type Address = z.infer<typeof AddressSchema>;

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

/** A coupon found by its redemption code, with its order. */
export interface Redemption {
  order: OrderRecord;
  coupon: CouponRecord;
}

/** Orders indexed by what the rules look them up by; rebuilt whenever the data is replaced. */
export interface OrderIndex {
  orders: Map<string, OrderRecord>;
  awaiting: Set<OrderRecord>;
  refunding: Set<OrderRecord>;
  byNumber: Map<string, OrderRecord>;
  byMember: Map<string, OrderRecord[]>;
  /** Redemption code → its coupon and order. */
  byCode: Map<string, Redemption>;
}

export class OrderReadings {
  protected readonly books: Books;
  protected readonly context: OrderBookContext;
  private index: OrderIndex | null = null;

  constructor(books: Books, context: OrderBookContext) {
    this.books = books;
    this.context = context;
  }

  protected get data(): OrderBookData {
    return this.context.data();
  }

  protected indexed(): OrderIndex {
    const { orders } = this.data;
    if (this.index?.orders !== orders) {
      const index: OrderIndex = { orders, awaiting: new Set(), refunding: new Set(), byNumber: new Map(), byMember: new Map(), byCode: new Map() };
      for (const order of orders.values()) addToIndex(index, order);
      this.index = index;
    }
    return this.index;
  }

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
}

/** Whether an order holds its pieces (counts against a limit): not closed and not refunded. */
export function holdsPieces(order: OrderRecord): boolean {
  return !["closed", "refunding", "refunded"].includes(order.status);
}

/** Puts an order in the index (a new one, or every one when the index is built). */
export function addToIndex(index: OrderIndex, order: OrderRecord): void {
  if (order.status === "awaiting_payment") index.awaiting.add(order);
  if (order.status === "refunding") index.refunding.add(order);
  for (const coupon of order.coupons) index.byCode.set(coupon.redemptionCode, { order, coupon });
  index.byNumber.set(order.orderNo, order);
  const own = index.byMember.get(order.openId);
  if (own) own.push(order);
  else index.byMember.set(order.openId, [order]);
}

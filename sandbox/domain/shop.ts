/**
 * The sandbox's money domain (DESIGN.md, "Money, orders and state"): placing orders, the wallet's
 * settlement notices, cancelling, and unpaid orders closing by themselves, over the offers' live
 * stock, the members' ledgers and their orders.
 *
 * Every rule is checked and applied in one synchronous step (no await anywhere in this module), so
 * no burst of concurrent requests can interleave between a check and its write. A refusal returns
 * before anything is written.
 *
 * mCoin is held when the order is created (a `purchase` entry) and given back if it closes unpaid
 * (`purchase_released`). So the spec's failure case "cash paid, mCoin no longer enough, refunded
 * automatically" is a payment that arrives after its window closed and released the hold: the
 * notice is refused (ORDER_CLOSED, the wallet refunds the cash) and the order records
 * PAID_AFTER_CLOSE for the page to show.
 *
 * Expiry is lazy: every read or write of orders and ledgers first closes what is due on the sandbox
 * clock, so it holds whether or not anybody looked in time, and across a restart with --state.
 */
import { randomBytes } from "node:crypto";
import type { OrderStatus, ShopRefusal } from "../../app/lib/api/shop-endpoints";
import { MAX_PIECES_PER_ORDER, amountDue, cashDueCents, isAllowedMcoin, mcoinEarned, mcoinRange } from "../../app/lib/money/purchase";
import type { CatalogQueries } from "../catalog";
import { balanceOf, openAccount, post, type Account } from "./ledger";
import { availability, pricedOffer, type OfferLive } from "./offers";
import { transition } from "./order-machine";
import { orderNumber, type OrderRecord } from "./orders";

/** How long an order may wait for its cash before it closes by itself. */
export const PAYMENT_WINDOW_MS = 15 * 60_000;
/** Orders kept per member: a bound on what one member can make the gateway keep (a refusal past it). */
export const MAX_ORDERS_PER_MEMBER = 1000;

export interface ShopData {
  /** Live numbers per offer id. */
  offers: Map<string, OfferLive>;
  /** Per member (open id). */
  accounts: Map<string, Account>;
  /** Every order by id, oldest first. */
  orders: Map<string, OrderRecord>;
  /** The last order id given out. */
  orderSeq: number;
}

export interface ShopContext {
  /** The current data (a reset or a reload replaces it). */
  data(): ShopData;
  catalog: CatalogQueries;
  /** The sandbox clock. */
  now(): number;
  /** Told after every change, for persistence. */
  changed(): void;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; reason: ShopRefusal };

const done = <T>(value: T): Outcome<T> => ({ ok: true, value });
const refused = <T>(reason: ShopRefusal): Outcome<T> => ({ ok: false, reason });

export interface PlaceOrder {
  offerId: number;
  quantity: number;
  mcoinUsed: number;
  /** The member said they are 18 or older. */
  adult: boolean;
}

export interface WalletNotice {
  orderNo: string;
  paymentId: string;
  amountCents: number;
  status: "PAID" | "FAILED";
}

/** Orders indexed by what the rules look them up by; rebuilt whenever the data is replaced. */
interface OrderIndex {
  orders: Map<string, OrderRecord>;
  awaiting: Set<OrderRecord>;
  byNumber: Map<string, OrderRecord>;
  byMember: Map<string, OrderRecord[]>;
}

export class Shop {
  private readonly context: ShopContext;
  private index: OrderIndex | null = null;

  constructor(context: ShopContext) {
    this.context = context;
  }

  private get data(): ShopData {
    return this.context.data();
  }

  private indexed(): OrderIndex {
    const { orders } = this.data;
    if (this.index?.orders !== orders) {
      const index: OrderIndex = { orders, awaiting: new Set(), byNumber: new Map(), byMember: new Map() };
      for (const order of orders.values()) addToIndex(index, order);
      this.index = index;
    }
    return this.index;
  }

  // --- reading ------------------------------------------------------------------------------------

  /** A member's account; one opens (with nothing) for a member who has none yet. */
  account(openId: string): Account {
    let account = this.data.accounts.get(openId);
    if (!account) {
      account = openAccount(0, this.context.now());
      this.data.accounts.set(openId, account);
    }
    return account;
  }

  balance(openId: string): number {
    this.closeDue();
    return balanceOf(this.account(openId));
  }

  revision(openId: string): number {
    this.closeDue();
    return this.account(openId).revision;
  }

  /** The member's orders, newest first, optionally of one status. */
  orders(openId: string, status?: OrderStatus): OrderRecord[] {
    this.closeDue();
    const own = this.indexed().byMember.get(openId) ?? [];
    return own.filter((order) => status === undefined || order.status === status).reverse();
  }

  /** One of the member's orders; another member's is as absent as one that does not exist. */
  order(openId: string, orderId: number): OrderRecord | undefined {
    this.closeDue();
    const order = this.data.orders.get(String(orderId));
    return order?.openId === openId ? order : undefined;
  }

  /** The member's ledger, newest first; `earned` keeps what added mCoin, `spent` what took it. */
  ledger(openId: string, direction?: "earned" | "spent") {
    this.closeDue();
    return this.account(openId)
      .ledger.filter((entry) => direction === undefined || (direction === "earned" ? entry.amount > 0 : entry.amount < 0))
      .reverse();
  }

  /** Pieces of an offer the member holds: in their orders that are not closed. */
  piecesHeld(openId: string, offerId: number): number {
    this.closeDue();
    return this.ownOrders(openId)
      .filter((order) => order.offerId === offerId && order.status !== "closed")
      .reduce((sum, order) => sum + order.quantity, 0);
  }

  /** Coupons and vouchers bought here that the member holds, unused. */
  couponsHeld(openId: string): number {
    this.closeDue();
    return this.ownOrders(openId)
      .filter((order) => order.status === "received")
      .reduce((sum, order) => sum + order.quantity, 0);
  }

  /** How many of the member's orders wait for their cash. */
  pending(openId: string): number {
    this.closeDue();
    return this.ownOrders(openId).filter((order) => order.status === "awaiting_payment").length;
  }

  live(offerId: number): OfferLive | undefined {
    return this.data.offers.get(String(offerId));
  }

  liked(openId: string, offerId: number): boolean {
    return this.data.accounts.get(openId)?.likes.includes(offerId) ?? false;
  }

  collected(openId: string, offerId: number): boolean {
    return this.data.accounts.get(openId)?.collections.includes(offerId) ?? false;
  }

  private ownOrders(openId: string): OrderRecord[] {
    return this.indexed().byMember.get(openId) ?? [];
  }

  // --- the rules ----------------------------------------------------------------------------------

  /**
   * Places an order: the offer is on sale, the member may buy it (age, limit), there is stock, and
   * the mCoin chosen is allowed and held. Coupons paid entirely in mCoin are settled at once.
   */
  createOrder(openId: string, input: PlaceOrder): Outcome<OrderRecord> {
    this.closeDue();
    const { catalog, now: clock } = this.context;
    const now = clock();
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
    if (this.ownOrders(openId).length >= MAX_ORDERS_PER_MEMBER) return refused("LIMIT_REACHED");

    const account = this.account(openId);
    const balance = balanceOf(account);
    const priced = pricedOffer(offer);
    const range = mcoinRange(priced, quantity, balance);
    if (!range.ok) return refused("INSUFFICIENT_MCOIN");
    if (!isAllowedMcoin(range, mcoinUsed)) {
      // Within the offer's rules but more than the member has: their balance is the problem.
      const withoutBalance = mcoinRange(priced, quantity, Number.MAX_SAFE_INTEGER);
      return refused(mcoinUsed > balance && isAllowedMcoin(withoutBalance, mcoinUsed) ? "INSUFFICIENT_MCOIN" : "MCOIN_NOT_ALLOWED");
    }

    // Every check passed: write, in the same step.
    const id = this.data.orderSeq + 1;
    const order: OrderRecord = {
      id,
      orderNo: orderNumber(id, now),
      openId,
      offerId: offer.id,
      quantity,
      amountCents: amountDue(priced, quantity).cents,
      mcoinUsed,
      cashCents: cashDueCents(priced, quantity, mcoinUsed),
      status: "awaiting_payment",
      paymentType: offer.paymentType,
      createdAt: now,
      payBy: now + PAYMENT_WINDOW_MS,
      paidAt: null,
      paymentId: null,
      mcoinEarned: 0,
      couponUrl: offer.couponUrl ?? null,
      otherCode: null,
      failure: null,
    };
    this.data.orderSeq = id;
    this.data.orders.set(String(id), order);
    addToIndex(this.indexed(), order);
    live.stock -= quantity;
    live.sold += quantity;
    if (mcoinUsed > 0) post(account, { type: "purchase", amount: -mcoinUsed, at: now, orderId: id, orderNo: order.orderNo });
    else account.revision += 1;
    if (order.cashCents === 0) this.settle(order, now, null);
    this.context.changed();
    return done(order);
  }

  /**
   * The wallet's settlement notice. PAID settles an order awaiting payment once; a repeat answers
   * the order as it is. FAILED leaves an unpaid order awaiting payment (the member may pay again)
   * and never touches a settled one. The amount must be the cash due. A payment for a closed order
   * is refused, and the order remembers it (PAID_AFTER_CLOSE) so the page can say why.
   */
  notice(notice: WalletNotice): Outcome<OrderRecord> {
    this.closeDue();
    const order = this.indexed().byNumber.get(notice.orderNo);
    if (!order) return refused("ORDER_NOT_FOUND");
    if (notice.amountCents !== order.cashCents) return refused("AMOUNT_MISMATCH");

    if (notice.status === "FAILED") {
      if (order.status === "awaiting_payment" && order.failure !== "PAYMENT_FAILED") {
        order.failure = "PAYMENT_FAILED";
        this.touch(order);
      }
      return done(order);
    }
    if (order.status === "awaiting_payment") {
      this.settle(order, this.context.now(), notice.paymentId);
      this.context.changed();
      return done(order);
    }
    if (order.status === "closed") {
      if (order.failure !== "PAID_AFTER_CLOSE") {
        order.failure = "PAID_AFTER_CLOSE";
        this.touch(order);
      }
      return refused("ORDER_CLOSED");
    }
    return done(order);
  }

  /** The member left the cashier: their unpaid order closes, its stock and mCoin go back. */
  cancel(openId: string, orderId: number): Outcome<OrderRecord> {
    const order = this.order(openId, orderId);
    if (!order) return refused("ORDER_NOT_FOUND");
    if (order.status !== "awaiting_payment") return refused("CANNOT_CANCEL");
    this.close(order, this.context.now());
    this.context.changed();
    return done(order);
  }

  /** Closes every unpaid order whose payment window has passed on the sandbox clock, oldest first. */
  closeDue(): void {
    const now = this.context.now();
    const due = [...this.indexed().awaiting].filter((order) => order.payBy <= now).sort((a, b) => a.payBy - b.payBy || a.id - b.id);
    for (const order of due) this.close(order, order.payBy);
    if (due.length > 0) this.context.changed();
  }

  /** Sets a member's balance (a sandbox control): an `adjustment` entry of the difference. */
  adjustBalance(openId: string, point: number): void {
    const account = this.account(openId);
    const difference = point - this.balance(openId);
    if (difference === 0) return;
    post(account, { type: "adjustment", amount: difference, at: this.context.now() });
    this.context.changed();
  }

  /** A sandbox control: the pieces left of an offer, and whether it is on sale. */
  setOffer(offerId: number, patch: { stock?: number; status?: OfferLive["status"] }): OfferLive | undefined {
    const live = this.live(offerId);
    if (!live) return undefined;
    Object.assign(live, patch);
    this.context.changed();
    return live;
  }

  /** Likes (or unlikes) an offer once per member; undefined when there is no such offer. */
  like(openId: string, offerId: number, liked: boolean): { liked: boolean; likes: number } | undefined {
    const live = this.live(offerId);
    if (!live) return undefined;
    const account = this.account(openId);
    if (toggle(account.likes, offerId, liked)) {
      live.likes = Math.max(0, live.likes + (liked ? 1 : -1));
      this.context.changed();
    }
    return { liked, likes: live.likes };
  }

  /** Adds an offer to the member's favourites, or takes it out; false when there is no such offer. */
  collect(openId: string, offerId: number, collected: boolean): boolean {
    if (!this.live(offerId)) return false;
    if (toggle(this.account(openId).collections, offerId, collected)) this.context.changed();
    return true;
  }

  // --- steps of the rules -------------------------------------------------------------------------

  /** Moves an order through the state machine; a move the table refuses is a bug in a rule. */
  private move(order: OrderRecord, to: OrderStatus): void {
    const from = order.status;
    const result = transition(order, to);
    if (!result.ok) throw new Error(`order ${order.id}: ${result.message}`);
    if (from === "awaiting_payment") this.indexed().awaiting.delete(order);
    this.touch(order);
  }

  /** The order changed: its member's revision grows. */
  private touch(order: OrderRecord): void {
    this.account(order.openId).revision += 1;
    this.context.changed();
  }

  /** Paid (or nothing to pay): coupons are the member's, goods wait to be shipped; the cash earns mCoin. */
  private settle(order: OrderRecord, at: number, paymentId: string | null): void {
    const offer = this.context.catalog.offer(order.offerId);
    this.move(order, offer?.kind === "goods" ? "awaiting_shipment" : "received");
    order.paidAt = at;
    order.paymentId = paymentId;
    order.failure = null;
    if (order.paymentType === 11) order.otherCode = otherCode();
    order.mcoinEarned = mcoinEarned(order.cashCents);
    if (order.mcoinEarned > 0) {
      post(this.account(order.openId), { type: "earning", amount: order.mcoinEarned, at, orderId: order.id, orderNo: order.orderNo });
    }
  }

  /** Closed unpaid: the stock and the mCoin held go back. */
  private close(order: OrderRecord, at: number): void {
    this.move(order, "closed");
    const live = this.live(order.offerId);
    if (live) {
      live.stock += order.quantity;
      live.sold -= order.quantity;
    }
    if (order.mcoinUsed > 0) {
      post(this.account(order.openId), { type: "purchase_released", amount: order.mcoinUsed, at, orderId: order.id, orderNo: order.orderNo });
    }
  }
}

function addToIndex(index: OrderIndex, order: OrderRecord): void {
  if (order.status === "awaiting_payment") index.awaiting.add(order);
  index.byNumber.set(order.orderNo, order);
  const own = index.byMember.get(order.openId);
  if (own) own.push(order);
  else index.byMember.set(order.openId, [order]);
}

/** Puts `id` in or out of `list`; whether that changed it. */
function toggle(list: number[], id: number, present: boolean): boolean {
  const at = list.indexOf(id);
  if (present === at >= 0) return false;
  if (present) list.push(id);
  else list.splice(at, 1);
  return true;
}

/** A third-party voucher's code: three groups of four letters and digits, none easily misread. */
function otherCode(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = randomBytes(12);
  const characters = Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join("");
  return characters.match(/.{4}/g)!.join("-");
}

/**
 * The sandbox's money domain (docs/architecture.md, "Money, orders and state"): placing orders, the wallet's
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
 * clock (unpaid orders past their window, refunds past their processing time), so it holds whether
 * or not anybody looked in time, and across a restart with --state. A coupon past its validity is
 * read as expired (orders.ts, couponAt) without being rewritten.
 *
 * After the sale (issue "wallet, orders and after-sale"):
 * - Each piece of a coupon or voucher order becomes a coupon when it settles, with a coupon number
 *   and a 12-digit redemption code unique in the gateway. A merchant's till redeems a code once.
 * - Goods: delivery goods need an address (the member's default when none is named); settled goods
 *   wait to be shipped (a sandbox control), then the member confirms receipt or pick-up. An unpaid
 *   goods order can be cancelled within CANCEL_WINDOW_MS of being placed, not after.
 * - A refund is of the whole order: every coupon unused (none used or expired), or goods not yet
 *   shipped. Requesting it invalidates the coupons at once and for good, and fixes its terms
 *   (settlement.ts): what the cash had earned is taken back in full, in mCoin, from the mCoin
 *   refunded and then from the balance at once (`earning_reversed`); when they cannot cover it the
 *   refund is refused (EARNING_SPENT). It completes REFUND_PROCESSING_MS later: the mCoin used come
 *   back (`refund`, less their part of the reversal), the cash goes back to the wallet whole
 *   (recorded on the refund), the stock returns.
 * - A finished order (closed, used, completed, refunded, or whose coupons have all expired) can be
 *   deleted: it leaves the member's lists; its ledger entries stay.
 * - Codes (fixtures/wallet.json) give a coupon (a "gift" order, nothing paid, not refundable) or an
 *   mCoin coupon, once per member.
 */
import { randomBytes, randomInt } from "node:crypto";
import type { AddressSchema } from "#core/api/endpoints";
import type { OrderKindSchema, OrderStatus, Payment, RefundReasonSchema, ShopRefusal } from "#core/api/shop-endpoints";
import type { z } from "zod";
import { CENTS_PER_MCOIN, MAX_PIECES_PER_ORDER, amountDue, cashDueCents, isAllowedMcoin, mcoinRange } from "#core/money/purchase";
import type { CatalogQueries } from "../catalog";
import type { CatalogOffer } from "../catalog-schema";
import { balanceOf, openAccount, post, type Account, type McoinCouponRecord } from "./ledger";
import { availability, pricedOffer, type OfferLive } from "./offers";
import { transition } from "./order-machine";
import { closeRefund, decideNotice, earn, keepPayment, openRefund } from "./settlement";
import { couponAt, orderNumber, refundOrderNumber, type CouponRecord, type OrderRecord } from "./orders";
import type { CodeFixture } from "./codes";
import { checkIn, checkInStatus, macauDay } from "./check-in";
import {
  flashSaleOf,
  milesLimit,
  milesUsed,
  sameName,
  seckillItem,
  type MilesOrderRecord,
  type PromotionsFixture,
  type SeckillFixture,
  type SeckillItemFixture,
  type SeckillLive,
} from "./promotions";

type Address = z.infer<typeof AddressSchema>;

/** How long an order may wait for its cash before it closes by itself. */
export const PAYMENT_WINDOW_MS = 15 * 60_000;
/** Orders kept per member: a bound on what one member can make the gateway keep (a refusal past it). */
export const MAX_ORDERS_PER_MEMBER = 1000;
/** An unpaid goods order can be cancelled for this long after it is placed (spec: the cancellation window). */
export const CANCEL_WINDOW_MS = 10 * 60_000;
/** A refund completes this long after it is requested, on the sandbox clock (move the clock to skip it). */
export const REFUND_PROCESSING_MS = 2 * 60_000;
/** mCoin coupons a member may hold: a bound, like the orders'. */
export const MAX_MCOIN_COUPONS = 200;
/** How long the airline takes to answer a miles redemption, on the sandbox clock. */
export const MILES_PROCESSING_MS = 5_000;
/** Miles redemptions kept per member: a bound, like the orders'. */
export const MAX_MILES_ORDERS_PER_MEMBER = 1000;

export interface ShopData {
  /** Live numbers per offer id. */
  offers: Map<string, OfferLive>;
  /** Per member (open id). */
  accounts: Map<string, Account>;
  /** Every order by id, oldest first. */
  orders: Map<string, OrderRecord>;
  /** The last order id given out. */
  orderSeq: number;
  /** Live stock of each seckill item, by item id. */
  seckills: Map<string, SeckillLive>;
  /** Every Asia Miles redemption by id, oldest first, and the last id given out. */
  milesOrders: Map<string, MilesOrderRecord>;
  milesSeq: number;
}

export interface ShopContext {
  /** The current data (a reset or a reload replaces it). */
  data(): ShopData;
  catalog: CatalogQueries;
  /** The sandbox clock. */
  now(): number;
  /** Told after every change, for persistence. */
  changed(): void;
  /** The member's shipping addresses (the default marked). */
  addresses(openId: string): readonly Address[];
  /** The codes members can redeem (fixtures/wallet.json). */
  codes(): readonly CodeFixture[];
  /** Flash sales, seckills and Asia Miles (fixtures/promotions.json). */
  promotions(): PromotionsFixture;
  /** Whether the member is in the seckill canary (their gray-scale flag): the member's, never a caller's say. */
  canary(openId: string): boolean;
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
  /** Delivery goods: the member's address (their default when absent). */
  addressId?: number;
  /** What kind of sale placed it (flash sale, group-buy...); the sandbox's seeded history sets it. */
  kind?: z.infer<typeof OrderKindSchema>;
}

export interface RefundRequest {
  orderId: number;
  reason: z.infer<typeof RefundReasonSchema>;
  remarks: string;
}

/** What a merchant's till answers: the order and the coupon just redeemed. */
export interface Redemption {
  order: OrderRecord;
  coupon: CouponRecord;
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
  refunding: Set<OrderRecord>;
  byNumber: Map<string, OrderRecord>;
  byMember: Map<string, OrderRecord[]>;
  /** Redemption code → its coupon and order. */
  byCode: Map<string, Redemption>;
  /** Miles redemptions waiting for the airline's answer. */
  redeeming: Set<MilesOrderRecord>;
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
    const { orders, milesOrders } = this.data;
    if (this.index?.orders !== orders) {
      const index: OrderIndex = { orders, awaiting: new Set(), refunding: new Set(), byNumber: new Map(), byMember: new Map(), byCode: new Map(), redeeming: new Set() };
      for (const order of orders.values()) addToIndex(index, order);
      for (const redemption of milesOrders.values()) if (redemption.status === "redeeming") index.redeeming.add(redemption);
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

  /** The member's orders they have not deleted, newest first. */
  orders(openId: string): OrderRecord[] {
    this.closeDue();
    return this.ownOrders(openId)
      .filter((order) => order.deletedAt === null)
      .reverse();
  }

  /** One of the member's orders; another member's, or a deleted one, is as absent as one that does not exist. */
  order(openId: string, orderId: number): OrderRecord | undefined {
    this.closeDue();
    const order = this.data.orders.get(String(orderId));
    return order?.openId === openId && order.deletedAt === null ? order : undefined;
  }

  /** Any order by number, whoever's (the sandbox's controls and tills). */
  orderByNumber(orderNo: string): OrderRecord | undefined {
    this.closeDue();
    return this.indexed().byNumber.get(orderNo);
  }

  /** The payments the wallet gives back for the member's orders (deleted ones included), newest first. */
  paymentReturns(openId: string): (Payment & { orderNo: string })[] {
    this.closeDue();
    return this.ownOrders(openId)
      .flatMap((order) => order.payments.filter((payment) => payment.outcome === "refunded").map((payment) => ({ ...payment, orderNo: order.orderNo })))
      .sort((a, b) => b.at - a.at);
  }

  /** The member's mCoin coupons, newest first, an unused one past its validity read as expired. */
  mcoinCoupons(openId: string): (Omit<McoinCouponRecord, "status"> & { status: "unused" | "used" | "expired" })[] {
    const now = this.context.now();
    return [...this.account(openId).mcoinCoupons].reverse().map((coupon) => ({ ...coupon, status: coupon.status === "unused" && coupon.useUntil < now ? "expired" : coupon.status }));
  }

  /** The member's ledger, newest first; `earned` keeps what added mCoin, `spent` what took it. */
  ledger(openId: string, direction?: "earned" | "spent") {
    this.closeDue();
    return this.account(openId)
      .ledger.filter((entry) => direction === undefined || (direction === "earned" ? entry.amount > 0 : entry.amount < 0))
      .reverse();
  }

  /** Pieces of an offer the member bought and holds: in their orders not closed and not refunded (gifts do not count). */
  piecesHeld(openId: string, offerId: number): number {
    this.closeDue();
    return this.ownOrders(openId)
      .filter((order) => order.offerId === offerId && order.orderKind !== "gift" && order.seckillItemId === null && held(order))
      .reduce((sum, order) => sum + order.quantity, 0);
  }

  /** Coupons the member holds unused and still valid (deleted orders have none). */
  couponsHeld(openId: string): number {
    this.closeDue();
    const now = this.context.now();
    return this.ownOrders(openId)
      .filter((order) => order.deletedAt === null)
      .reduce((sum, order) => sum + order.coupons.filter((coupon) => couponAt(coupon, now).status === "unused").length, 0);
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

    const fulfilment = offer.kind === "goods" ? (offer.fulfilment ?? "delivery") : "coupon";
    let address: Address | null = null;
    if (fulfilment === "delivery") {
      const addresses = this.context.addresses(openId);
      address = (input.addressId === undefined ? (addresses.find((item) => item.isDefault === 1) ?? addresses[0]) : addresses.find((item) => Number(item.id) === input.addressId)) ?? null;
      if (!address) return refused("ADDRESS_REQUIRED");
    }

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
    const order = this.addOrder(openId, offer, now, {
      quantity,
      amountCents: amountDue(priced, quantity).cents,
      mcoinUsed,
      cashCents: cashDueCents(priced, quantity, mcoinUsed),
      payBy: now + PAYMENT_WINDOW_MS,
      orderKind: input.kind ?? (flashSaleOf(this.context.promotions(), offer.id) ? "flash_sale" : fulfilment === "pickup" ? "pickup" : "normal"),
      fulfilment,
      cancelBy: offer.kind === "goods" ? now + CANCEL_WINDOW_MS : null,
      address: address && structuredClone(address),
    });
    live.stock -= quantity;
    live.sold += quantity;
    if (mcoinUsed > 0) post(account, { type: "purchase", amount: -mcoinUsed, at: now, orderId: order.id, orderNo: order.orderNo });
    else account.revision += 1;
    if (order.cashCents === 0) this.settle(order, now, null);
    this.context.changed();
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
    this.closeDue();
    const order = this.indexed().byNumber.get(notice.orderNo);
    if (!order) return refused("ORDER_NOT_FOUND");
    const decision = decideNotice(order, notice);
    const now = this.context.now();
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
        this.context.changed();
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
      order.payBy = Math.min(order.payBy, this.context.now());
      this.closeDue();
    }
    return order;
  }

  /** The member left the cashier: their unpaid order closes, its stock and mCoin go back. */
  cancel(openId: string, orderId: number): Outcome<OrderRecord> {
    const order = this.order(openId, orderId);
    if (!order) return refused("ORDER_NOT_FOUND");
    if (order.status !== "awaiting_payment") return refused("CANNOT_CANCEL");
    const now = this.context.now();
    if (order.cancelBy !== null && now > order.cancelBy) return refused("CANCEL_WINDOW_PASSED");
    this.close(order, now);
    this.context.changed();
    return done(order);
  }

  /**
   * What is due on the sandbox clock, in the order it fell due: unpaid orders whose payment window
   * has passed close, and refunds whose processing time has passed complete.
   */
  closeDue(): void {
    const now = this.context.now();
    const index = this.indexed();
    const due = [
      ...[...index.awaiting].filter((order) => order.payBy <= now).map((order) => ({ at: order.payBy, order, run: () => this.close(order, order.payBy) })),
      ...[...index.refunding]
        .filter((order) => order.refund !== null && order.refund.requestedAt + REFUND_PROCESSING_MS <= now)
        .map((order) => ({ at: order.refund!.requestedAt + REFUND_PROCESSING_MS, order, run: () => this.completeRefund(order, order.refund!.requestedAt + REFUND_PROCESSING_MS) })),
      ...[...index.redeeming]
        .filter((redemption) => redemption.createdAt + MILES_PROCESSING_MS <= now)
        .map((redemption) => ({ at: redemption.createdAt + MILES_PROCESSING_MS, order: redemption, run: () => this.answerMiles(redemption, redemption.createdAt + MILES_PROCESSING_MS) })),
    ].sort((a, b) => a.at - b.at || a.order.id - b.order.id);
    for (const item of due) item.run();
    if (due.length > 0) this.context.changed();
  }

  // --- after the sale -----------------------------------------------------------------------------

  /**
   * A merchant's till takes a redemption code (a sandbox control, which names the till's store; the
   * gateway's merchant side is not the mall's): the coupon is used, once. `storeId` must be one of
   * the offer's stores (its first when absent: the seeded history's tills). The order is used when
   * none of its coupons is left unused.
   */
  redeem(code: string, storeId?: number): Outcome<Redemption> {
    this.closeDue();
    const found = this.indexed().byCode.get(code);
    if (!found || found.order.deletedAt !== null) return refused("CODE_INVALID");
    const { order, coupon } = found;
    // Another store's till learns nothing of the code, not even that it was used.
    const offer = this.context.catalog.offer(order.offerId);
    const store = storeId ?? offer?.storeIds[0];
    if (store === undefined || !offer?.storeIds.includes(store)) return refused("CODE_INVALID");
    const now = this.context.now();
    const current = couponAt(coupon, now).status;
    if (current === "used") return refused("ALREADY_USED");
    if (current !== "unused") return refused("CODE_INVALID");
    coupon.status = "used";
    coupon.usedAt = now;
    coupon.usedAtStore = String(store);
    if (!order.coupons.some((piece) => couponAt(piece, now).status === "unused") && order.status === "received") {
      this.move(order, "used");
      order.completedAt = now;
    }
    this.touch(order);
    return done(found);
  }

  /** A sandbox control: settled goods leave (delivery: awaiting receipt) or are ready at the store (pick-up). */
  ship(orderNo: string): Outcome<OrderRecord> {
    const order = this.orderByNumber(orderNo);
    if (!order || order.deletedAt !== null) return refused("ORDER_NOT_FOUND");
    if (order.status !== "awaiting_shipment") return refused("CANNOT_CONFIRM");
    this.move(order, order.fulfilment === "pickup" ? "awaiting_pickup" : "awaiting_receipt");
    order.shippedAt = this.context.now();
    return done(order);
  }

  /** The member has their goods: awaiting receipt or pick-up → completed. */
  confirmReceipt(openId: string, orderId: number): Outcome<OrderRecord> {
    const order = this.order(openId, orderId);
    if (!order) return refused("ORDER_NOT_FOUND");
    if (order.status !== "awaiting_receipt" && order.status !== "awaiting_pickup") return refused("CANNOT_CONFIRM");
    this.move(order, "completed");
    order.completedAt = this.context.now();
    return done(order);
  }

  /** Whether the member may ask for the order's money back now (see the header). */
  refundable(order: OrderRecord): boolean {
    if (order.orderKind === "gift" || order.refund !== null || order.deletedAt !== null) return false;
    if (order.fulfilment !== "coupon") return order.status === "awaiting_shipment";
    const now = this.context.now();
    return order.status === "received" && order.coupons.length > 0 && order.coupons.every((coupon) => couponAt(coupon, now).status === "unused");
  }

  /** Whether the order is finished, so the member may delete it. */
  deletable(order: OrderRecord): boolean {
    if (["closed", "used", "completed", "refunded"].includes(order.status)) return true;
    const now = this.context.now();
    return order.status === "received" && order.coupons.length > 0 && !order.coupons.some((coupon) => couponAt(coupon, now).status === "unused");
  }

  /** Asks for the whole order's money back: its coupons are invalid from now on, for good. */
  requestRefund(openId: string, request: RefundRequest): Outcome<OrderRecord> {
    const order = this.order(openId, request.orderId);
    if (!order) return refused("ORDER_NOT_FOUND");
    if (!this.refundable(order)) return refused("CANNOT_REFUND");
    const now = this.context.now();
    const refund = openRefund(order, this.account(openId), { reason: request.reason, remarks: request.remarks, refundOrderNo: refundOrderNumber(order.id, now) }, now);
    if (!refund) return refused("EARNING_SPENT");
    this.move(order, "refunding");
    this.indexed().refunding.add(order);
    for (const coupon of order.coupons) coupon.status = "refunding";
    order.refund = refund;
    return done(order);
  }

  /** Takes a finished order off the member's lists. */
  deleteOrder(openId: string, orderId: number): Outcome<OrderRecord> {
    const order = this.order(openId, orderId);
    if (!order) return refused("ORDER_NOT_FOUND");
    if (!this.deletable(order)) return refused("CANNOT_DELETE");
    order.deletedAt = this.context.now();
    this.touch(order);
    return done(order);
  }

  /** Redeems a code the member typed: a gifted coupon or an mCoin coupon, once per member. */
  redeemCode(openId: string, typed: string): Outcome<{ kind: "coupon"; order: OrderRecord } | { kind: "mcoin"; mcoinCoupon: McoinCouponRecord }> {
    this.closeDue();
    const code = typed.trim().toUpperCase();
    const now = this.context.now();
    const fixture = this.context.codes().find((candidate) => candidate.code === code);
    const account = this.account(openId);
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
      this.context.changed();
      return done({ kind: "mcoin", mcoinCoupon: coupon });
    }
    const offer = this.context.catalog.offer(fixture.offerId);
    if (!offer || offer.kind === "goods" || this.ownOrders(openId).length >= MAX_ORDERS_PER_MEMBER) return refused("CODE_INVALID");
    const order = this.addOrder(openId, offer, now, { quantity: 1, amountCents: 0, mcoinUsed: 0, cashCents: 0, payBy: now, orderKind: "gift", fulfilment: "coupon", cancelBy: null, address: null });
    this.settle(order, now, null);
    account.redeemedCodes.push(code);
    this.context.changed();
    return done({ kind: "coupon", order });
  }

  /** Today's check-in state (sandbox/domain/check-in.ts). */
  checkInStatus(openId: string) {
    this.closeDue();
    return checkInStatus(this.account(openId), this.context.now());
  }

  /** Checks the member in for today, once; the state after it and the reward. */
  checkIn(openId: string): Outcome<ReturnType<typeof checkInStatus> & { reward: number }> {
    this.closeDue();
    const account = this.account(openId);
    const reward = checkIn(account, this.context.now());
    if (reward === null) return refused("ALREADY_CHECKED_IN");
    this.context.changed();
    return done({ ...checkInStatus(account, this.context.now()), reward });
  }

  // --- flash sales and seckills -------------------------------------------------------------------

  /** Flash-sale sessions not yet ended, by start, with their times on the sandbox clock. */
  flashSessions(): { id: number; startAt: number; endAt: number; offers: CatalogOffer[] }[] {
    const { catalog, now } = this.context;
    const at = now();
    return this.context
      .promotions()
      .flashSales.map((session) => ({
        id: session.id,
        startAt: catalog.at(session.startAt),
        endAt: catalog.at(session.endAt),
        offers: session.offerIds.map((id) => catalog.offer(id)).filter((offer): offer is CatalogOffer => offer !== undefined && this.live(offer.id)?.status === "online"),
      }))
      .filter((session) => session.endAt > at)
      .sort((a, b) => a.startAt - b.startAt || a.id - b.id);
  }

  /** Seckill sessions not yet ended, by start; canary (gray) sessions only for a caller with the flag. */
  seckillSessions(gray: boolean): { session: SeckillFixture; startAt: number; endAt: number }[] {
    const { catalog, now } = this.context;
    const at = now();
    return this.context
      .promotions()
      .seckills.filter((session) => gray || !session.gray)
      .map((session) => ({ session, startAt: catalog.at(session.startAt), endAt: catalog.at(session.endAt) }))
      .filter((session) => session.endAt > at)
      .sort((a, b) => a.startAt - b.startAt || a.session.id - b.session.id);
  }

  /** A seckill item the caller may see (a canary one only with the flag), with its session. */
  seckill(itemId: number, gray: boolean): { session: SeckillFixture; item: SeckillItemFixture; live: SeckillLive; startAt: number; endAt: number } | undefined {
    this.closeDue();
    const found = seckillItem(this.context.promotions(), itemId);
    const live = this.data.seckills.get(String(itemId));
    if (!found || !live || (found.session.gray && !gray)) return undefined;
    const { catalog } = this.context;
    return { ...found, live, startAt: catalog.at(found.session.startAt), endAt: catalog.at(found.session.endAt) };
  }

  /** Pieces of a seckill item the member holds (orders not closed and not refunded). */
  seckillHeld(openId: string, itemId: number): number {
    this.closeDue();
    return this.ownOrders(openId)
      .filter((order) => order.seckillItemId === itemId && held(order))
      .reduce((sum, order) => sum + order.quantity, 0);
  }

  /**
   * Snaps up one piece of a seckill item: the session is running (a canary one only for a member in
   * the canary), the item has stock, the member is under its limit and holds its mCoin. The order
   * waits for its cash, or is settled at once when there is none; its pieces count against the
   * item's stock and limit, not the offer's.
   */
  snapUp(openId: string, itemId: number): Outcome<OrderRecord> {
    this.closeDue();
    const found = this.seckill(itemId, this.context.canary(openId));
    const offer = found && this.context.catalog.offer(found.item.offerId);
    if (!found || !offer || this.live(offer.id)?.status !== "online") return refused("TAKEN_DOWN");
    const { item, live, startAt, endAt } = found;
    const now = this.context.now();
    if (now < startAt) return refused("NOT_STARTED");
    if (now > endAt) return refused("ENDED");
    if (live.stock === 0) return refused("SOLD_OUT");
    if (this.seckillHeld(openId, item.id) + 1 > item.limitPerMember) return refused("LIMIT_REACHED");
    if (this.ownOrders(openId).length >= MAX_ORDERS_PER_MEMBER) return refused("LIMIT_REACHED");
    const account = this.account(openId);
    if (balanceOf(account) < item.mcoin) return refused("INSUFFICIENT_MCOIN");

    const cashCents = Math.round(item.price * 100);
    const order = this.addOrder(openId, offer, now, {
      quantity: 1,
      amountCents: cashCents + item.mcoin * CENTS_PER_MCOIN,
      mcoinUsed: item.mcoin,
      cashCents,
      payBy: now + PAYMENT_WINDOW_MS,
      orderKind: "seckill",
      fulfilment: "coupon",
      cancelBy: null,
      address: null,
    });
    order.seckillItemId = item.id;
    live.stock -= 1;
    live.sold += 1;
    if (item.mcoin > 0) post(account, { type: "purchase", amount: -item.mcoin, at: now, orderId: order.id, orderNo: order.orderNo });
    else account.revision += 1;
    if (cashCents === 0) this.settle(order, now, null);
    this.context.changed();
    return done(order);
  }

  // --- Asia Miles ---------------------------------------------------------------------------------

  /** A miles product and what the member has used of the limits (sandbox/domain/promotions.ts). */
  milesProduct(openId: string, productId: number) {
    this.closeDue();
    const { miles } = this.context.promotions();
    const product = miles.products.find((candidate) => candidate.id === productId);
    if (!product) return undefined;
    const use = milesUsed(this.ownMiles(openId), this.context.now());
    return { product, programme: miles.programme, dailyMaxMiles: miles.dailyMaxMiles, monthlyMaxMiles: miles.monthlyMaxMiles, minMiles: product.steps[0].miles, use, balance: balanceOf(this.account(openId)) };
  }

  /**
   * Redeems mCoin for miles, in this order of checks: the product and step exist, the airline has
   * this member account under this name, the limits allow it, the member holds the mCoin. The mCoin
   * is spent at once (a `miles` entry); the redemption is `redeeming` until the airline answers.
   */
  redeemMiles(openId: string, input: { productId: number; lastName: string; firstName: string; memberNo: string; mcoin: number }): Outcome<MilesOrderRecord> {
    const found = this.milesProduct(openId, input.productId);
    if (!found) return refused("TAKEN_DOWN");
    const step = found.product.steps.find((candidate) => candidate.mcoin === input.mcoin);
    if (!step) return refused("MILES_STEP_INVALID");
    const airline = this.context.promotions().miles.accounts.find((candidate) => candidate.memberNo === input.memberNo);
    if (!airline || !sameName(airline.lastName, input.lastName) || !sameName(airline.firstName, input.firstName)) return refused("MILES_ACCOUNT_NOT_FOUND");
    const limit = milesLimit(found.use, step.miles, found);
    if (limit) return refused(limit);
    if (found.balance < step.mcoin) return refused("INSUFFICIENT_MCOIN");
    if (this.ownMiles(openId).length >= MAX_MILES_ORDERS_PER_MEMBER) return refused("LIMIT_REACHED");

    const now = this.context.now();
    const id = this.data.milesSeq + 1;
    const redemption: MilesOrderRecord = {
      id,
      orderNo: `AM${macauDay(now).replaceAll("-", "")}${String(id).padStart(6, "0")}`,
      openId,
      productId: found.product.id,
      lastName: airline.lastName,
      firstName: airline.firstName,
      memberNo: input.memberNo,
      mcoin: step.mcoin,
      miles: step.miles,
      status: "redeeming",
      createdAt: now,
      creditedAt: null,
      refund: null,
    };
    this.data.milesSeq = id;
    this.data.milesOrders.set(String(id), redemption);
    this.indexed().redeeming.add(redemption);
    post(this.account(openId), { type: "miles", amount: -step.mcoin, at: now, orderNo: redemption.orderNo });
    this.context.changed();
    return done(redemption);
  }

  /** One of the member's miles redemptions (another member's is as absent as one that does not exist). */
  milesOrder(openId: string, id: number): MilesOrderRecord | undefined {
    this.closeDue();
    const redemption = this.data.milesOrders.get(String(id));
    return redemption?.openId === openId ? redemption : undefined;
  }

  /** The member's miles redemptions, newest first. */
  milesOrders(openId: string): MilesOrderRecord[] {
    this.closeDue();
    return this.ownMiles(openId).reverse();
  }

  private ownMiles(openId: string): MilesOrderRecord[] {
    return [...this.data.milesOrders.values()].filter((redemption) => redemption.openId === openId);
  }

  /** The airline answers: the miles arrive, or (a suspended account) the mCoin comes back. */
  private answerMiles(redemption: MilesOrderRecord, at: number): void {
    this.indexed().redeeming.delete(redemption);
    const airline = this.context.promotions().miles.accounts.find((candidate) => candidate.memberNo === redemption.memberNo);
    if (airline?.status === "active") {
      redemption.status = "credited";
      redemption.creditedAt = at;
      this.account(redemption.openId).revision += 1;
      return;
    }
    redemption.status = "refunded";
    redemption.refund = { refundNo: `MR${randomBytes(8).toString("hex").toUpperCase()}`, method: "mcoin", reason: "ACCOUNT_SUSPENDED", refundedAt: at };
    post(this.account(redemption.openId), { type: "refund", amount: redemption.mcoin, at, orderNo: redemption.orderNo });
  }

  /** Uses an mCoin coupon: its mCoin is added to the balance (an `mcoin_coupon` entry), once. */
  useMcoinCoupon(openId: string, couponId: number): Outcome<{ mcoinCoupon: McoinCouponRecord; balance: number }> {
    this.closeDue();
    const account = this.account(openId);
    const coupon = account.mcoinCoupons.find((candidate) => candidate.id === couponId);
    if (!coupon) return refused("CODE_INVALID");
    if (coupon.status === "used") return refused("ALREADY_USED");
    const now = this.context.now();
    if (coupon.useUntil < now) return refused("CODE_INVALID");
    coupon.status = "used";
    coupon.usedAt = now;
    post(account, { type: "mcoin_coupon", amount: coupon.mcoin, at: now });
    this.context.changed();
    return done({ mcoinCoupon: coupon, balance: balanceOf(account) });
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

  /** The member's favourite offer ids, the latest added first. */
  favourites(openId: string): number[] {
    return [...(this.data.accounts.get(openId)?.collections ?? [])].reverse();
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
    if (from === "refunding") this.indexed().refunding.delete(order);
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
    earn(order, this.account(order.openId), at);
  }

  /** A new order awaiting payment, numbered and indexed; what differs between orders comes in `fields`. */
  private addOrder(
    openId: string,
    offer: CatalogOffer,
    now: number,
    fields: Pick<OrderRecord, "quantity" | "amountCents" | "mcoinUsed" | "cashCents" | "payBy" | "orderKind" | "fulfilment" | "cancelBy" | "address">,
  ): OrderRecord {
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

  /** The refund is done on its terms (settlement.ts, closeRefund): mCoin, cash and stock go back. */
  private completeRefund(order: OrderRecord, at: number): void {
    const refund = order.refund;
    if (!refund) throw new Error(`order ${order.id}: refunding without a refund`);
    this.move(order, "refunded");
    for (const coupon of order.coupons) coupon.status = "refunded";
    closeRefund(refund, this.account(order.openId), at, () => `WR${randomBytes(10).toString("hex").toUpperCase()}`);
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

  /** Closed unpaid: the stock and the mCoin held go back. */
  private close(order: OrderRecord, at: number): void {
    this.move(order, "closed");
    this.restock(order);
    if (order.mcoinUsed > 0) {
      post(this.account(order.openId), { type: "purchase_released", amount: order.mcoinUsed, at, orderId: order.id, orderNo: order.orderNo });
    }
  }
}

/** Whether an order holds its pieces (counts against a limit): not closed and not refunded. */
function held(order: OrderRecord): boolean {
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

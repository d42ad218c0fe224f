/**
 * Promotions (fixtures/promotions.json, sandbox/promotions-schema.ts): flash-sale sessions, seckill
 * snap-ups and the daily check-in (check-in.ts). A flash sale's offers are bought as any offer is
 * (order-book.ts, which marks their orders); a seckill item has a stock and a limit of its own, and
 * its orders, once placed, are paid, refunded and closed like any other. Each rule is one
 * synchronous step (books.ts).
 *
 * The seckill canary: a session marked `gray` is seen and snapped up only by a member whose
 * gray-scale flag is set (the member's, never a caller's say).
 */
import { CENTS_PER_MCOIN } from "#core/money/purchase";
import { SeckillLiveSchema } from "#core/controls/records";
import type { z } from "zod";
import type { CatalogQueries } from "./catalog";
import type { CatalogOffer } from "../catalog-schema";
import { seckillItem, type PromotionsFixture, type SeckillFixture, type SeckillItemFixture } from "../promotions-schema";
import { done, refused, type Books, type Outcome } from "./books";
import { checkIn, checkInStatus } from "./check-in";
import { balanceOf } from "./ledger";
import { MAX_ORDERS_PER_MEMBER, PAYMENT_WINDOW_MS, type OrderBook } from "./order-book";
import { holdsPieces } from "./order-readings";
import type { OrderRecord } from "./orders";

export { SeckillLiveSchema };
/** A seckill item's live numbers: what is left and what was sold. */
export type SeckillLive = z.infer<typeof SeckillLiveSchema>;

/** Each seckill item's live numbers as the fixtures start them, by item id. */
export function seedSeckills(promotions: PromotionsFixture): Map<string, SeckillLive> {
  return new Map(promotions.seckills.flatMap((session) => session.items.map((item) => [String(item.id), { stock: item.stock, sold: 0 }] as const)));
}

/** The part of the store promotions keep. */
export interface PromotionsData {
  /** Live stock of each seckill item, by item id. */
  seckills: Map<string, SeckillLive>;
}

export interface PromotionsContext {
  /** The current data (a reset or a reload replaces it). */
  data(): PromotionsData;
  catalog: CatalogQueries;
  /** Flash sales and seckills (fixtures/promotions.json). */
  fixture(): PromotionsFixture;
  /** Whether the member is in the seckill canary (their gray-scale flag): the member's, never a caller's say. */
  canary(openId: string): boolean;
}

/** A seckill item a caller may see, with its session, live numbers and times on the sandbox clock. */
export interface FoundSeckill {
  session: SeckillFixture;
  item: SeckillItemFixture;
  live: SeckillLive;
  startAt: number;
  endAt: number;
}

export class Promotions {
  private readonly books: Books;
  private readonly orders: OrderBook;
  private readonly context: PromotionsContext;

  constructor(books: Books, orders: OrderBook, context: PromotionsContext) {
    this.books = books;
    this.orders = orders;
    this.context = context;
  }

  /** Flash sales and seckills as fixtures/promotions.json has them. */
  get fixture(): PromotionsFixture {
    return this.context.fixture();
  }

  // --- flash sales and seckills -------------------------------------------------------------------

  /** Flash-sale sessions not yet ended, by start, with their times on the sandbox clock and their offers on sale. */
  flashSessions(): { id: number; startAt: number; endAt: number; offers: CatalogOffer[] }[] {
    const { catalog } = this.context;
    const at = this.books.now();
    return this.fixture.flashSales
      .map((session) => ({
        id: session.id,
        startAt: catalog.at(session.startAt),
        endAt: catalog.at(session.endAt),
        offers: session.offerIds.map((id) => catalog.offer(id)).filter((offer): offer is CatalogOffer => offer !== undefined && this.orders.live(offer.id)?.status === "online"),
      }))
      .filter((session) => session.endAt > at)
      .sort((a, b) => a.startAt - b.startAt || a.id - b.id);
  }

  /** Seckill sessions not yet ended, by start; canary (gray) sessions only for a caller with the flag. */
  seckillSessions(gray: boolean): { session: SeckillFixture; startAt: number; endAt: number }[] {
    const { catalog } = this.context;
    const at = this.books.now();
    return this.fixture.seckills
      .filter((session) => gray || !session.gray)
      .map((session) => ({ session, startAt: catalog.at(session.startAt), endAt: catalog.at(session.endAt) }))
      .filter((session) => session.endAt > at)
      .sort((a, b) => a.startAt - b.startAt || a.session.id - b.session.id);
  }

  /** A seckill item the caller may see (a canary one only with the flag), with its session. */
  seckill(itemId: number, gray: boolean): FoundSeckill | undefined {
    this.books.closeDue();
    const found = seckillItem(this.fixture, itemId);
    const live = this.context.data().seckills.get(String(itemId));
    if (!found || !live || (found.session.gray && !gray)) return undefined;
    const { catalog } = this.context;
    return { ...found, live, startAt: catalog.at(found.session.startAt), endAt: catalog.at(found.session.endAt) };
  }

  /** A seckill item's live numbers, whoever may see it (a sandbox control). */
  seckillLive(itemId: number): SeckillLive | undefined {
    return this.context.data().seckills.get(String(itemId));
  }

  /** A sandbox control: the pieces left of a seckill item. */
  setSeckillStock(itemId: number, stock: number): SeckillLive | undefined {
    const live = this.seckillLive(itemId);
    if (!live) return undefined;
    live.stock = stock;
    this.books.changed();
    return live;
  }

  /** Pieces of a seckill item the member holds (orders not closed and not refunded). */
  seckillHeld(openId: string, itemId: number): number {
    this.books.closeDue();
    return this.orders
      .ofMember(openId)
      .filter((order) => order.seckillItemId === itemId && holdsPieces(order))
      .reduce((sum, order) => sum + order.quantity, 0);
  }

  /**
   * Snaps up one piece of a seckill item: the session is running (a canary one only for a member in
   * the canary), the item has stock, the member is under its limit and holds its mCoin. The order
   * waits for its cash, or is settled at once when there is none; its pieces count against the
   * item's stock and limit, not the offer's.
   */
  snapUp(openId: string, itemId: number): Outcome<OrderRecord> {
    this.books.closeDue();
    const found = this.seckill(itemId, this.context.canary(openId));
    const offer = found && this.context.catalog.offer(found.item.offerId);
    if (!found || !offer || this.orders.live(offer.id)?.status !== "online") return refused("TAKEN_DOWN");
    const { item, live, startAt, endAt } = found;
    const now = this.books.now();
    if (now < startAt) return refused("NOT_STARTED");
    if (now > endAt) return refused("ENDED");
    if (live.stock === 0) return refused("SOLD_OUT");
    if (this.seckillHeld(openId, item.id) + 1 > item.limitPerMember) return refused("LIMIT_REACHED");
    if (this.orders.ofMember(openId).length >= MAX_ORDERS_PER_MEMBER) return refused("LIMIT_REACHED");
    if (balanceOf(this.books.account(openId)) < item.mcoin) return refused("INSUFFICIENT_MCOIN");

    const cashCents = Math.round(item.price * 100);
    const order = this.orders.open(openId, offer, now, {
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
    this.orders.hold(order, now);
    if (cashCents === 0) this.orders.settle(order, now, null);
    this.books.changed();
    return done(order);
  }

  // --- the daily check-in -------------------------------------------------------------------------

  /** Today's check-in state (check-in.ts). */
  checkInStatus(openId: string) {
    this.books.closeDue();
    return checkInStatus(this.books.account(openId), this.books.now());
  }

  /** Checks the member in for today, once; the state after it and the reward. */
  checkIn(openId: string): Outcome<ReturnType<typeof checkInStatus> & { reward: number }> {
    this.books.closeDue();
    const account = this.books.account(openId);
    const reward = checkIn(account, this.books.now());
    if (reward === null) return refused("ALREADY_CHECKED_IN");
    this.books.changed();
    return done({ ...checkInStatus(account, this.books.now()), reward });
  }
}

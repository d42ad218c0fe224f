/**
 * Asia Miles: a member redeems mCoin for an airline's miles (fixtures/promotions.json, `miles`).
 * The mCoin is spent at once (a `miles` entry); the redemption is `redeeming` until the airline
 * answers MILES_PROCESSING_MS later on the sandbox clock (books.ts does what is due): the miles
 * arrive, or a suspended account's mCoin comes back (a `refund` entry).
 *
 * The limits are in miles per member, counted over the redemptions not refunded, by calendar day and
 * calendar month of Macau on the sandbox clock:
 * - the day's miles plus the step's may not pass `dailyMaxMiles` ('daily redemption limit');
 * - what is left of the month (`monthlyMaxMiles` less the month's miles) below the smallest step
 *   refuses any step ('lower than redeemed miles standard'), checked before the daily limit;
 * - otherwise the month's miles plus the step's may not pass `monthlyMaxMiles` ('monthly limit').
 */
import { randomBytes } from "node:crypto";
import type { z } from "zod";
import type { ShopRefusal } from "#core/api/shop-endpoints";
import { MilesRedemptionSchema } from "#core/controls/records";
import type { MilesFixture } from "../promotions-schema";
import { done, refused, type Books, type Outcome } from "./books";
import { macauDay } from "./check-in";
import { balanceOf, post } from "./ledger";

/** How long the airline takes to answer a miles redemption, on the sandbox clock. */
export const MILES_PROCESSING_MS = 5_000;
/** Miles redemptions kept per member: a bound, like the orders'. */
export const MAX_MILES_ORDERS_PER_MEMBER = 1000;

/** A kept miles redemption, as the controls answer it (core/controls/records.ts). */
export const MilesOrderRecordSchema = MilesRedemptionSchema;
export type MilesOrderRecord = z.infer<typeof MilesOrderRecordSchema>;

/** Why the airline refused, in the caller's language. */
export const MILES_REFUND_REASONS: Record<NonNullable<MilesOrderRecord["refund"]>["reason"], { zh: string; en: string }> = {
  ACCOUNT_SUSPENDED: { en: "The airline did not accept the miles: the member account is suspended.", zh: "航空公司未接受此里數：會員帳戶已暫停。" },
};

/** The part of the store Asia Miles keeps. */
export interface MilesData {
  /** Every redemption by id, oldest first. */
  milesOrders: Map<string, MilesOrderRecord>;
  /** The last redemption id given out. */
  milesSeq: number;
}

export interface MilesContext {
  /** The current data (a reset or a reload replaces it). */
  data(): MilesData;
  /** The programme, its products, limits and the airline's member accounts. */
  fixture(): MilesFixture;
}

export interface MilesRedemptionRequest {
  productId: number;
  lastName: string;
  firstName: string;
  memberNo: string;
  mcoin: number;
}

export class Miles {
  private readonly books: Books;
  private readonly context: MilesContext;
  /** The redemptions waiting for the airline, for the data they were found in. */
  private waiting: { in: Map<string, MilesOrderRecord>; redemptions: Set<MilesOrderRecord> } | null = null;

  constructor(books: Books, context: MilesContext) {
    this.books = books;
    this.context = context;
    books.onDue((now) => this.due(now));
  }

  /** The programme, its products, limits and the airline's accounts (fixtures/promotions.json). */
  get fixture(): MilesFixture {
    return this.context.fixture();
  }

  /** A miles product and what the member has used of the limits. */
  product(openId: string, productId: number) {
    this.books.closeDue();
    const miles = this.fixture;
    const product = miles.products.find((candidate) => candidate.id === productId);
    if (!product) return undefined;
    const use = milesUsed(this.ofMember(openId), this.books.now());
    return {
      product,
      programme: miles.programme,
      dailyMaxMiles: miles.dailyMaxMiles,
      monthlyMaxMiles: miles.monthlyMaxMiles,
      minMiles: product.steps[0].miles,
      use,
      balance: balanceOf(this.books.account(openId)),
    };
  }

  /**
   * Redeems mCoin for miles, in this order of checks: the product and step exist, the airline has
   * this member account under this name, the limits allow it, the member holds the mCoin. The mCoin
   * is spent at once (a `miles` entry); the redemption is `redeeming` until the airline answers.
   */
  redeem(openId: string, input: MilesRedemptionRequest): Outcome<MilesOrderRecord> {
    const found = this.product(openId, input.productId);
    if (!found) return refused("TAKEN_DOWN");
    const step = found.product.steps.find((candidate) => candidate.mcoin === input.mcoin);
    if (!step) return refused("MILES_STEP_INVALID");
    const airline = this.fixture.accounts.find((candidate) => candidate.memberNo === input.memberNo);
    if (!airline || !sameName(airline.lastName, input.lastName) || !sameName(airline.firstName, input.firstName)) return refused("MILES_ACCOUNT_NOT_FOUND");
    const limit = milesLimit(found.use, step.miles, found);
    if (limit) return refused(limit);
    if (found.balance < step.mcoin) return refused("INSUFFICIENT_MCOIN");
    if (this.ofMember(openId).length >= MAX_MILES_ORDERS_PER_MEMBER) return refused("LIMIT_REACHED");

    const now = this.books.now();
    const data = this.context.data();
    const id = data.milesSeq + 1;
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
    data.milesSeq = id;
    data.milesOrders.set(String(id), redemption);
    // The record as the store keeps it (sandbox/store/tracked.ts), the one every reading meets.
    const kept = data.milesOrders.get(String(id))!;
    this.redeeming().add(kept);
    post(this.books.account(openId), { type: "miles", amount: -step.mcoin, at: now, orderNo: redemption.orderNo });
    this.books.changed();
    return done(kept);
  }

  /** One of the member's redemptions (another member's is as absent as one that does not exist). */
  order(openId: string, id: number): MilesOrderRecord | undefined {
    this.books.closeDue();
    const redemption = this.context.data().milesOrders.get(String(id));
    return redemption?.openId === openId ? redemption : undefined;
  }

  /** The member's redemptions, newest first. */
  list(openId: string): MilesOrderRecord[] {
    this.books.closeDue();
    return this.ofMember(openId).reverse();
  }

  private ofMember(openId: string): MilesOrderRecord[] {
    return [...this.context.data().milesOrders.values()].filter((redemption) => redemption.openId === openId);
  }

  private redeeming(): Set<MilesOrderRecord> {
    const { milesOrders } = this.context.data();
    if (this.waiting?.in !== milesOrders) {
      this.waiting = { in: milesOrders, redemptions: new Set([...milesOrders.values()].filter((redemption) => redemption.status === "redeeming")) };
    }
    return this.waiting.redemptions;
  }

  /** The redemptions the airline has had its time to answer. */
  private due(now: number) {
    return [...this.redeeming()]
      .filter((redemption) => redemption.createdAt + MILES_PROCESSING_MS <= now)
      .map((redemption) => {
        const at = redemption.createdAt + MILES_PROCESSING_MS;
        return { at, id: redemption.id, run: () => this.answer(redemption, at) };
      });
  }

  /** The airline answers: the miles arrive, or (a suspended account) the mCoin comes back. */
  private answer(redemption: MilesOrderRecord, at: number): void {
    this.redeeming().delete(redemption);
    const airline = this.fixture.accounts.find((candidate) => candidate.memberNo === redemption.memberNo);
    if (airline?.status === "active") {
      redemption.status = "credited";
      redemption.creditedAt = at;
      this.books.account(redemption.openId).revision += 1;
      return;
    }
    redemption.status = "refunded";
    redemption.refund = { refundNo: `MR${randomBytes(8).toString("hex").toUpperCase()}`, method: "mcoin", reason: "ACCOUNT_SUSPENDED", refundedAt: at };
    post(this.books.account(redemption.openId), { type: "refund", amount: redemption.mcoin, at, orderNo: redemption.orderNo });
  }
}

/** The calendar month of Macau at `at`, yyyy-mm. */
export function macauMonth(at: number): string {
  return macauDay(at).slice(0, 7);
}

/** A redemption as the limits count it. */
export interface CountedRedemption {
  miles: number;
  createdAt: number;
  status: "redeeming" | "credited" | "refunded";
}

export interface MilesUse {
  today: number;
  thisMonth: number;
}

/** Miles the member redeemed today and this month (Macau), refunded redemptions not counted. */
export function milesUsed(redemptions: readonly CountedRedemption[], now: number): MilesUse {
  const day = macauDay(now);
  const month = day.slice(0, 7);
  let today = 0;
  let thisMonth = 0;
  for (const redemption of redemptions) {
    if (redemption.status === "refunded") continue;
    const on = macauDay(redemption.createdAt);
    if (on.slice(0, 7) === month) thisMonth += redemption.miles;
    if (on === day) today += redemption.miles;
  }
  return { today, thisMonth };
}

/** Which limit (if any) refuses `miles` more, given what was used and the smallest step. */
export function milesLimit(use: MilesUse, miles: number, limits: { dailyMaxMiles: number; monthlyMaxMiles: number; minMiles: number }): ShopRefusal | null {
  if (limits.monthlyMaxMiles - use.thisMonth < limits.minMiles) return "MILES_BELOW_STANDARD";
  if (use.today + miles > limits.dailyMaxMiles) return "MILES_DAILY_LIMIT";
  if (use.thisMonth + miles > limits.monthlyMaxMiles) return "MILES_MONTHLY_LIMIT";
  return null;
}

/** A membership number as shown back: all but its last 4 digits masked. */
export function maskMemberNo(memberNo: string): string {
  return `${"•".repeat(Math.max(0, memberNo.length - 4))}${memberNo.slice(-4)}`;
}

/** Names compared as the airline does: case, surrounding and repeated spaces do not matter. */
export function sameName(a: string, b: string): boolean {
  const norm = (text: string) => text.trim().replace(/\s+/g, " ").toUpperCase();
  return norm(a) === norm(b);
}

/**
 * The model test's game (shop.model.test.ts): the members, offers, seckill items and airline
 * accounts it plays with, the in-process sandbox it plays against, the model it keeps, and the
 * helpers every step uses.
 */
import { expect } from "vitest";
import type { ApiClient } from "#core/api/client";
import { ApiError } from "#core/api/errors";
import { WALLET_SIGNATURE_HEADER, orderList, shopRefusal, type LedgerEntry, type Order, type ShopRefusal } from "#core/api/shop-endpoints";
import { inProcess } from "../../testing";
import type { MoneyView } from "../audit";
import { couponAt, type OrderRecord } from "../orders";

export const MEMBERS = ["mpay-1001", "mpay-1002", "mpay-1003", "mpay-1004", "mpay-1005"];
/** Members with an address (delivery goods); the others are refused ADDRESS_REQUIRED. */
export const WITH_ADDRESS = ["mpay-1001", "mpay-1003"];
/**
 * A coupon paid any way, an mCoin-only coupon, a third-party voucher, delivery goods, an offer of
 * two per member, delivery goods paid in mCoin only (90 a piece), pick-up goods (6, not 52: 52's
 * sale ends "today", so how much of the game it took part in would depend on the hour).
 */
export const OFFERS = [
  { id: 7, stock: 6 },
  { id: 53, stock: 4 },
  { id: 9, stock: 5 },
  { id: 25, stock: 3 },
  { id: 12, stock: 4 },
  { id: 64, stock: 5 },
  { id: 6, stock: 4 },
];
export const DAY = 24 * 3_600_000;
/** Seckill items 1 (MOP 1, 1 per member, on offer 7, also sold in the game) and 2 (100 mCoin, 2 per member). */
export const SECKILL_ITEMS = [
  { id: 1, stock: 3 },
  { id: 2, stock: 4 },
];
/** An active airline account, a suspended one (the airline refuses: mCoin back), and none. */
export const MILES_ACCOUNTS = [
  { lastName: "Wong", firstName: "Mei Ling", memberNo: "1300000001" },
  { lastName: "LEI", firstName: "KA HOU", memberNo: "1300000009" },
  { lastName: "Nobody", firstName: "Here", memberNo: "1399999999" },
];

export const current = inProcess({ history: false });
export const { domain, store, instruments } = current.sandbox;

export interface Real {
  clients: Map<string, ApiClient>;
}

export interface Model {
  /** Orders the gateway created, in order, with whose they are. */
  orders: (Order & { openId: string })[];
  /** Buys sent: who, the key and the body, and the order it made (null: refused). */
  buys: { openId: string; key: string; body: { offerId: number; quantity: number; mcoinUsed: number; adult: boolean }; orderId: number | null }[];
  /** Signed notices sent, to send again, with the reason they were refused (null: accepted). */
  notices: { body: string; signature: string; reason: string | null }[];
  /** Each order's status when last seen. */
  statuses: Map<number, Order["status"]>;
  /** Each member's ledger when last seen. */
  ledgers: Map<string, LedgerEntry[]>;
  /** Orders their members deleted. */
  deleted: Set<number>;
  /** `${openId} ${day of Macau}` of every check-in that went through. */
  checkIns: Set<string>;
  /** Each miles redemption's status when last seen. */
  miles: Map<number, "redeeming" | "credited" | "refunded">;
  /** When each store's till entered a code that redeemed nothing (sandbox/domain/till.ts). */
  tillFailures: Map<number, number[]>;
}

export type Attempt<T> = { ok: true; value: T } | { ok: false; reason: ShopRefusal };

export const catalogOffer = (id: number) => domain.catalog.offer(id)!;
/** The order as the gateway keeps it now (what is due on the clock done first). */
export const recordOf = (id: number): OrderRecord => {
  domain.books.closeDue();
  return store.data.orders.get(String(id))!;
};
export const pick = <T>(list: readonly T[], index: number): T => list[index % list.length];

/**
 * An order for a step to act on: usually (aimed) one the step could go through for, so the game gets
 * past payment often enough; otherwise any order at all, most of which it should refuse.
 */
export function target(model: Readonly<Model>, index: number, aimed: boolean, fits: (order: OrderRecord, now: number) => boolean): Model["orders"][number] {
  const now = instruments.clock.now();
  const fitting = aimed ? model.orders.filter((order) => fits(recordOf(order.id), now)) : [];
  return pick(fitting.length > 0 ? fitting : model.orders, index);
}

/** Refusals are part of the game; anything else is a failure of the test. */
export async function allowRefusal<T>(call: Promise<T>): Promise<T | null> {
  const outcome = await attempt(call);
  return outcome.ok ? outcome.value : null;
}

/** The reply, or the gateway's reason for refusing. */
export async function attempt<T>(call: Promise<T>): Promise<Attempt<T>> {
  try {
    return { ok: true, value: await call };
  } catch (error) {
    const reason = error instanceof ApiError ? shopRefusal(error.body) : null;
    if (reason !== null) return { ok: false, reason };
    throw error;
  }
}

/** What a step should answer: going through, or refused for `reason`. */
export const expectOutcome = (outcome: Attempt<unknown>, expected: ShopRefusal | null, what: string) => expect(outcome.ok ? null : outcome.reason, what).toBe(expected);

/** The model's own reading of the rules (after-sale.ts's header), to predict each after-sale step. */
export function refundableNow(order: OrderRecord, now: number): boolean {
  if (order.fulfilment !== "coupon") return order.status === "awaiting_shipment";
  return order.status === "received" && order.coupons.length === order.quantity && order.coupons.every((coupon) => couponAt(coupon, now).status === "unused");
}

export function deletableNow(order: OrderRecord, now: number): boolean {
  if (["closed", "used", "completed", "refunded"].includes(order.status)) return true;
  return order.status === "received" && order.coupons.every((coupon) => couponAt(coupon, now).status !== "unused");
}

/** Usually the owner (a negative member); sometimes another member, who must be told there is no such order. */
export const actor = (order: { openId: string }, member: number) => (member < 0 ? order.openId : MEMBERS[member]);
export const byWhom = (member: number) => (member < 0 ? "" : `, by ${MEMBERS[member]}`);
export const aimedAt = (aimed: boolean) => (aimed ? "" : ", any order");

export const SETTLED_COUPONS: readonly Order["status"][] = ["received", "used", "refunding", "refunded"];

// Checked thousands of times a run: vitest's expect (and its message) only when something is off.
export function same<T>(actual: T, expected: T, label: () => string): void {
  if (!Object.is(actual, expected)) expect(actual, label()).toBe(expected);
}
export function holds(condition: boolean, label: () => string): void {
  if (!condition) expect(condition, label()).toBe(true);
}
export function atMost(actual: number, bound: number, label: () => string): void {
  if (!(actual <= bound)) expect(actual, label()).toBeLessThanOrEqual(bound);
}

/** The books as the audit reads them (the state view and Asia Miles and seckill), copied (the view holds the live objects). */
export const booksNow = (): MoneyView => JSON.parse(JSON.stringify(domain.auditView())) as MoneyView;

/** The member's order list, through the API: every order of theirs but those they deleted, ever. */
export async function expectListed(model: Readonly<Model>, real: Real, openId: string) {
  const listed: number[] = [];
  for (let page = 1; ; page += 1) {
    const reply = await real.clients.get(openId)!.call(orderList, { page, size: 50, tab: "all", type: "all" });
    listed.push(...reply.data.list.map((item) => item.id));
    if (!reply.data.hasMore) break;
  }
  const own = model.orders.filter((item) => item.openId === openId && !model.deleted.has(item.id)).map((item) => item.id);
  expect(
    listed.sort((a, b) => a - b),
    `${openId}'s order list`,
  ).toEqual(own.sort((a, b) => a - b));
}

export async function send(notice: { body: string; signature: string }): Promise<{ code: number; data?: { reason?: string } }> {
  const response = await current.request("/pay/notify", { body: notice.body, headers: { [WALLET_SIGNATURE_HEADER]: notice.signature } });
  expect(response.status).toBe(200);
  return response.body as { code: number; data?: { reason?: string } };
}

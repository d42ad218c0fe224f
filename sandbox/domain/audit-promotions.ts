/**
 * The audit's part for the money that moves outside orders (audit.ts calls it): check-ins, mCoin
 * coupons, Asia Miles and seckill. Each finding names the member, the record and the rule.
 *
 * From the state view alone (GET /__sandbox/state shows every account whole):
 * - check-ins: one `check_in` entry per calendar day of Macau, on the day the entry was written at,
 *   whatever order the sandbox clock visited days in; each worth a step of CHECK_IN_LADDER; the
 *   account keeps no day twice;
 * - mCoin coupons: each `mcoin_coupon` entry is one used coupon's mCoin, at the moment it was used,
 *   and each used coupon has its one entry, used no later than its last day; an unused one has none.
 * From the promotions part the domain adds (domain.ts `auditView`):
 * - Asia Miles (miles.ts): each redemption's mCoin is one `miles` entry naming it, given back (one
 *   `refund` entry naming it) exactly when it was refunded; every `miles` entry names a redemption of
 *   its member; a member's redemptions not refunded pass neither the daily nor the monthly maximum
 *   on a Macau day or month;
 * - seckill (promotions.ts): no item's stock below zero; no member holds more pieces of an item than
 *   its limit; each order of an item was placed while its session ran, at the item's mCoin; against
 *   the state before, an item's stock + sold is unchanged and its stock changed by what its orders hold.
 */
import type { LedgerEntry } from "#core/api/shop-endpoints";
import { CHECK_IN_LADDER } from "#core/api/vocabulary";
import { macauDay } from "./check-in";
import type { McoinCouponRecord } from "./ledger";
import type { MilesOrderRecord } from "./miles";

/** A seckill item as the audit reads it: its fixture's terms with its session's times, and its live numbers. */
export interface AuditedSeckill {
  id: number;
  sessionId: number;
  startAt: number;
  endAt: number;
  limitPerMember: number;
  mcoin: number;
  stock: number;
  sold: number;
}

/** What GET /__sandbox/state does not show and the audit needs: Asia Miles and seckill. */
export interface PromotionsView {
  miles: { dailyMaxMiles: number; monthlyMaxMiles: number; redemptions: MilesOrderRecord[] };
  seckills: AuditedSeckill[];
}

/** An account as the audit reads it: its ledger, and (in the state view) its check-in days and mCoin coupons. */
export interface AuditedAccount {
  ledger: LedgerEntry[];
  checkIns?: string[];
  mcoinCoupons?: McoinCouponRecord[];
}

/** An order as the seckill audit reads it. */
export interface SeckillOrder {
  id: number;
  openId: string;
  status: string;
  quantity: number;
  mcoinUsed: number;
  seckillItemId: number | null;
  createdAt?: number;
}

const entryAt = (openId: string, entry: LedgerEntry) => `${openId} entry ${entry.seq} (${entry.type} ${entry.amount})`;

/** Check-ins and mCoin coupons of one account. */
export function auditAccountExtras(openId: string, account: AuditedAccount, problems: string[]): void {
  const firstOn = new Map<string, LedgerEntry>();
  for (const entry of account.ledger) {
    if (entry.type !== "check_in") continue;
    const day = macauDay(entry.at);
    const first = firstOn.get(day);
    if (first) problems.push(`${entryAt(openId, entry)}: a second check-in for ${day} (Macau), after entry ${first.seq}: one check-in a day`);
    else firstOn.set(day, entry);
    if (!(CHECK_IN_LADDER as readonly number[]).includes(entry.amount)) problems.push(`${entryAt(openId, entry)}: not a step of the check-in ladder`);
  }
  const kept = account.checkIns ?? [];
  for (const day of new Set(kept)) if (kept.indexOf(day) !== kept.lastIndexOf(day)) problems.push(`${openId}: check-in day ${day} kept twice`);

  if (account.mcoinCoupons === undefined) return;
  const unmatched = account.ledger.filter((entry) => entry.type === "mcoin_coupon");
  for (const coupon of account.mcoinCoupons) {
    const at = `${openId} mCoin coupon ${coupon.id} (${coupon.mcoin} mCoin, ${coupon.status})`;
    if (coupon.status === "unused") {
      if (coupon.usedAt !== null) problems.push(`${at}: unused, but used at ${coupon.usedAt}`);
      continue;
    }
    if (coupon.usedAt === null || coupon.usedAt > coupon.useUntil) problems.push(`${at}: used at ${coupon.usedAt}, after its last day ${coupon.useUntil}`);
    const index = unmatched.findIndex((entry) => entry.amount === coupon.mcoin && entry.at === coupon.usedAt);
    if (index < 0) problems.push(`${at}: used, but no mcoin_coupon entry of ${coupon.mcoin} at ${coupon.usedAt}`);
    else unmatched.splice(index, 1);
  }
  for (const entry of unmatched) problems.push(`${entryAt(openId, entry)}: no used mCoin coupon of ${entry.amount} at ${entry.at}: a coupon's mCoin comes in once, when it is used`);
}

/** Asia Miles: each redemption's entries, and the daily and monthly maximums. */
export function auditMiles(miles: PromotionsView["miles"], ledgers: Readonly<Record<string, { ledger: LedgerEntry[] }>>, problems: string[]): void {
  const byOrderNo = new Map(miles.redemptions.map((redemption) => [redemption.orderNo, redemption]));
  for (const [openId, { ledger }] of Object.entries(ledgers)) {
    for (const entry of ledger) {
      if (entry.type !== "miles") continue;
      const redemption = byOrderNo.get(entry.orderNo ?? "");
      if (redemption?.openId !== openId) problems.push(`${entryAt(openId, entry)}: names miles redemption ${entry.orderNo}, which is not this member's`);
    }
  }
  const totals = new Map<string, number>();
  const add = (key: string, miles: number) => {
    totals.set(key, (totals.get(key) ?? 0) + miles);
    return totals.get(key)!;
  };
  for (const redemption of [...miles.redemptions].sort((a, b) => a.createdAt - b.createdAt || a.id - b.id)) {
    const { openId, orderNo } = redemption;
    const at = `${openId} miles ${orderNo} (${redemption.miles} miles for ${redemption.mcoin} mCoin, ${redemption.status})`;
    const entries = (ledgers[openId]?.ledger ?? []).filter((entry) => entry.orderNo === orderNo);
    const amounts = (type: LedgerEntry["type"]) => entries.filter((entry) => entry.type === type).map((entry) => entry.amount);
    const refunded = redemption.status === "refunded";
    if (JSON.stringify(amounts("miles")) !== JSON.stringify([-redemption.mcoin])) problems.push(`${at}: miles entries ${JSON.stringify(amounts("miles"))}, expected [${-redemption.mcoin}]`);
    const refunds = JSON.stringify(amounts("refund"));
    if (refunds !== JSON.stringify(refunded ? [redemption.mcoin] : []))
      problems.push(`${at}: refund entries ${refunds}, expected [${refunded ? redemption.mcoin : ""}]: the mCoin comes back only when the airline refused`);
    if (refunded) continue;
    const day = macauDay(redemption.createdAt);
    const month = day.slice(0, 7);
    const onDay = add(`${openId} ${day}`, redemption.miles);
    const inMonth = add(`${openId} ${month}`, redemption.miles);
    if (onDay > miles.dailyMaxMiles) problems.push(`${at}: ${onDay} miles on ${day} (Macau), over the daily maximum of ${miles.dailyMaxMiles}`);
    if (inMonth > miles.monthlyMaxMiles) problems.push(`${at}: ${inMonth} miles in ${month} (Macau), over the monthly maximum of ${miles.monthlyMaxMiles}`);
  }
}

/** Whether a seckill order holds a piece of its item against the member's limit: placed, and not closed or refunded (or refunding). */
const holdsAgainstLimit = (order: SeckillOrder) => order.status !== "closed" && order.status !== "refunding" && order.status !== "refunded";
/** Whether a seckill order holds a piece of its item's stock. */
const holdsStock = (order: SeckillOrder) => order.status !== "closed" && order.status !== "refunded";

function piecesOf(orders: readonly SeckillOrder[], itemId: number, holds: (order: SeckillOrder) => boolean): number {
  return orders.filter((order) => order.seckillItemId === itemId && holds(order)).reduce((sum, order) => sum + order.quantity, 0);
}

/** Seckill: stock, each member's limit, each order's session and price, and (given the state before) stock against orders. */
export function auditSeckills(
  after: { seckills: AuditedSeckill[]; orders: readonly SeckillOrder[] },
  before: { seckills: AuditedSeckill[]; orders: readonly SeckillOrder[] } | undefined,
  problems: string[],
): void {
  const items = new Map(after.seckills.map((item) => [item.id, item]));
  for (const order of after.orders) {
    if (order.seckillItemId === null) continue;
    const item = items.get(order.seckillItemId);
    const at = `order ${order.id} (${order.openId}, ${order.status}) of seckill item ${order.seckillItemId}`;
    if (!item) problems.push(`${at}: no such item`);
    else if (order.quantity !== 1 || order.mcoinUsed !== item.mcoin) problems.push(`${at}: ${order.quantity} piece(s) for ${order.mcoinUsed} mCoin, not one for ${item.mcoin}`);
    else if (order.createdAt !== undefined && (order.createdAt < item.startAt || order.createdAt > item.endAt)) {
      problems.push(`${at}: placed at ${order.createdAt}, outside session ${item.sessionId} (${item.startAt} to ${item.endAt})`);
    }
  }
  for (const item of after.seckills) {
    if (item.stock < 0) problems.push(`seckill item ${item.id}: stock ${item.stock}`);
    const members = new Set(after.orders.filter((order) => order.seckillItemId === item.id).map((order) => order.openId));
    for (const openId of members) {
      const held = piecesOf(
        after.orders.filter((order) => order.openId === openId),
        item.id,
        holdsAgainstLimit,
      );
      if (held > item.limitPerMember) problems.push(`${openId} seckill item ${item.id} (session ${item.sessionId}): holds ${held} pieces, over its limit of ${item.limitPerMember} a member`);
    }
    const was = before?.seckills.find((candidate) => candidate.id === item.id);
    if (!before || !was) continue;
    if (item.stock + item.sold !== was.stock + was.sold) problems.push(`seckill item ${item.id}: stock + sold ${item.stock} + ${item.sold}, was ${was.stock} + ${was.sold}`);
    const taken = piecesOf(after.orders, item.id, holdsStock) - piecesOf(before.orders, item.id, holdsStock);
    if (was.stock - item.stock !== taken) problems.push(`seckill item ${item.id}: stock went from ${was.stock} to ${item.stock}, but the pieces its orders hold changed by ${taken}`);
  }
}

/**
 * The money domain's books, audited from outside: what GET /__sandbox/state shows (state.ts,
 * redactedView) must hold by the rules of shop.ts and ledger.ts, whatever members did. A load test
 * reads the state before and after its load and asks for the problems; the model test
 * (shop.model.test.ts) asks after every random run, so the audit is known to find nothing in books
 * the rules kept.
 *
 * Every account:
 * - the ledger opens with its `opening` entry; entries are numbered 1, 2, 3…; each `balanceAfter` is
 *   the running sum and never below zero; the member's balance (`point`) is the last one;
 * - an order's entries (purchase, purchase_released, earning, earning_reversed, refund with an order)
 *   name an order of this member's, by its id and number; the others (opening, check-in, miles, an
 *   mCoin coupon, an adjustment, a miles refund) name none.
 * Every order, from its entries in its member's ledger:
 * - one `purchase` of the mCoin used when it used any, else none; one `earning` of what it earned
 *   when it earned any, else none; an order still awaiting payment earned nothing;
 * - closed: its mCoin released once (`purchase_released`), nothing earned, nothing else;
 * - refunded: the mCoin used back once (`refund`), at most one `earning_reversed` of at most what it
 *   earned; its refund record says the same;
 * - any other status: no release, no refund, no reversal.
 * Against the state before (`before`):
 * - every ledger only grew (the old one is the start of the new), and no order went away;
 * - each offer's stock + sold is what it was (a piece is sold or on the shelf, never lost or made),
 *   its stock is never below zero, and it changed by exactly what the orders taking stock (not
 *   closed, not refunded; gifts and seckill pieces take none of the offer's) changed by.
 *
 * Seckill stock and Asia Miles redemptions are not in the view; the model test checks those itself.
 */
import type { LedgerEntry } from "../../app/lib/api/shop-endpoints";
import type { OrderRecord } from "./orders";

/** The part of GET /__sandbox/state the audit reads. */
export interface MoneyView {
  members: { openId: string; point: number }[];
  accounts: Record<string, { ledger: LedgerEntry[] }>;
  orders: Pick<OrderRecord, "id" | "orderNo" | "openId" | "offerId" | "status" | "quantity" | "mcoinUsed" | "mcoinEarned" | "orderKind" | "seckillItemId" | "refund">[];
  offers: Record<string, { stock: number; sold: number }>;
}

type AuditedOrder = MoneyView["orders"][number];

/** Entry types that belong to an order (a `refund` belongs to one when it names it: miles refunds do not). */
const ORDER_ENTRY_TYPES = new Set<LedgerEntry["type"]>(["purchase", "purchase_released", "earning", "earning_reversed"]);

/** Whether the order holds pieces of its offer's stock: placed, and neither closed nor refunded. */
function takesOfferStock(order: AuditedOrder): boolean {
  return order.seckillItemId === null && order.orderKind !== "gift" && order.status !== "closed" && order.status !== "refunded";
}

/** Pieces of each offer that orders hold, by offer id. */
function piecesHeld(orders: readonly AuditedOrder[]): Map<string, number> {
  const held = new Map<string, number>();
  for (const order of orders) if (takesOfferStock(order)) held.set(String(order.offerId), (held.get(String(order.offerId)) ?? 0) + order.quantity);
  return held;
}

function auditLedger(openId: string, ledger: readonly LedgerEntry[], point: number | undefined, ordersById: ReadonlyMap<number, AuditedOrder>, problems: string[]): void {
  if (ledger[0]?.type !== "opening" || ledger[0].orderId !== null) problems.push(`${openId}: the ledger does not open with its opening entry`);
  let balance = 0;
  for (const [index, entry] of ledger.entries()) {
    balance += entry.amount;
    const at = `${openId} entry ${index + 1} (${entry.type} ${entry.amount})`;
    if (entry.seq !== index + 1) problems.push(`${at}: numbered ${entry.seq}`);
    if (entry.balanceAfter !== balance) problems.push(`${at}: balance after ${entry.balanceAfter}, but the entries up to it sum to ${balance}`);
    if (entry.balanceAfter < 0) problems.push(`${at}: balance below zero`);
    if (index > 0 && entry.type === "opening") problems.push(`${at}: a second opening`);
    const ofOrder = ORDER_ENTRY_TYPES.has(entry.type) || (entry.type === "refund" && entry.orderId !== null);
    if (!ofOrder) {
      if (entry.orderId !== null) problems.push(`${at}: names order ${entry.orderId}, but is no order's`);
      continue;
    }
    const order = entry.orderId === null ? undefined : ordersById.get(entry.orderId);
    if (!order || order.openId !== openId) problems.push(`${at}: names order ${entry.orderId}, which is not this member's`);
    else if (entry.orderNo !== order.orderNo) problems.push(`${at}: names order ${order.id} as ${entry.orderNo}, not ${order.orderNo}`);
  }
  const last = ledger.at(-1)?.balanceAfter ?? 0;
  if (point !== undefined && point !== last) problems.push(`${openId}: balance ${point}, but the ledger ends at ${last}`);
}

function auditOrder(order: AuditedOrder, entries: readonly LedgerEntry[], problems: string[]): void {
  const at = `order ${order.id} (${order.openId}, ${order.status})`;
  const of = (type: LedgerEntry["type"]) => entries.filter((entry) => entry.type === type).map((entry) => entry.amount);
  const once = (type: LedgerEntry["type"], amount: number) => {
    const found = of(type);
    const expected = amount === 0 ? [] : [amount];
    if (JSON.stringify(found) !== JSON.stringify(expected)) problems.push(`${at}: ${type} entries ${JSON.stringify(found)}, expected ${JSON.stringify(expected)}`);
  };
  once("purchase", -order.mcoinUsed);
  once("earning", order.mcoinEarned);
  if (order.status === "awaiting_payment" && order.mcoinEarned !== 0) problems.push(`${at}: earned ${order.mcoinEarned} before it was paid`);
  if (order.status === "closed") {
    once("purchase_released", order.mcoinUsed);
    if (order.mcoinEarned !== 0) problems.push(`${at}: a closed order earned ${order.mcoinEarned}`);
  } else {
    once("purchase_released", 0);
  }
  if (order.status === "refunded") {
    once("refund", order.mcoinUsed);
    const reversed = of("earning_reversed");
    if (reversed.length > 1 || reversed.some((amount) => amount >= 0 || -amount > order.mcoinEarned)) problems.push(`${at}: earning_reversed entries ${JSON.stringify(reversed)} of ${order.mcoinEarned} earned`);
    if (order.refund?.status !== "refunded" || order.refund.mcoinRefunded !== order.mcoinUsed || order.refund.cashRefundedCents !== order.refund.cashRequestedCents) {
      problems.push(`${at}: its refund record ${JSON.stringify(order.refund && { status: order.refund.status, mcoinRefunded: order.refund.mcoinRefunded, cash: [order.refund.cashRefundedCents, order.refund.cashRequestedCents] })} does not match`);
    }
  } else {
    once("refund", 0);
    once("earning_reversed", 0);
  }
}

/** What is wrong with the books in `after` (and since `before`, when given); empty when nothing is. */
export function auditMoney(after: MoneyView, before?: MoneyView): string[] {
  const problems: string[] = [];
  const ordersById = new Map(after.orders.map((order) => [order.id, order]));
  const points = new Map(after.members.map((member) => [member.openId, member.point]));
  const entriesOf = new Map<number, LedgerEntry[]>();
  for (const [openId, { ledger }] of Object.entries(after.accounts)) {
    auditLedger(openId, ledger, points.get(openId), ordersById, problems);
    for (const entry of ledger) if (entry.orderId !== null) entriesOf.set(entry.orderId, [...(entriesOf.get(entry.orderId) ?? []), entry]);
  }
  for (const member of after.members) if (!after.accounts[member.openId] && member.point !== 0) problems.push(`${member.openId}: balance ${member.point} without a ledger`);
  for (const order of after.orders) auditOrder(order, entriesOf.get(order.id) ?? [], problems);

  for (const [id, live] of Object.entries(after.offers)) if (live.stock < 0) problems.push(`offer ${id}: stock ${live.stock}`);
  if (!before) return problems;

  for (const [openId, { ledger }] of Object.entries(before.accounts)) {
    const now = after.accounts[openId]?.ledger ?? [];
    if (JSON.stringify(now.slice(0, ledger.length)) !== JSON.stringify(ledger)) problems.push(`${openId}: the ledger was rewritten, not only added to`);
  }
  for (const order of before.orders) if (!ordersById.has(order.id)) problems.push(`order ${order.id} (${order.openId}) went away`);
  const heldBefore = piecesHeld(before.orders);
  const heldAfter = piecesHeld(after.orders);
  for (const [id, was] of Object.entries(before.offers)) {
    const now = after.offers[id];
    if (!now) {
      problems.push(`offer ${id} went away`);
      continue;
    }
    if (now.stock + now.sold !== was.stock + was.sold) problems.push(`offer ${id}: stock + sold ${now.stock} + ${now.sold}, was ${was.stock} + ${was.sold}`);
    const taken = (heldAfter.get(id) ?? 0) - (heldBefore.get(id) ?? 0);
    if (was.stock - now.stock !== taken) problems.push(`offer ${id}: stock went from ${was.stock} to ${now.stock}, but the pieces orders hold changed by ${taken}`);
  }
  return problems;
}

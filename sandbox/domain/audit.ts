/**
 * The money domain's books, audited from outside: what GET /__sandbox/state shows (state-view.ts)
 * must hold by the rules of the money domain's aggregates (books.ts) and ledger.ts,
 * whatever members did. A load test reads the state before and after its load and asks for the
 * problems; the model test (shop.model.test.ts) asks after every random run, so the audit is known
 * to find nothing in books the rules kept.
 *
 * Every account:
 * - the ledger opens with its `opening` entry; entries are numbered 1, 2, 3…; each `balanceAfter` is
 *   the running sum and never below zero; the member's balance (`point`) is the last one;
 * - an order's entries (purchase, purchase_released, earning, earning_reversed, refund with an order)
 *   name an order of this member's, by its id and number; the others (opening, check-in, miles, an
 *   mCoin coupon, an adjustment, a miles refund) name none.
 * Every order, from its entries in its member's ledger:
 * - one `purchase` of the mCoin used when it used any, else none; one `earning` of what it earned
 *   when it earned any, else none; an order still awaiting payment or closed earned nothing, a paid
 *   one (when the view shows its cash) 1 mCoin per MOP 1 of it;
 * - closed: its mCoin released once (`purchase_released`), nothing earned, nothing else;
 * - refunding or refunded: its earning taken back in full, in mCoin (settlement.ts): the refund's
 *   terms add up to what it earned, the balance's part taken when it was asked for
 *   (`earning_reversed`); refunded: also the mCoin used back once (`refund`) and the refund's own
 *   part of the reversal after it, so its entries sum to nothing, and the record gives back all the
 *   cash and the mCoin less their part of the reversal;
 * - any other status: no release, no refund, no reversal;
 * - its payments: ids not repeated; one settled payment at most, the order's own payment of the cash
 *   due, and none while it awaits payment or once closed; a paid order that keeps payments keeps its
 *   own; every other payment refunded with its reason (a payment of a closed order only on a closed
 *   order, a second payment only on a paid one); no payment settles two orders.
 * Against the state before (`before`):
 * - every ledger only grew (the old one is the start of the new), and no ledger or order went away;
 * - every payment an order kept is still there as it was;
 * - each offer's stock + sold is what it was (a piece is sold or on the shelf, never lost or made),
 *   its stock is never below zero, and it changed by exactly what the orders taking stock (not
 *   closed, not refunded; gifts and seckill pieces take none of the offer's) changed by.
 *
 * Check-ins, mCoin coupons, Asia Miles and seckill: audit-promotions.ts (Asia Miles and seckill from
 * the promotions part the domain adds to the view, `auditView` in domain.ts).
 */
import type { LedgerEntry } from "#core/api/shop-endpoints";
import { mcoinEarned } from "#core/money/purchase";
import type { OrderRecord } from "./orders";
import { auditAccountExtras, auditMiles, auditSeckills, type AuditedAccount, type PromotionsView } from "./audit-promotions";

/** The part of GET /__sandbox/state the audit reads. */
export interface MoneyView {
  members: { openId: string; point: number }[];
  accounts: Record<string, AuditedAccount>;
  orders: (Pick<OrderRecord, "id" | "orderNo" | "openId" | "offerId" | "status" | "quantity" | "mcoinUsed" | "mcoinEarned" | "orderKind" | "seckillItemId" | "refund"> &
    Partial<Pick<OrderRecord, "cashCents" | "paymentId" | "payments" | "createdAt">>)[];
  offers: Record<string, { stock: number; sold: number }>;
  /** Asia Miles and seckill, which GET /__sandbox/state does not show: the domain's `auditView` adds them. */
  promotions?: PromotionsView;
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

function auditLedger(openId: string, ledger: readonly LedgerEntry[], point: number | undefined, ordersById: ReadonlyMap<number | null, AuditedOrder>, problems: string[]): void {
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
    const order = ordersById.get(entry.orderId);
    if (!order || order.openId !== openId) problems.push(`${at}: names order ${entry.orderId}, which is not this member's`);
    else if (entry.orderNo !== order.orderNo) problems.push(`${at}: names order ${order.id} as ${entry.orderNo}, not ${order.orderNo}`);
  }
  const last = ledger.at(-1)?.balanceAfter ?? 0;
  if (point !== undefined && point !== last) problems.push(`${openId}: balance ${point}, but the ledger ends at ${last}`);
}

function auditOrder(order: AuditedOrder, entries: readonly LedgerEntry[], problems: string[]): void {
  const at = `order ${order.id} (${order.openId}, ${order.status})`;
  const of = (type: LedgerEntry["type"]) => entries.filter((entry) => entry.type === type).map((entry) => entry.amount);
  /** The entries of `type` are exactly `amounts`, in order, leaving out the zeros (no entry is written for nothing). */
  const exactly = (type: LedgerEntry["type"], amounts: number[]) => {
    const found = of(type);
    const expected = amounts.filter((amount) => amount !== 0);
    if (JSON.stringify(found) !== JSON.stringify(expected)) problems.push(`${at}: ${type} entries ${JSON.stringify(found)}, expected ${JSON.stringify(expected)}`);
  };
  exactly("purchase", [-order.mcoinUsed]);
  exactly("earning", [order.mcoinEarned]);
  if (order.status === "awaiting_payment" && order.mcoinEarned !== 0) problems.push(`${at}: earned ${order.mcoinEarned} before it was paid`);
  else if (order.status !== "awaiting_payment" && order.status !== "closed" && order.cashCents !== undefined && order.mcoinEarned !== mcoinEarned(order.cashCents)) {
    problems.push(`${at}: earned ${order.mcoinEarned} on ${order.cashCents} cents of cash`);
  }
  if (order.status === "closed") {
    exactly("purchase_released", [order.mcoinUsed]);
    if (order.mcoinEarned !== 0) problems.push(`${at}: a closed order earned ${order.mcoinEarned}`);
  } else {
    exactly("purchase_released", []);
  }
  auditRefund(order, at, exactly, problems);
  auditPayments(order, at, problems);
}

/** A refund takes the order's earning back in full, on the terms it was asked on, and gives back what they say. */
function auditRefund(order: AuditedOrder, at: string, exactly: (type: LedgerEntry["type"], amounts: number[]) => void, problems: string[]): void {
  const { refund } = order;
  if (order.status !== "refunding" && order.status !== "refunded") {
    exactly("refund", []);
    exactly("earning_reversed", []);
    if (refund !== null) problems.push(`${at}: a refund record on an order that is not refunded`);
    return;
  }
  if (refund === null) {
    problems.push(`${at}: no refund record`);
    return;
  }
  const reversal = refund.earningReversal;
  const done = order.status === "refunded";
  if (refund.status !== order.status || refund.mcoinRequested !== order.mcoinUsed || (order.cashCents !== undefined && refund.cashRequestedCents !== order.cashCents)) {
    problems.push(`${at}: its refund record is ${refund.status}, asks back ${refund.mcoinRequested} mCoin and ${refund.cashRequestedCents} cents`);
  }
  if (reversal.fromMcoinRefund + reversal.fromBalance !== order.mcoinEarned || reversal.fromMcoinRefund > order.mcoinUsed) {
    problems.push(`${at}: the refund takes back ${JSON.stringify(reversal)} of the ${order.mcoinEarned} mCoin it earned, not all of it in mCoin`);
  }
  exactly("earning_reversed", done ? [-reversal.fromBalance, -reversal.fromMcoinRefund] : [-reversal.fromBalance]);
  exactly("refund", done ? [order.mcoinUsed] : []);
  const back = done ? { cash: refund.cashRequestedCents, mcoin: refund.mcoinRequested - reversal.fromMcoinRefund } : { cash: 0, mcoin: 0 };
  if (refund.cashRefundedCents !== back.cash || refund.mcoinRefunded !== back.mcoin) {
    problems.push(`${at}: its refund gave back ${refund.cashRefundedCents} cents and ${refund.mcoinRefunded} mCoin, not ${back.cash} and ${back.mcoin}`);
  }
}

function auditPayments(order: AuditedOrder, at: string, problems: string[]): void {
  if (order.payments === undefined) return;
  const ids = order.payments.map((payment) => payment.paymentId);
  if (new Set(ids).size !== ids.length) problems.push(`${at}: a payment kept twice`);
  const settled = order.payments.filter((payment) => payment.outcome === "settled");
  const paid = order.status !== "awaiting_payment" && order.status !== "closed";
  if (settled.length > 1 || (settled.length === 1 && (!paid || settled[0].paymentId !== order.paymentId || settled[0].amountCents !== order.cashCents || settled[0].reason !== null))) {
    problems.push(`${at}: settled payments ${JSON.stringify(settled)} for payment ${order.paymentId}`);
  } else if (settled.length === 0 && paid && order.paymentId !== null && order.payments.length > 0) {
    problems.push(`${at}: paid by ${order.paymentId}, which is not among its payments`);
  }
  for (const payment of order.payments) {
    if (payment.outcome === "settled") continue;
    const fits =
      payment.reason === "AMOUNT_MISMATCH" ? payment.amountCents !== order.cashCents : payment.reason === "ORDER_CLOSED" ? order.status === "closed" : payment.reason === "DUPLICATE_PAYMENT" && paid;
    if (!fits) problems.push(`${at}: payment ${payment.paymentId} refunded as ${payment.reason}`);
  }
}

/** What is wrong with the books in `after` (and since `before`, when given); empty when nothing is. */
export function auditMoney(after: MoneyView, before?: MoneyView): string[] {
  const problems: string[] = [];
  const ordersById = new Map(after.orders.map((order) => [order.id, order]));
  const points = new Map(after.members.map((member) => [member.openId, member.point]));
  // Each order's entries, from every ledger (an entry naming no order, or one not in the view, is the ledger audit's).
  const entriesOf = new Map<number | null, LedgerEntry[]>();
  // Stryker disable next-line ArrayDeclaration: an order's entries are read by type, so anything but an entry in a list reads as nothing
  for (const order of after.orders) entriesOf.set(order.id, []);
  for (const [openId, account] of Object.entries(after.accounts)) {
    const { ledger } = account;
    auditLedger(openId, ledger, points.get(openId), ordersById, problems);
    auditAccountExtras(openId, account, problems);
    for (const entry of ledger) entriesOf.get(entry.orderId)?.push(entry);
  }
  for (const member of after.members) if (!after.accounts[member.openId] && member.point !== 0) problems.push(`${member.openId}: balance ${member.point} without a ledger`);
  for (const order of after.orders) auditOrder(order, entriesOf.get(order.id)!, problems);
  const settledBy = new Map<string, number>();
  for (const order of after.orders) {
    for (const { paymentId } of order.payments?.filter((payment) => payment.outcome === "settled") ?? []) {
      const other = settledBy.get(paymentId);
      if (other !== undefined) problems.push(`payment ${paymentId} settles orders ${other} and ${order.id}`);
      settledBy.set(paymentId, order.id);
    }
  }

  for (const [id, live] of Object.entries(after.offers)) if (live.stock < 0) problems.push(`offer ${id}: stock ${live.stock}`);
  if (after.promotions) {
    auditMiles(after.promotions.miles, after.accounts, problems);
    auditSeckills({ seckills: after.promotions.seckills, orders: after.orders }, before?.promotions && { seckills: before.promotions.seckills, orders: before.orders }, problems);
  }
  if (!before) return problems;

  for (const [openId, { ledger }] of Object.entries(before.accounts)) {
    const now = after.accounts[openId]?.ledger;
    if (!now) problems.push(`${openId}: the ledger went away`);
    else if (JSON.stringify(now.slice(0, ledger.length)) !== JSON.stringify(ledger)) problems.push(`${openId}: the ledger was rewritten, not only added to`);
  }
  for (const order of before.orders) {
    const now = ordersById.get(order.id);
    const kept = order.payments ?? [];
    if (!now) problems.push(`order ${order.id} (${order.openId}) went away`);
    else if (JSON.stringify(now.payments?.slice(0, kept.length) ?? []) !== JSON.stringify(kept)) problems.push(`order ${order.id} (${order.openId}): its payments were rewritten, not only added to`);
  }
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

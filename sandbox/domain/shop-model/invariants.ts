/**
 * What must hold after every step of the model test (shop.model.test.ts's header): offers' and
 * seckill items' stock, each member's ledger against their orders, check-ins and miles, and each
 * order's refund, payments, coupons and status moves.
 */
import { CHECK_IN_LADDER } from "#core/api/vocabulary";
import type { LedgerEntry } from "#core/api/shop-endpoints";
import { expect } from "vitest";
import { seckillItem } from "../../promotions-schema";
import { macauDay } from "../check-in";
import { MILES_PROCESSING_MS, macauMonth } from "../miles";
import { REFUND_PROCESSING_MS } from "../order-book";
import { ORDER_TRANSITIONS, canTransition } from "../order-machine";
import { couponAt } from "../orders";
import { MEMBERS, OFFERS, SECKILL_ITEMS, SETTLED_COUPONS, atMost, catalogOffer, domain, holds, instruments, same, store, type Model } from "./game";
import { copy } from "../test-support";

export function checkInvariants(model: Model): void {
  domain.books.closeDue();
  const now = instruments.clock.now();
  const orders = [...store.data.orders.values()];
  for (const { id, stock: initial } of OFFERS) {
    const live = domain.orders.live(id)!;
    const offer = catalogOffer(id);
    atMost(0, live.stock, () => `offer ${id} stock`);
    same(live.stock + live.sold, initial + offer.sold, () => `offer ${id} stock + sold`);
    const ofOffer = orders.filter((order) => order.offerId === id && order.seckillItemId === null);
    const holdingStock = ofOffer.filter((order) => order.status !== "closed" && order.status !== "refunded");
    same(live.stock, initial - holdingStock.reduce((sum, order) => sum + order.quantity, 0), () => `offer ${id} stock against its orders`);
    const held = ofOffer.filter((order) => !["closed", "refunding", "refunded"].includes(order.status));
    for (const openId of MEMBERS) {
      const pieces = held.filter((order) => order.openId === openId).reduce((sum, order) => sum + order.quantity, 0);
      atMost(pieces, offer.limitPerMember, () => `${openId} pieces of offer ${id}`);
      same(domain.orders.piecesHeld(openId, id), pieces, () => `${openId} pieces held of offer ${id}`);
    }
  }

  for (const openId of MEMBERS) {
    const ledger = store.data.accounts.get(openId)!.ledger;
    const sum = ledger.reduce((total, entry) => total + entry.amount, 0);
    const balance = domain.books.balance(openId);
    same(balance, sum, () => `${openId} balance is the ledger's sum`);
    same(ledger.at(-1)!.balanceAfter, sum, () => `${openId} last balanceAfter`);
    holds(
      ledger.every((entry) => entry.balanceAfter >= 0),
      () => `${openId} balances never below zero`,
    );
    const before = model.ledgers.get(openId) ?? [];
    const grown = ledger.slice(0, before.length);
    if (JSON.stringify(grown) !== JSON.stringify(before)) expect(grown, `${openId} ledger only grows`).toEqual(before);
    model.ledgers.set(openId, copy(ledger));
    // Only the opening, check-ins and miles redemptions (and their refunds) are nobody's order's.
    const milesOf = new Map([...store.data.milesOrders.values()].filter((redemption) => redemption.openId === openId).map((redemption) => [redemption.orderNo, redemption]));
    holds(
      ledger.filter((entry) => entry.orderId === null && entry.type !== "check_in" && !milesOf.has(entry.orderNo ?? "")).length === 1 && ledger[0].type === "opening" && ledger[0].orderId === null,
      () => `${openId} entries without an order`,
    );
    let milesSpent = 0;
    for (const redemption of milesOf.values()) {
      const entries = ledger.filter((entry) => entry.orderNo === redemption.orderNo);
      const label = () => `${openId} miles ${redemption.orderNo} (${redemption.status}) ledger ${JSON.stringify(entries.map((entry) => [entry.type, entry.amount]))}`;
      const refunded = redemption.status === "refunded";
      holds(
        entries.length === (refunded ? 2 : 1) &&
          entries[0].type === "miles" &&
          entries[0].amount === -redemption.mcoin &&
          (!refunded || (entries[1].type === "refund" && entries[1].amount === redemption.mcoin)),
        label,
      );
      if (!refunded) milesSpent += redemption.mcoin;
      const previous = model.miles.get(redemption.id);
      holds(previous === undefined || previous === redemption.status || previous === "redeeming", () => `${label()} moved from ${previous}`);
      model.miles.set(redemption.id, redemption.status);
      if (redemption.status === "redeeming") atMost(now, redemption.createdAt + MILES_PROCESSING_MS - 1, () => `${label()} still redeeming`);
      holds((redemption.status === "credited") === (redemption.creditedAt !== null), label);
    }
    // No day or month of Macau over its maximum.
    const { dailyMaxMiles, monthlyMaxMiles } = domain.miles.fixture;
    const byDay = new Map<string, number>();
    const byMonth = new Map<string, number>();
    for (const redemption of milesOf.values()) {
      if (redemption.status === "refunded") continue;
      const day = macauDay(redemption.createdAt);
      byDay.set(day, (byDay.get(day) ?? 0) + redemption.miles);
      byMonth.set(macauMonth(redemption.createdAt), (byMonth.get(macauMonth(redemption.createdAt)) ?? 0) + redemption.miles);
    }
    for (const [day, miles] of byDay) atMost(miles, dailyMaxMiles, () => `${openId} miles on ${day}`);
    for (const [month, miles] of byMonth) atMost(miles, monthlyMaxMiles, () => `${openId} miles in ${month}`);

    const own = orders.filter((order) => order.openId === openId);
    const entriesOf = new Map<number, LedgerEntry[]>();
    for (const entry of ledger) if (entry.orderId !== null) entriesOf.set(entry.orderId, [...(entriesOf.get(entry.orderId) ?? []), entry]);
    let reversedAll = 0;
    for (const order of own) {
      const entries = entriesOf.get(order.id) ?? [];
      const total = entries.reduce((sum, entry) => sum + entry.amount, 0);
      const of = (type: LedgerEntry["type"]) => entries.filter((entry) => entry.type === type).reduce((sum, entry) => sum + entry.amount, 0);
      const label = (what: string) => () => `${openId} order ${order.id} (${order.status}) ledger: ${what} ${JSON.stringify(entries.map((entry) => [entry.type, entry.amount]))}`;
      holds(
        entries.every((entry) => entry.orderNo === order.orderNo),
        label("order number"),
      );
      same(of("purchase"), 0 - order.mcoinUsed, label("purchase"));
      same(of("earning"), order.mcoinEarned, label("earning"));
      const reversed = 0 - of("earning_reversed");
      reversedAll += reversed;
      if (order.status === "closed") {
        same(order.mcoinEarned, 0, label("a closed order earned nothing"));
        same(total, 0, label("sum"));
      } else if (order.status === "refunding" || order.status === "refunded") {
        const terms = order.refund!.earningReversal;
        const done = order.status === "refunded";
        // The earning goes back in full, in mCoin: from the mCoin refunded, then the balance.
        same(terms.fromMcoinRefund + terms.fromBalance, order.mcoinEarned, label("earning reversed in full"));
        atMost(terms.fromMcoinRefund, order.mcoinUsed, label("earning reversed from the mCoin refunded"));
        same(reversed, terms.fromBalance + (done ? terms.fromMcoinRefund : 0), label("earning reversed"));
        same(of("refund"), done ? order.mcoinUsed : 0, label("refund"));
        // A refunded order leaves the member's mCoin as they were before it: its entries sum to nothing.
        same(total, done ? 0 : order.mcoinEarned - order.mcoinUsed - terms.fromBalance, label("sum"));
      } else {
        same(total, order.mcoinEarned - order.mcoinUsed, label("sum"));
      }
      holds(["refunding", "refunded"].includes(order.status) || !entries.some((entry) => entry.type === "refund" || entry.type === "earning_reversed"), label("refund entries"));
    }
    const held = own.filter((order) => order.status !== "closed" && order.status !== "refunded").reduce((total, order) => total + order.mcoinUsed, 0);
    const earned = own.reduce((total, order) => total + order.mcoinEarned, 0);
    // Check-ins: one a day of Macau at most, each worth a step of the ladder.
    const checkIns = ledger.filter((entry) => entry.type === "check_in");
    const days = checkIns.map((entry) => macauDay(entry.at));
    same(new Set(days).size, days.length, () => `${openId} checked in twice on one day: ${days.join(", ")}`);
    holds(
      checkIns.every((entry) => (CHECK_IN_LADDER as readonly number[]).includes(entry.amount) && entry.orderId === null),
      () => `${openId} check-in rewards ${checkIns.map((entry) => entry.amount).join(", ")}`,
    );
    same(checkIns.length, [...model.checkIns].filter((key) => key.startsWith(`${openId} `)).length, () => `${openId} check-ins against the model`);
    const checkedIn = checkIns.reduce((total, entry) => total + entry.amount, 0);
    same(balance, ledger[0].amount - held + earned - reversedAll + checkedIn - milesSpent, () => `${openId} balance against orders, check-ins and miles`);

    // What the member's lists show: nothing deleted.
    const listed = domain.orders.list(openId);
    holds(
      listed.every((order) => order.deletedAt === null && !model.deleted.has(order.id)),
      () => `${openId} lists no deleted order`,
    );
    same(listed.length, own.filter((order) => order.deletedAt === null).length, () => `${openId} lists every order not deleted`);
  }

  for (const { id, stock: initial } of SECKILL_ITEMS) {
    const live = store.data.seckills.get(String(id))!;
    const { item } = seckillItem(domain.promotions.fixture, id)!;
    atMost(0, live.stock, () => `seckill ${id} stock`);
    same(live.stock + live.sold, initial, () => `seckill ${id} stock + sold`);
    const ofItem = orders.filter((order) => order.seckillItemId === id);
    same(
      live.stock,
      initial - ofItem.filter((order) => order.status !== "closed" && order.status !== "refunded").reduce((sum, order) => sum + order.quantity, 0),
      () => `seckill ${id} stock against its orders`,
    );
    for (const openId of MEMBERS) {
      const pieces = ofItem.filter((order) => order.openId === openId && !["closed", "refunding", "refunded"].includes(order.status)).length;
      atMost(pieces, item.limitPerMember, () => `${openId} pieces of seckill ${id}`);
      same(domain.promotions.seckillHeld(openId, id), pieces, () => `${openId} pieces held of seckill ${id}`);
    }
    holds(
      ofItem.every((order) => order.orderKind === "seckill" && order.quantity === 1 && order.cashCents === Math.round(item.price * 100) && order.mcoinUsed === item.mcoin),
      () => `seckill ${id} orders are the item's price`,
    );
  }

  const codes = new Set<string>();
  let couponCount = 0;
  for (const order of orders) {
    const label = (what: string) => () => `order ${order.id} (${order.status}): ${what}`;
    const previous = model.statuses.get(order.id);
    if (previous === undefined) {
      holds(order.status === "awaiting_payment" || ORDER_TRANSITIONS.awaiting_payment.includes(order.status), label("first seen"));
    } else if (previous !== order.status) {
      holds(canTransition(previous, order.status), label(`moved from ${previous}`));
    }
    model.statuses.set(order.id, order.status);
    if (order.status === "awaiting_payment") atMost(now + 1, order.payBy, label("still within its window"));
    if (model.deleted.has(order.id)) {
      holds(order.deletedAt !== null, label("stays deleted"));
      same(domain.orders.get(order.openId, order.id), undefined, label("deleted, is gone"));
    }

    // Refunds: only what was paid, all of it once done, on time.
    const { refund } = order;
    if (refund === null) {
      holds(order.status !== "refunding" && order.status !== "refunded", label("without a refund"));
    } else {
      same<string>(refund.status, order.status, label("refund status"));
      same(refund.orderId, order.id, label("refund's order"));
      same(refund.cashRequestedCents, order.cashCents, label("cash requested"));
      same(refund.mcoinRequested, order.mcoinUsed, label("mCoin requested"));
      const terms = refund.earningReversal;
      if (order.status === "refunded") {
        same(refund.cashRefundedCents, order.cashCents, label("cash refunded"));
        same(refund.mcoinRefunded, order.mcoinUsed - terms.fromMcoinRefund, label("mCoin refunded"));
        same(refund.refundedAt, refund.requestedAt + REFUND_PROCESSING_MS, label("refunded at"));
        same(refund.refundNo === null, refund.cashRefundedCents === 0, label("refund number"));
      } else {
        atMost(now + 1, refund.requestedAt + REFUND_PROCESSING_MS, label("still processing"));
        holds(refund.cashRefundedCents === 0 && refund.mcoinRefunded === 0 && refund.refundedAt === null, label("nothing back yet"));
      }
    }

    // Payments: one settled at most, the order's own, of the cash due; the others refunded, each for a reason that fits.
    const settledPayments = order.payments.filter((payment) => payment.outcome === "settled");
    const paidStatus = order.status !== "awaiting_payment" && order.status !== "closed";
    atMost(settledPayments.length, 1, label("settled payments"));
    same(new Set(order.payments.map((payment) => payment.paymentId)).size, order.payments.length, label("payments kept once"));
    if (settledPayments.length === 1) {
      holds(paidStatus && settledPayments[0].paymentId === order.paymentId && settledPayments[0].amountCents === order.cashCents, label("the settled payment"));
    } else {
      holds(!paidStatus || order.cashCents === 0, label("paid without a settled payment"));
    }
    for (const payment of order.payments.filter((item) => item.outcome === "refunded")) {
      const fits = payment.reason === "AMOUNT_MISMATCH" ? payment.amountCents !== order.cashCents : payment.reason === "ORDER_CLOSED" ? order.status === "closed" : paidStatus;
      holds(fits, label(`payment ${payment.paymentId} refunded as ${payment.reason}`));
    }

    // Coupons: one per piece once settled, never both redeemed and refunded, codes unique.
    same(order.coupons.length, order.fulfilment === "coupon" && SETTLED_COUPONS.includes(order.status) ? order.quantity : 0, label("coupons"));
    for (const coupon of order.coupons) {
      const about = (what: string) => label(`coupon ${coupon.couponNo} (${coupon.status}) ${what}`);
      couponCount += 1;
      codes.add(coupon.redemptionCode);
      holds(/^[1-9]\d{11}$/.test(coupon.redemptionCode), about("redemption code"));
      same(coupon.usedAt !== null, coupon.status === "used", about("used at"));
      same(coupon.usedAtStore !== null, coupon.status === "used", about("used at a store"));
      if (order.refund !== null) same<string>(coupon.status, order.status, about("of a refund"));
      if (order.status === "received") holds(coupon.status === "unused" || coupon.status === "used", about("of a received order"));
      if (order.status === "used") holds(couponAt(coupon, now).status !== "unused", about("left unused"));
    }
    if (order.status === "received") holds(!order.coupons.every((coupon) => coupon.status === "used"), label("every coupon used"));
    if (order.fulfilment !== "coupon") {
      same(order.shippedAt !== null, ["awaiting_receipt", "awaiting_pickup", "completed"].includes(order.status), label("shipped at"));
      if (order.status === "awaiting_receipt") same(order.fulfilment, "delivery", label("fulfilment"));
      if (order.status === "awaiting_pickup") same(order.fulfilment, "pickup", label("fulfilment"));
    }
    same(order.completedAt !== null, order.status === "completed" || order.status === "used", label("completed at"));
  }
  same(codes.size, couponCount, () => "redemption codes are unique");
}

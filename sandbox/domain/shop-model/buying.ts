/** The model test's steps of buying and paying: buy, park mCoin in an unpaid order, repeat a buy, the wallet's notices, cancel, and time passing. */
import fc from "fast-check";
import { expect } from "vitest";
import { SUCCESS_CODE } from "#core/api/define";
import { cancelPayment, createOrder, type ShopRefusal } from "#core/api/shop-endpoints";
import { isAllowedMcoin, mcoinRange, snapMcoin } from "#core/money/purchase";
import { freshKey, withKey } from "../../testing";
import { walletSignature } from "../../wallet-signature";
import { pricedOffer } from "../offers";
import type { OrderRecord } from "../orders";
import {
  DAY,
  MEMBERS,
  OFFERS,
  WITH_ADDRESS,
  actor,
  aimedAt,
  allowRefusal,
  attempt,
  byWhom,
  catalogOffer,
  current,
  domain,
  expectOutcome,
  holds,
  instruments,
  pick,
  recordOf,
  same,
  send,
  store,
  target,
  type Model,
  type Real,
} from "./game";
import { checkInvariants } from "./invariants";

export class Buy implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly member: number,
    readonly offer: number,
    readonly quantity: number,
    readonly share: number,
    readonly wild: number | null,
    readonly adult: boolean,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const openId = MEMBERS[this.member];
    const offer = catalogOffer(OFFERS[this.offer].id);
    // Mostly what the slider would allow; sometimes anything at all.
    const range = mcoinRange(pricedOffer(offer), this.quantity, domain.books.balance(openId));
    const mcoinUsed = this.wild ?? (range.ok ? snapMcoin(range, range.min + this.share * (range.max - range.min)) : 0);
    const body = { offerId: offer.id, quantity: this.quantity, mcoinUsed, adult: this.adult };
    const key = freshKey();
    const balance = domain.books.balance(openId);
    const outcome = await attempt(real.clients.get(openId)!.call(createOrder, body, withKey(key)));
    const reply = outcome.ok ? outcome.value : null;
    model.buys.push({ openId, key, body, orderId: reply?.data.id ?? null });
    if (reply) {
      model.orders.push({ ...reply.data, openId });
      expect(isAllowedMcoin(range, mcoinUsed)).toBe(true);
      const delivery = offer.kind === "goods" && reply.data.fulfilment === "delivery";
      if (delivery) expect(WITH_ADDRESS, `${openId} has an address`).toContain(openId);
      expect(reply.data.address !== null, "an address for delivery only").toBe(delivery);
    } else {
      expect(domain.books.balance(openId)).toBe(balance);
    }
    checkInvariants(model);
  }
  toString = () => `buy(${MEMBERS[this.member]}, offer ${OFFERS[this.offer].id}, ${this.quantity}, ${this.wild ?? `${this.share.toFixed(2)} of the range`})`;
}

/**
 * A member parks as much of their balance as one order can hold, in an order left unpaid: mostly a
 * member whose refund is being processed (the refund-and-park attack), to be cancelled or left to
 * close later. Refunds must gain nothing by it, whichever comes first.
 */
export class Park implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly member: number,
    readonly aimed: boolean,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    domain.books.closeDue();
    const refunding = [...store.data.orders.values()].filter((order) => order.status === "refunding").map((order) => order.openId);
    const openId = this.aimed && refunding.length > 0 ? pick(refunding, this.member) : pick(MEMBERS, this.member);
    const balance = domain.books.balance(openId);
    // The offer and quantity whose mCoin range reaches furthest into the balance.
    let best: { offerId: number; quantity: number; mcoin: number } | null = null;
    for (const { id } of OFFERS) {
      for (const quantity of [1, 2, 3]) {
        const range = mcoinRange(pricedOffer(catalogOffer(id)), quantity, balance);
        if (range.ok && range.max > 0 && (best === null || range.max > best.mcoin)) best = { offerId: id, quantity, mcoin: range.max };
      }
    }
    if (best !== null) {
      const body = { offerId: best.offerId, quantity: best.quantity, mcoinUsed: best.mcoin, adult: true };
      const key = freshKey();
      const reply = await allowRefusal(real.clients.get(openId)!.call(createOrder, body, withKey(key)));
      model.buys.push({ openId, key, body, orderId: reply?.data.id ?? null });
      if (reply) model.orders.push({ ...reply.data, openId });
    }
    checkInvariants(model);
  }
  toString = () => `park(${this.aimed ? `a refunding member, ${this.member}` : MEMBERS[this.member % MEMBERS.length]})`;
}

export class RepeatBuy implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number) {}
  check = (model: Readonly<Model>) => model.buys.length > 0;
  async run(model: Model, real: Real) {
    const buy = pick(model.buys, this.index);
    const reply = await allowRefusal(real.clients.get(buy.openId)!.call(createOrder, buy.body, withKey(buy.key)));
    // The first reply again, or (the first was refused) a fresh try.
    if (buy.orderId !== null) expect(reply?.data.id).toBe(buy.orderId);
    else if (reply) {
      buy.orderId = reply.data.id;
      model.orders.push({ ...reply.data, openId: buy.openId });
    }
    checkInvariants(model);
  }
  toString = () => `repeatBuy(${this.index})`;
}

/** What the gateway should answer a notice, from the order as it stands and the payments it has seen. */
export function expectedNotice(record: OrderRecord, notice: { paymentId: string; amountCents: number; status: "PAID" | "FAILED" }): ShopRefusal | null {
  const known = record.payments.find((payment) => payment.paymentId === notice.paymentId);
  if (notice.status === "FAILED") return known || notice.amountCents === record.cashCents ? null : "AMOUNT_MISMATCH";
  if (known) return known.reason;
  if (notice.amountCents !== record.cashCents) return "AMOUNT_MISMATCH";
  if (record.status === "awaiting_payment") return null;
  return record.status === "closed" ? "ORDER_CLOSED" : "DUPLICATE_PAYMENT";
}

export class Notify implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly index: number,
    readonly status: "PAID" | "FAILED",
    readonly offBy: number,
    readonly aimed: boolean,
    readonly burst: number,
  ) {}
  check = (model: Readonly<Model>) => model.orders.length > 0;
  async run(model: Model) {
    const order = target(model, this.index, this.aimed, (record) => record.status === "awaiting_payment");
    const record = recordOf(order.id);
    const amountCents = Math.max(0, order.cashCents + this.offBy);
    // The wallet's payments of one order, each with an id of its own, sent at once.
    const notices = Array.from({ length: this.burst }, () => {
      const fields = { orderNo: order.orderNo, paymentId: `WP${freshKey().replaceAll("-", "")}`.slice(0, 40), amountCents, status: this.status };
      const body = JSON.stringify(fields);
      return { fields, body, signature: walletSignature(body, current.sandbox.state.walletSecret) };
    });
    const first = expectedNotice(record, notices[0].fields);
    const replies = await Promise.all(notices.map((notice) => send(notice)));
    const reasons = replies.map((reply) => (reply.code === SUCCESS_CODE ? null : (reply.data?.reason ?? `code ${reply.code}`)));
    if (this.status === "PAID" && first === null) {
      // Exactly one of several different payments settles an unpaid order; the others are second payments.
      same(reasons.filter((reason) => reason === null).length, 1, () => `${this.burst} payments of order ${order.id}: ${reasons.join(", ")}`);
      holds(
        reasons.every((reason) => reason === null || reason === "DUPLICATE_PAYMENT"),
        () => `${this.burst} payments of order ${order.id}: ${reasons.join(", ")}`,
      );
    } else {
      holds(
        reasons.every((reason) => reason === first),
        () => `notices of order ${order.id} (${record.status}): ${reasons.join(", ")}, expected ${first}`,
      );
    }
    notices.forEach((notice, index) => model.notices.push({ body: notice.body, signature: notice.signature, reason: reasons[index] }));
    checkInvariants(model);
  }
  toString = () => `notify(${this.index}${aimedAt(this.aimed)}, ${this.status}${this.offBy ? `, off by ${this.offBy}` : ""}${this.burst > 1 ? ` ×${this.burst}` : ""})`;
}

export class RepeatNotice implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number) {}
  check = (model: Readonly<Model>) => model.notices.length > 0;
  async run(model: Model) {
    const notice = pick(model.notices, this.index);
    const reply = await send(notice);
    const reason = reply.code === SUCCESS_CODE ? null : (reply.data?.reason ?? `code ${reply.code}`);
    // The same payment again is answered as it was the first time (a failure is answered by the order as it is now).
    const status = (JSON.parse(notice.body) as { status: string }).status;
    if (status === "PAID") same(reason, notice.reason, () => `the same notice again: ${reason}, first ${notice.reason}`);
    checkInvariants(model);
  }
  toString = () => `repeatNotice(${this.index})`;
}

export class Cancel implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly index: number,
    readonly member: number,
    readonly aimed: boolean,
  ) {}
  check = (model: Readonly<Model>) => model.orders.length > 0;
  async run(model: Model, real: Real) {
    const order = target(model, this.index, this.aimed, (record) => record.status === "awaiting_payment");
    const openId = actor(order, this.member);
    const record = recordOf(order.id);
    const now = instruments.clock.now();
    const expected: ShopRefusal | null =
      openId !== order.openId || record.deletedAt !== null
        ? "ORDER_NOT_FOUND"
        : record.status !== "awaiting_payment"
          ? "CANNOT_CANCEL"
          : record.cancelBy !== null && now > record.cancelBy
            ? "CANCEL_WINDOW_PASSED"
            : null;
    const outcome = await attempt(real.clients.get(openId)!.call(cancelPayment, { orderId: order.id }, withKey()));
    expectOutcome(outcome, expected, `cancel order ${order.id} (${record.status}) by ${openId}`);
    checkInvariants(model);
  }
  toString = () => `cancel(${this.index}${aimedAt(this.aimed)}${byWhom(this.member)})`;
}

export class PassTime implements fc.AsyncCommand<Model, Real> {
  constructor(readonly ms: number) {}
  check = () => true;
  async run(model: Model) {
    instruments.clock.set(instruments.clock.now() + this.ms, true);
    checkInvariants(model);
  }
  toString = () => `passTime(${this.ms >= DAY ? `${(this.ms / DAY).toFixed(1)} days` : `${(this.ms / 1000).toFixed(0)} s`})`;
}

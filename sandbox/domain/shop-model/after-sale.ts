/** The model test's steps after the sale: a till redeems a code, refunds, shipping, confirming receipt, deleting. */
import fc from "fast-check";
import { expect } from "vitest";
import { REFUND_REASONS, type ShopRefusal } from "#core/api/shop-endpoints";
import { applyRefund, confirmReceipt, deleteOrder } from "#core/api/wallet-endpoints";
import { refundTerms } from "#core/money/refund";
import { freshKey, withKey } from "../../testing";
import { couponAt } from "../orders";
import { MAX_FAILED_CODES_PER_MINUTE } from "../till";
import {
  actor,
  aimedAt,
  attempt,
  byWhom,
  catalogOffer,
  current,
  deletableNow,
  domain,
  expectListed,
  expectOutcome,
  instruments,
  pick,
  recordOf,
  refundableNow,
  target,
  type Attempt,
  type Model,
  type Real,
} from "./game";
import { checkInvariants } from "./invariants";

/** A merchant's till takes a code: one of an order's coupons, or (bogus) a code no coupon has. */
export class Redeem implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly index: number,
    readonly piece: number,
    readonly control: boolean,
    readonly bogus: boolean,
    readonly aimed: boolean,
  ) {}
  check = (model: Readonly<Model>) => model.orders.length > 0;
  async run(model: Model) {
    const order = recordOf(target(model, this.index, this.aimed, (record, now) => record.coupons.some((coupon) => couponAt(coupon, now).status === "unused")).id);
    const now = instruments.clock.now();
    const coupon = this.bogus || order.coupons.length === 0 ? null : pick(order.coupons, this.piece);
    // No code starts with 0.
    const code = coupon?.redemptionCode ?? "000000000000";
    const seen = coupon && couponAt(coupon, now).status;
    const expected: ShopRefusal | null = !coupon || order.deletedAt !== null ? "CODE_INVALID" : seen === "used" ? "ALREADY_USED" : seen === "unused" ? null : "CODE_INVALID";
    let outcome: Attempt<unknown>;
    if (this.control) {
      // A store of the coupon's offer, whose till may have been stopped by its failed codes this minute.
      const storeId = catalogOffer(order.offerId).storeIds[0];
      const failures = (model.tillFailures.get(storeId) ?? []).filter((at) => at > now - 60_000);
      const stopped = failures.length >= MAX_FAILED_CODES_PER_MINUTE;
      const response = await current.request("/__sandbox/redeem", { body: { code, storeId } });
      expect(response.status, JSON.stringify(response.body)).toBe(stopped ? 429 : expected === null ? 200 : 409);
      if (stopped) {
        checkInvariants(model);
        return;
      }
      if (expected !== null) model.tillFailures.set(storeId, [...failures, now]);
      outcome = response.body.ok ? { ok: true, value: response.body } : { ok: false, reason: response.body.reason };
    } else {
      const result = domain.afterSale.redeem(code);
      outcome = result.ok ? { ok: true, value: result.value } : result;
    }
    expectOutcome(outcome, expected, `redeem ${code} of order ${order.id} (${order.status}, coupon ${seen})`);
    if (coupon && outcome.ok) {
      expect(coupon).toMatchObject({ status: "used", usedAt: now });
      expect(order.status, `order ${order.id} after redeeming`).toBe(order.coupons.some((piece) => couponAt(piece, now).status === "unused") ? "received" : "used");
    }
    checkInvariants(model);
  }
  toString = () => `redeem(${this.index}${aimedAt(this.aimed)}, ${this.bogus ? "bogus" : `piece ${this.piece}`}${this.control ? ", at the till" : ""})`;
}

/** The member asks for the whole order's money back (sometimes again with the same key). */
export class Refund implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly index: number,
    readonly member: number,
    readonly reason: number,
    readonly again: boolean,
    readonly aimed: boolean,
  ) {}
  check = (model: Readonly<Model>) => model.orders.length > 0;
  async run(model: Model, real: Real) {
    const order = target(model, this.index, this.aimed, (record, now) => record.deletedAt === null && refundableNow(record, now));
    const openId = actor(order, this.member);
    const record = recordOf(order.id);
    const status = record.status;
    // The terms are fixed by the member's balance when they ask; the mCoin must cover the earning.
    const terms = refundTerms(record, domain.books.balance(record.openId));
    const expected: ShopRefusal | null =
      openId !== order.openId || record.deletedAt !== null ? "ORDER_NOT_FOUND" : !refundableNow(record, instruments.clock.now()) ? "CANNOT_REFUND" : terms.shortfall > 0 ? "EARNING_SPENT" : null;
    const reason = pick(REFUND_REASONS, this.reason);
    const body = { orderId: order.id, reason, remarks: reason === "other" ? "changed my mind" : "" };
    const key = freshKey();
    const client = real.clients.get(openId)!;
    const outcome = await attempt(client.call(applyRefund, body, withKey(key)));
    expectOutcome(outcome, expected, `refund order ${order.id} (${status}) by ${openId}`);
    if (outcome.ok) {
      const refund = outcome.value.data;
      expect(refund).toMatchObject({
        orderId: order.id,
        orderNo: order.orderNo,
        reason,
        status: "refunding",
        cashRequestedCents: record.cashCents,
        mcoinRequested: record.mcoinUsed,
        cashRefundedCents: 0,
        mcoinRefunded: 0,
        earningReversal: terms.reversal,
        refundedAt: null,
        refundNo: null,
      });
      expect(record.status).toBe("refunding");
      expect(
        record.coupons.every((coupon) => coupon.status === "refunding"),
        "coupons invalid at once",
      ).toBe(true);
      if (this.again) {
        const repeated = await client.call(applyRefund, body, withKey(key));
        expect(repeated.data, "the same key answers the same refund").toEqual(refund);
      }
    } else {
      expect(record.status, "a refused refund changes nothing").toBe(status);
    }
    checkInvariants(model);
  }
  toString = () => `refund(${this.index}${aimedAt(this.aimed)}${byWhom(this.member)}, ${pick(REFUND_REASONS, this.reason)}${this.again ? ", twice" : ""})`;
}

/** The sandbox control: settled goods leave, or are ready at the store. */
export class Ship implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly index: number,
    readonly aimed: boolean,
  ) {}
  check = (model: Readonly<Model>) => model.orders.length > 0;
  async run(model: Model) {
    const order = recordOf(target(model, this.index, this.aimed, (record) => record.status === "awaiting_shipment").id);
    const status = order.status;
    const expected = order.deletedAt !== null ? 404 : status === "awaiting_shipment" ? 200 : 409;
    const response = await current.request("/__sandbox/ship", { body: { orderNo: order.orderNo } });
    expect(response.status, `ship order ${order.id} (${status}): ${JSON.stringify(response.body)}`).toBe(expected);
    if (expected === 200) {
      const shipped = order.fulfilment === "pickup" ? "awaiting_pickup" : "awaiting_receipt";
      expect(response.body).toMatchObject({ ok: true, orderNo: order.orderNo, status: shipped, shippedAt: instruments.clock.now() });
    } else {
      expect(order.status).toBe(status);
    }
    checkInvariants(model);
  }
  toString = () => `ship(${this.index}${aimedAt(this.aimed)})`;
}

export class Receive implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly index: number,
    readonly member: number,
    readonly aimed: boolean,
  ) {}
  check = (model: Readonly<Model>) => model.orders.length > 0;
  async run(model: Model, real: Real) {
    const order = target(model, this.index, this.aimed, (record) => record.status === "awaiting_receipt" || record.status === "awaiting_pickup");
    const openId = actor(order, this.member);
    const record = recordOf(order.id);
    const status = record.status;
    const expected: ShopRefusal | null =
      openId !== order.openId || record.deletedAt !== null ? "ORDER_NOT_FOUND" : status === "awaiting_receipt" || status === "awaiting_pickup" ? null : "CANNOT_CONFIRM";
    const outcome = await attempt(real.clients.get(openId)!.call(confirmReceipt, { orderId: order.id }, withKey()));
    expectOutcome(outcome, expected, `confirm receipt of order ${order.id} (${status}) by ${openId}`);
    if (outcome.ok) expect(outcome.value.data).toMatchObject({ id: order.id, status: "completed", completedAt: instruments.clock.now() });
    else expect(record.status).toBe(status);
    checkInvariants(model);
  }
  toString = () => `receive(${this.index}${aimedAt(this.aimed)}${byWhom(this.member)})`;
}

export class Delete implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly index: number,
    readonly member: number,
    readonly aimed: boolean,
  ) {}
  check = (model: Readonly<Model>) => model.orders.length > 0;
  async run(model: Model, real: Real) {
    const order = target(model, this.index, this.aimed, (record, now) => record.deletedAt === null && deletableNow(record, now));
    const openId = actor(order, this.member);
    const record = recordOf(order.id);
    const expected: ShopRefusal | null = openId !== order.openId || record.deletedAt !== null ? "ORDER_NOT_FOUND" : deletableNow(record, instruments.clock.now()) ? null : "CANNOT_DELETE";
    const client = real.clients.get(openId)!;
    const outcome = await attempt(client.call(deleteOrder, { orderId: order.id }, withKey()));
    expectOutcome(outcome, expected, `delete order ${order.id} (${record.status}) by ${openId}`);
    if (outcome.ok) model.deleted.add(order.id);
    await expectListed(model, real, order.openId);
    checkInvariants(model);
  }
  toString = () => `delete(${this.index}${aimedAt(this.aimed)}${byWhom(this.member)})`;
}

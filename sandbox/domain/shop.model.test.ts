/**
 * A model-based test of the money domain (fast-check): random sequences of buying, paying, failing,
 * cancelling, letting time pass, repeating notices and repeating a buy with its key, by several
 * members at once, through the sandbox's own HTTP handlers. After every step:
 *
 * - no offer's stock is below zero, and stock + sold is what it was;
 * - the stock is what the orders not closed leave, and no member holds more than their limit;
 * - every balance is the sum of its ledger and its last balanceAfter, the ledger only grew, and the
 *   balance is the opening less the mCoin held by orders not closed plus what settled cash earned;
 * - no order moved to a status the state machine does not allow from its previous one.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ApiClient } from "../../app/lib/api/client";
import { ApiError } from "../../app/lib/api/errors";
import { WALLET_SIGNATURE_HEADER, cancelPayment, createOrder, shopRefusal, type Order } from "../../app/lib/api/shop-endpoints";
import { isAllowedMcoin, mcoinRange, snapMcoin } from "../../app/lib/money/purchase";
import { walletSignature } from "../handlers/wallet";
import { freshKey, inProcess, withKey } from "../testing";
import type { LedgerEntry } from "../../app/lib/api/shop-endpoints";
import { ORDER_TRANSITIONS, canTransition } from "./order-machine";
import { pricedOffer } from "./offers";

const MEMBERS = ["mpay-1001", "mpay-1002", "mpay-1003", "mpay-1004", "mpay-1005"];
/** A coupon paid any way, an mCoin-only coupon, a third-party voucher, goods, an offer of two per member. */
const OFFERS = [
  { id: 7, stock: 6 },
  { id: 53, stock: 4 },
  { id: 9, stock: 5 },
  { id: 25, stock: 3 },
  { id: 12, stock: 4 },
];

const current = inProcess({ history: false });
const { state } = current.sandbox;

interface Real {
  clients: Map<string, ApiClient>;
}

interface Model {
  /** Orders the gateway created, in order, with whose they are. */
  orders: (Order & { openId: string })[];
  /** Buys sent: who, the key and the body, and the order it made (null: refused). */
  buys: { openId: string; key: string; body: { offerId: number; quantity: number; mcoinUsed: number; adult: boolean }; orderId: number | null }[];
  /** Signed notices sent, to send again. */
  notices: { body: string; signature: string }[];
  /** Each order's status when last seen. */
  statuses: Map<number, Order["status"]>;
  /** Each member's ledger when last seen. */
  ledgers: Map<string, LedgerEntry[]>;
}

const catalogOffer = (id: number) => state.catalog.offer(id)!;

/** Refusals are part of the game; anything else is a failure of the test. */
async function allowRefusal<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && shopRefusal(error.body) !== null) return null;
    throw error;
  }
}

function checkInvariants(model: Model): void {
  state.shop.closeDue();
  const orders = [...state.data.orders.values()];
  for (const { id } of OFFERS) {
    const live = state.shop.live(id)!;
    const offer = catalogOffer(id);
    const initial = OFFERS.find((item) => item.id === id)!.stock;
    expect(live.stock, `offer ${id} stock`).toBeGreaterThanOrEqual(0);
    expect(live.stock + live.sold, `offer ${id} stock + sold`).toBe(initial + offer.sold);
    const held = orders.filter((order) => order.offerId === id && order.status !== "closed");
    expect(live.stock, `offer ${id} stock against its orders`).toBe(initial - held.reduce((sum, order) => sum + order.quantity, 0));
    for (const openId of MEMBERS) {
      const pieces = held.filter((order) => order.openId === openId).reduce((sum, order) => sum + order.quantity, 0);
      expect(pieces, `${openId} pieces of offer ${id}`).toBeLessThanOrEqual(offer.limitPerMember);
    }
  }
  for (const openId of MEMBERS) {
    const ledger = state.data.accounts.get(openId)!.ledger;
    const sum = ledger.reduce((total, entry) => total + entry.amount, 0);
    const balance = state.shop.balance(openId);
    expect(balance, `${openId} balance is the ledger's sum`).toBe(sum);
    expect(ledger.at(-1)!.balanceAfter, `${openId} last balanceAfter`).toBe(sum);
    expect(ledger.every((entry) => entry.balanceAfter >= 0)).toBe(true);
    const before = model.ledgers.get(openId) ?? [];
    expect(ledger.slice(0, before.length), `${openId} ledger only grows`).toEqual(before);
    model.ledgers.set(openId, structuredClone(ledger));
    const own = orders.filter((order) => order.openId === openId);
    const held = own.filter((order) => order.status !== "closed").reduce((total, order) => total + order.mcoinUsed, 0);
    const earned = own.reduce((total, order) => total + order.mcoinEarned, 0);
    expect(balance, `${openId} balance against orders`).toBe(ledger[0].amount - held + earned);
  }
  for (const order of orders) {
    const previous = model.statuses.get(order.id);
    if (previous === undefined) {
      expect(order.status === "awaiting_payment" || ORDER_TRANSITIONS.awaiting_payment.includes(order.status), `order ${order.id} first seen ${order.status}`).toBe(true);
    } else if (previous !== order.status) {
      expect(canTransition(previous, order.status), `order ${order.id}: ${previous} → ${order.status}`).toBe(true);
    }
    model.statuses.set(order.id, order.status);
  }
}

class Buy implements fc.AsyncCommand<Model, Real> {
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
    const range = mcoinRange(pricedOffer(offer), this.quantity, state.shop.balance(openId));
    const mcoinUsed = this.wild ?? (range.ok ? snapMcoin(range, range.min + this.share * (range.max - range.min)) : 0);
    const body = { offerId: offer.id, quantity: this.quantity, mcoinUsed, adult: this.adult };
    const key = freshKey();
    const balance = state.shop.balance(openId);
    const reply = await allowRefusal(real.clients.get(openId)!.call(createOrder, body, withKey(key)));
    model.buys.push({ openId, key, body, orderId: reply?.data.id ?? null });
    if (reply) {
      model.orders.push({ ...reply.data, openId });
      expect(isAllowedMcoin(range, mcoinUsed)).toBe(true);
    } else {
      expect(state.shop.balance(openId)).toBe(balance);
    }
    checkInvariants(model);
  }
  toString = () => `buy(${MEMBERS[this.member]}, offer ${OFFERS[this.offer].id}, ${this.quantity}, ${this.wild ?? `${this.share.toFixed(2)} of the range`})`;
}

class RepeatBuy implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number) {}
  check = (model: Readonly<Model>) => model.buys.length > 0;
  async run(model: Model, real: Real) {
    const buy = model.buys[this.index % model.buys.length];
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

class Notify implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly index: number,
    readonly status: "PAID" | "FAILED",
    readonly offBy: number,
  ) {}
  check = (model: Readonly<Model>) => model.orders.length > 0;
  async run(model: Model) {
    const order = model.orders[this.index % model.orders.length];
    const amountCents = Math.max(0, order.cashCents + this.offBy);
    const body = JSON.stringify({ orderNo: order.orderNo, paymentId: `WP${freshKey().replaceAll("-", "")}`.slice(0, 40), amountCents, status: this.status });
    const notice = { body, signature: walletSignature(body, state.walletSecret) };
    model.notices.push(notice);
    const reply = await send(notice);
    // Only the cash due settles an order.
    if (amountCents !== order.cashCents) expect(reply.data?.reason).toBe("AMOUNT_MISMATCH");
    checkInvariants(model);
  }
  toString = () => `notify(${this.index}, ${this.status}${this.offBy ? `, off by ${this.offBy}` : ""})`;
}

class RepeatNotice implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number) {}
  check = (model: Readonly<Model>) => model.notices.length > 0;
  async run(model: Model) {
    await send(model.notices[this.index % model.notices.length]);
    checkInvariants(model);
  }
  toString = () => `repeatNotice(${this.index})`;
}

class Cancel implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly index: number,
    readonly member: number,
  ) {}
  check = (model: Readonly<Model>) => model.orders.length > 0;
  async run(model: Model, real: Real) {
    const order = model.orders[this.index % model.orders.length];
    // Usually the owner; sometimes another member, who must not be able to.
    const openId = this.member < 0 ? order.openId : MEMBERS[this.member];
    await allowRefusal(real.clients.get(openId)!.call(cancelPayment, { orderId: order.id }, withKey()));
    checkInvariants(model);
  }
  toString = () => `cancel(${this.index}${this.member < 0 ? "" : `, by ${MEMBERS[this.member]}`})`;
}

class PassTime implements fc.AsyncCommand<Model, Real> {
  constructor(readonly minutes: number) {}
  check = () => true;
  async run(model: Model) {
    state.setClock(state.now() + this.minutes * 60_000, true);
    checkInvariants(model);
  }
  toString = () => `passTime(${this.minutes} min)`;
}

async function send(notice: { body: string; signature: string }) {
  const response = await current.request("/pay/notify", { body: notice.body, headers: { [WALLET_SIGNATURE_HEADER]: notice.signature } });
  expect(response.status).toBe(200);
  return response.body as { code: number; data?: { reason?: string } };
}

const buy = fc
  .tuple(
    fc.nat(MEMBERS.length - 1),
    fc.nat(OFFERS.length - 1),
    fc.integer({ min: 1, max: 3 }),
    fc.double({ min: 0, max: 1, noNaN: true }),
    fc.oneof({ arbitrary: fc.constant(null), weight: 4 }, { arbitrary: fc.integer({ min: 0, max: 2000 }), weight: 1 }),
    fc.boolean(),
  )
  .map(([member, offer, quantity, share, wild, adult]) => new Buy(member, offer, quantity, share, wild, adult));

// Buying is weighted up: every other step needs orders to act on.
const commands = [
  buy,
  buy,
  buy,
  fc.nat().map((index) => new RepeatBuy(index)),
  fc.tuple(fc.nat(), fc.constantFrom("PAID" as const, "FAILED" as const), fc.constantFrom(0, 0, 0, 0, 1, -100)).map(([index, status, offBy]) => new Notify(index, status, offBy)),
  fc.nat().map((index) => new RepeatNotice(index)),
  fc.tuple(fc.nat(), fc.integer({ min: -3, max: MEMBERS.length - 1 })).map(([index, member]) => new Cancel(index, member)),
  fc.integer({ min: 1, max: 20 }).map((minutes) => new PassTime(minutes)),
];

describe("the money domain under random use by several members", () => {
  it("keeps stock, balances, ledgers and order statuses consistent after every step", async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 40, size: "max" }), async (steps) => {
        state.reset();
        state.setClock(Date.now(), true);
        for (const { id, stock } of OFFERS) state.shop.setOffer(id, { stock });
        const clients = new Map<string, ApiClient>();
        for (const openId of MEMBERS) clients.set(openId, await current.client(openId));
        const model: Model = { orders: [], buys: [], notices: [], statuses: new Map(), ledgers: new Map() };
        checkInvariants(model);
        await fc.asyncModelRun(() => ({ model, real: { clients } }), steps);
      }),
      { numRuns: 60 },
    );
  }, 60_000);
});

/** The model test's steps of promotions: check-ins, seckill snap-ups and Asia Miles redemptions, alone or in bursts. */
import fc from "fast-check";
import { checkIn, milesRedeem, seckillSnapUp, snapUpSuccess } from "#core/api/promotion-endpoints";
import type { ShopRefusal } from "#core/api/shop-endpoints";
import { withKey } from "../../testing";
import { macauDay } from "../check-in";
import { milesLimit, milesUsed } from "../miles";
import { MEMBERS, MILES_ACCOUNTS, SECKILL_ITEMS, atMost, attempt, domain, expectOutcome, holds, instruments, pick, same, store, type Model, type Real } from "./game";
import { checkInvariants } from "./invariants";

export class CheckIn implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly member: number,
    readonly burst: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const openId = pick(MEMBERS, this.member);
    const key = `${openId} ${macauDay(instruments.clock.now())}`;
    const client = real.clients.get(openId)!;
    // Sometimes several at once, each with its own key: one goes through at most.
    const outcomes = await Promise.all(Array.from({ length: this.burst }, () => attempt(client.call(checkIn, {}, withKey()))));
    const through = outcomes.filter((outcome) => outcome.ok);
    same(through.length, model.checkIns.has(key) ? 0 : 1, () => `${openId} check-ins through on ${key}`);
    holds(
      outcomes.every((outcome) => outcome.ok || outcome.reason === "ALREADY_CHECKED_IN"),
      () => `${openId} check-in refusals`,
    );
    model.checkIns.add(key);
    checkInvariants(model);
  }
  toString = () => `checkIn(${pick(MEMBERS, this.member)} ×${this.burst})`;
}

export class SnapUp implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly member: number,
    readonly item: number,
    readonly burst: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const openId = pick(MEMBERS, this.member);
    const { id } = pick(SECKILL_ITEMS, this.item);
    const client = real.clients.get(openId)!;
    domain.books.closeDue();
    const found = domain.promotions.seckill(id, false)!;
    const now = instruments.clock.now();
    // One alone must go as the rules say; several at once (own keys) at most up to the limit and stock.
    const expected: ShopRefusal | null =
      now < found.startAt
        ? "NOT_STARTED"
        : now > found.endAt
          ? "ENDED"
          : found.live.stock === 0
            ? "SOLD_OUT"
            : domain.promotions.seckillHeld(openId, id) >= found.item.limitPerMember
              ? "LIMIT_REACHED"
              : domain.books.balance(openId) < found.item.mcoin
                ? "INSUFFICIENT_MCOIN"
                : null;
    const room = Math.min(found.live.stock, found.item.limitPerMember - domain.promotions.seckillHeld(openId, id));
    const outcomes = await Promise.all(Array.from({ length: this.burst }, () => attempt(client.call(seckillSnapUp, { itemId: id, gray: 0 }, withKey()))));
    const through = outcomes.filter((outcome) => outcome.ok);
    if (this.burst === 1) expectOutcome(outcomes[0], expected, `snap up ${id} by ${openId}`);
    else atMost(through.length, expected === null ? Math.max(0, room) : 0, () => `${openId} snapped ${through.length} of seckill ${id} at once`);
    for (const outcome of outcomes) {
      if (!outcome.ok) continue;
      const { order } = (await client.call(snapUpSuccess, { orderId: outcome.value.data.orderId })).data;
      model.orders.push({ ...order, openId });
    }
    checkInvariants(model);
  }
  toString = () => `snapUp(${pick(MEMBERS, this.member)}, seckill ${pick(SECKILL_ITEMS, this.item).id} ×${this.burst})`;
}

export class RedeemMiles implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly member: number,
    readonly step: number,
    readonly account: number,
    readonly burst: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const openId = pick(MEMBERS, this.member);
    const product = domain.miles.fixture.products[0];
    const step = pick(product.steps, this.step);
    const account = pick(MILES_ACCOUNTS, this.account);
    domain.books.closeDue();
    const own = [...store.data.milesOrders.values()].filter((redemption) => redemption.openId === openId);
    const limit = milesLimit(milesUsed(own, instruments.clock.now()), step.miles, { ...domain.miles.fixture, minMiles: product.steps[0].miles });
    const expected: ShopRefusal | null = this.account % MILES_ACCOUNTS.length === 2 ? "MILES_ACCOUNT_NOT_FOUND" : (limit ?? (domain.books.balance(openId) < step.mcoin ? "INSUFFICIENT_MCOIN" : null));
    const client = real.clients.get(openId)!;
    const outcomes = await Promise.all(Array.from({ length: this.burst }, () => attempt(client.call(milesRedeem, { productId: product.id, ...account, mcoin: step.mcoin }, withKey()))));
    if (this.burst === 1) expectOutcome(outcomes[0], expected, `miles ${step.mcoin} by ${openId}`);
    else if (expected !== null)
      holds(
        outcomes.every((outcome) => !outcome.ok),
        () => `${openId} miles burst went through`,
      );
    checkInvariants(model);
  }
  toString = () => `redeemMiles(${pick(MEMBERS, this.member)}, ${pick(domain.miles.fixture.products[0].steps, this.step).mcoin} mCoin, account ${this.account % 3} ×${this.burst})`;
}

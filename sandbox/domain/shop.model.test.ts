/**
 * A model-based test of the money domain (fast-check): random sequences of buying, paying, failing,
 * cancelling, letting time pass, repeating notices and repeating a buy with its key, and after the
 * sale redeeming coupons at a till, asking for refunds, shipping goods, confirming receipt and
 * deleting orders, by several members at once, through the sandbox's own HTTP handlers. Each
 * after-sale step says beforehand whether it should go through (and if not, why), from the order as
 * it stands. After every step:
 *
 * - no offer's stock is below zero, and stock + sold is what it was;
 * - the stock is what the orders neither closed nor refunded leave, and no member holds more than
 *   their limit (refunding and refunded orders hold nothing of it);
 * - every balance is the sum of its ledger and its last balanceAfter, the ledger only grows, and
 *   each order's ledger entries add up to what its status says: closed 0; refunding or refunded,
 *   its earning taken back in full and in mCoin, from the mCoin refunded and then the balance when
 *   asked (at once; a refund they cannot cover is refused), so a refunded order's entries sum to
 *   nothing (parking the balance in an unpaid order, before or while the refund is processed, gains
 *   nothing); otherwise the mCoin it earned less the mCoin used;
 * - refunds give back all the cash and the mCoin used less their part of the reversal, on time;
 * - every PAID notice is answered by the rules (settles an unpaid order; refused, and kept as
 *   refunded, for another payment of a paid order, a closed order or another amount), the same
 *   notice again as the first time; an order keeps one settled payment at most, its own;
 * - a coupon order once settled has one coupon per piece, goods none; no coupon is both redeemed
 *   and refunded; redemption codes are unique across all orders;
 * - no order moved to a status the state machine does not allow from its previous one, and a
 *   deleted order never comes back to its member's lists.
 *
 * Promotions join the game: check-ins (one a day of Macau), seckill snap-ups (sometimes several at
 * once; a snapped order is then paid, refunded... like any other) and Asia Miles redemptions (also
 * in bursts, to an active, a suspended or an unknown airline account). Also after every step:
 * - each seckill item's stock + sold is what it was, its stock is what its orders leave, and no
 *   member holds more of it than its limit; its orders never count against the offer's own;
 * - each redemption's mCoin is one `miles` entry, given back (a `refund` entry) only when the airline
 *   refused it; no member's miles not refunded pass the daily or monthly maximum; a redemption is
 *   `redeeming` only until the airline's time to answer.
 *
 * And after every run, the audit a load test runs over GET /__sandbox/state (audit.ts), with Asia
 * Miles and seckill added (the domain's auditView, audit-promotions.ts), since the run's start, finds nothing wrong: the model and the audit agree on what books kept by the rules are.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ApiClient } from "#core/api/client";
import { auditMoney } from "./audit";
import { CANCEL_WINDOW_MS, PAYMENT_WINDOW_MS, REFUND_PROCESSING_MS } from "./order-book";
import { Delete, Receive, Redeem, Refund, Ship } from "./shop-model/after-sale";
import { Buy, Cancel, Notify, Park, PassTime, RepeatBuy, RepeatNotice } from "./shop-model/buying";
import { DAY, MEMBERS, OFFERS, SECKILL_ITEMS, booksNow, current, domain, expectListed, instruments, type Model } from "./shop-model/game";
import { checkInvariants } from "./shop-model/invariants";
import { CheckIn, RedeemMiles, SnapUp } from "./shop-model/promotions";

/** Mostly the owner (-1), sometimes another member (who may happen to be the owner). */
const member = fc.oneof({ arbitrary: fc.constant(-1), weight: 4 }, { arbitrary: fc.nat(MEMBERS.length - 1), weight: 1 });
/** Mostly aimed at an order the step could go through for. */
const aim = fc.oneof({ arbitrary: fc.constant(true), weight: 3 }, { arbitrary: fc.constant(false), weight: 1 });
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
/** Mostly one payment; sometimes several different ones of the same order at once. */
const payments = fc.oneof({ arbitrary: fc.constant(1), weight: 5 }, { arbitrary: fc.integer({ min: 2, max: 4 }), weight: 1 });
const notify = fc
  .tuple(fc.nat(), fc.constantFrom("PAID" as const, "PAID" as const, "FAILED" as const), fc.constantFrom(0, 0, 0, 0, 1, -100), aim, payments)
  .map(([index, status, offBy, aimed, burst]) => new Notify(index, status, offBy, aimed, burst));
const redeem = fc
  .tuple(fc.nat(), fc.nat(), fc.boolean(), fc.oneof({ arbitrary: fc.constant(false), weight: 9 }, { arbitrary: fc.constant(true), weight: 1 }), aim)
  .map(([index, piece, control, bogus, aimed]) => new Redeem(index, piece, control, bogus, aimed));
/**
 * Time passes in seconds (a refund completes in REFUND_PROCESSING_MS), in minutes (the payment and
 * cancellation windows), to the very millisecond a refund or window falls due, or rarely by months
 * (coupons expire, offers end).
 */
const passTime = fc
  .oneof(
    { arbitrary: fc.integer({ min: 1, max: 300 }).map((seconds) => seconds * 1000), weight: 8 },
    { arbitrary: fc.integer({ min: 1, max: 20 }).map((minutes) => minutes * 60_000), weight: 6 },
    { arbitrary: fc.constantFrom(REFUND_PROCESSING_MS - 1, REFUND_PROCESSING_MS, CANCEL_WINDOW_MS, CANCEL_WINDOW_MS + 1, PAYMENT_WINDOW_MS), weight: 3 },
    { arbitrary: fc.integer({ min: 40, max: 160 }).map((days) => days * DAY), weight: 1 },
  )
  .map((ms) => new PassTime(ms));

/**
 * Runs of the game: a few in the edit loop (about a second), as many as asked for on demand
 * (docs/testing.md): MCOIN_MODEL_RUNS=500 npx vitest run sandbox/domain/shop.model.test.ts
 */
const RUNS = Number(process.env.MCOIN_MODEL_RUNS) || 15;
fc.configureGlobal({ ...fc.readConfigureGlobal(), numRuns: RUNS });

// Buying and paying are weighted up: every other step needs orders, most of them settled, to act on.
const commands = [
  buy,
  buy,
  buy,
  fc.nat().map((index) => new RepeatBuy(index)),
  fc.tuple(fc.nat(), aim).map(([who, aimed]) => new Park(who, aimed)),
  fc.tuple(fc.nat(), aim).map(([who, aimed]) => new Park(who, aimed)),
  notify,
  notify,
  notify,
  fc.nat().map((index) => new RepeatNotice(index)),
  fc.tuple(fc.nat(), member, aim).map(([index, who, aimed]) => new Cancel(index, who, aimed)),
  passTime,
  redeem,
  redeem,
  fc.tuple(fc.nat(), member, fc.nat(), fc.boolean(), aim).map(([index, who, reason, again, aimed]) => new Refund(index, who, reason, again, aimed)),
  fc.tuple(fc.nat(), member, fc.nat(), fc.boolean(), aim).map(([index, who, reason, again, aimed]) => new Refund(index, who, reason, again, aimed)),
  fc.tuple(fc.nat(), aim).map(([index, aimed]) => new Ship(index, aimed)),
  fc.tuple(fc.nat(), aim).map(([index, aimed]) => new Ship(index, aimed)),
  fc.tuple(fc.nat(), member, aim).map(([index, who, aimed]) => new Receive(index, who, aimed)),
  fc.tuple(fc.nat(), member, aim).map(([index, who, aimed]) => new Delete(index, who, aimed)),
  fc.tuple(fc.nat(), fc.integer({ min: 1, max: 3 })).map(([who, burst]) => new CheckIn(who, burst)),
  fc.tuple(fc.nat(), fc.nat(), fc.integer({ min: 1, max: 3 })).map(([who, item, burst]) => new SnapUp(who, item, burst)),
  fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.integer({ min: 1, max: 2 })).map(([who, step, account, burst]) => new RedeemMiles(who, step, account, burst)),
];

describe("the money domain under random use by several members", () => {
  it(
    "keeps stock, balances, ledgers, coupons, refunds and order statuses consistent after every step",
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.commands(commands, { maxCommands: 70, size: "max" }), async (steps) => {
          current.sandbox.reset();
          instruments.clock.set(Date.now(), true);
          for (const { id, stock } of OFFERS) domain.orders.setOffer(id, { stock });
          // After the reset every item has sold nothing: its stock is all there is.
          for (const { id, stock } of SECKILL_ITEMS) domain.promotions.setSeckillStock(id, stock);
          const clients = new Map<string, ApiClient>();
          for (const openId of MEMBERS) clients.set(openId, await current.client(openId));
          const model: Model = { orders: [], buys: [], notices: [], statuses: new Map(), ledgers: new Map(), deleted: new Set(), checkIns: new Set(), miles: new Map(), tillFailures: new Map() };
          checkInvariants(model);
          const before = booksNow();
          await fc.asyncModelRun(() => ({ model, real: { clients } }), steps);
          for (const openId of MEMBERS) await expectListed(model, { clients }, openId);
          // The audit a load test runs over the sandbox's state (audit.ts) agrees with the model: nothing wrong.
          expect(auditMoney(booksNow(), before)).toEqual([]);
        }),
      );
    },
    20_000 + RUNS * 1_000,
  );
});

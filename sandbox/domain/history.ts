/**
 * A demo member's past orders (fixtures/wallet.json, `history`), played through the money domain's
 * own rules when the sandbox is seeded, so the wallet has something of every kind and state to show
 * (coupons unused, used and expired, goods on every step, refunds, closed orders) and every figure
 * (stock, ledger, codes) follows from the rules rather than being typed in.
 *
 * Each order is placed at its `at` (a relative time of the fixtures) and then taken through its
 * steps, each a little later on the clock. Afterwards the member's opening balance is set so that
 * their balance is still the one members.json gives them.
 */
import { z } from "zod";
import { OrderKindSchema } from "#core/api/shop-endpoints";
import { RelativeTime } from "../catalog-schema";
import type { CatalogQueries } from "./catalog";
import type { AfterSale } from "./after-sale";
import type { Books, Outcome } from "./books";
import type { Account } from "./ledger";
import type { OrderBook } from "./order-book";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const STEPS = {
  /** The wallet settles the cash (nothing happens when there is none). */
  pay: MINUTE,
  /** A till redeems the next unused coupon, at the offer's first store. */
  redeem: DAY,
  ship: DAY,
  receive: 2 * DAY,
  refund: 3 * 60 * MINUTE,
  cancel: MINUTE,
  /** The coupons' validity ended yesterday (the story of an old order; no rule does this). */
  expire: 0,
} as const;
type Step = keyof typeof STEPS;

export const HistoryFixtureSchema = z.object({
  openId: z.string().min(1),
  orders: z.array(
    z.object({
      offerId: z.number().int().positive(),
      quantity: z.number().int().positive().default(1),
      mcoinUsed: z.number().int().nonnegative().default(0),
      at: RelativeTime,
      kind: OrderKindSchema.optional(),
      steps: z.array(z.enum(Object.keys(STEPS) as [Step, ...Step[]])),
    }),
  ),
});
export type HistoryFixture = z.infer<typeof HistoryFixtureSchema>;

export interface HistoryContext {
  books: Books;
  orders: OrderBook;
  afterSale: AfterSale;
  catalog: CatalogQueries;
  /** Sets the clock the rules read while the history plays. */
  setNow(at: number): void;
  /** When the sandbox was seeded. */
  seededAt: number;
  /** The balance members.json gives the member. */
  pointOf(openId: string): number;
}

function must<T>(outcome: Outcome<T>, what: string): T {
  if (!outcome.ok) throw new Error(`fixtures/wallet.json: history: ${what}: refused ${outcome.reason}`);
  return outcome.value;
}

export function playHistory(histories: readonly HistoryFixture[], context: HistoryContext): void {
  const { books, orders: book, afterSale, catalog, setNow } = context;
  for (const history of histories) {
    const { openId } = history;
    const orders = [...history.orders].sort((a, b) => catalog.at(a.at) - catalog.at(b.at));
    let first = Infinity;
    for (const [index, fixture] of orders.entries()) {
      let now = catalog.at(fixture.at);
      first = Math.min(first, now);
      const what = `${openId}'s order ${index + 1} (offer ${fixture.offerId})`;
      setNow(now);
      const order = must(book.place(openId, { offerId: fixture.offerId, quantity: fixture.quantity, mcoinUsed: fixture.mcoinUsed, adult: true, kind: fixture.kind }), what);
      for (const step of fixture.steps) {
        now += STEPS[step];
        setNow(now);
        switch (step) {
          case "pay":
            if (order.status === "awaiting_payment")
              must(book.notice({ orderNo: order.orderNo, paymentId: `WPSEED${String(order.id).padStart(8, "0")}`, amountCents: order.cashCents, status: "PAID" }), `${what}: pay`);
            break;
          case "redeem": {
            const coupon = order.coupons.find((piece) => piece.status === "unused");
            if (!coupon) throw new Error(`fixtures/wallet.json: history: ${what}: no coupon left to redeem`);
            must(afterSale.redeem(coupon.redemptionCode), `${what}: redeem`);
            break;
          }
          case "ship":
            must(afterSale.ship(order.orderNo), `${what}: ship`);
            break;
          case "receive":
            must(afterSale.confirmReceipt(openId, order.id), `${what}: receive`);
            break;
          case "refund":
            must(afterSale.requestRefund(openId, { orderId: order.id, reason: "bought_wrongly", remarks: "" }), `${what}: refund`);
            break;
          case "cancel":
            must(book.cancel(openId, order.id), `${what}: cancel`);
            break;
          case "expire":
            for (const coupon of order.coupons) coupon.useUntil = context.seededAt - DAY;
            break;
        }
      }
    }
    if (orders.length > 0) {
      setNow(context.seededAt);
      rebase(books.account(openId), context.pointOf(openId), first - DAY);
    }
  }
}

/** Makes the opening entry what leaves the balance at `point` now, dated `openedAt`. */
function rebase(account: Account, point: number, openedAt: number): void {
  const [opening] = account.ledger;
  const shift = point - (account.ledger.at(-1)?.balanceAfter ?? 0);
  if (!opening || opening.type !== "opening") throw new Error("a ledger must open with its opening entry");
  opening.amount += shift;
  opening.at = openedAt;
  for (const entry of account.ledger) {
    entry.balanceAfter += shift;
    if (entry.balanceAfter < 0) throw new Error(`fixtures/wallet.json: history: the member's balance of ${point} cannot pay for their history`);
  }
}

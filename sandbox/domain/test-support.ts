/**
 * For the domain's tests: the domain over a store (no instruments, no HTTP), on a clock the test sets
 * (it stands still between settings), from an empty order book; and helpers to act on it.
 */
import { expect } from "vitest";
import { loadFixtures, withoutHistory, type Fixtures } from "../fixtures";
import type { SandboxData } from "../store/data";
import { seedData } from "../store/seed";
import { Store } from "../store/store";
import { SetClock } from "./clock";
import { createDomain, playSeededHistory, type Domain } from "./domain";
import type { PlaceOrder } from "./order-book";
import type { WalletNotice } from "./settlement";

// The rules from an empty order book: the demo history (fixtures/wallet.json) has its own tests.
export const fixtures = withoutHistory(loadFixtures());
export const SAM = "mpay-1005"; // 500 mCoin
export const CHAN = "mpay-1001"; // 12,580 mCoin, one address
export const ANA = "mpay-1002"; // 3,200 mCoin, no address
export const LEI = "mpay-1004"; // no mCoin
/** MOP 38 a piece, 380 mCoin, steps of 100, any share in mCoin, 6 per member. */
export const PORK_CHOP_BUN = 7;

/** The domain under test, with the store and clock beside it. */
export type World = Domain & {
  store: Store;
  /** The store's data now (a reset replaces it). */
  readonly data: SandboxData;
  now(): number;
  /** Sets the clock; it stands still until set again. */
  setClock(at: number): void;
  /** Back to the fixtures (the demo history played in, when the fixtures have one). */
  reset(): void;
};

/** The domain over a fresh store (kept in `stateFile` when given) seeded from `from`, its clock at real time once seeded. */
export function world(from: Fixtures = fixtures, stateFile?: string): World {
  const clock = new SetClock(0);
  const store: Store = new Store({
    file: stateFile,
    seed: () => {
      const data = seedData(from);
      playSeededHistory(data, from, () => store.changed());
      return data;
    },
    offerExists: (offerId) => from.catalog.offers.some((offer) => offer.id === offerId),
  });
  const domain = createDomain(store, clock, from);
  store.open();
  // After the seeding, as a sandbox's clock reads: the catalog's times count from the seeding.
  clock.set(Date.now());
  domain.logins.dropExpired();
  domain.taskRuns.dropAbandoned();
  return {
    ...domain,
    store,
    get data() {
      return store.data;
    },
    now: () => clock.now(),
    setClock: (at) => clock.set(at),
    reset: () => store.reset(),
  };
}

/** A deep copy of plain data (a record the store tracks is a proxy, which structuredClone refuses). */
export const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export function setup(stateFile?: string) {
  return { state: world(fixtures, stateFile) };
}

export const buy = (overrides: Partial<PlaceOrder> = {}): PlaceOrder => ({ offerId: PORK_CHOP_BUN, quantity: 2, mcoinUsed: 300, adult: false, ...overrides });

export function placed(state: World, openId: string, order: PlaceOrder = buy()) {
  const outcome = state.orders.place(openId, order);
  if (!outcome.ok) throw new Error(`refused: ${outcome.reason}`);
  return outcome.value;
}

export const paid = (order: { orderNo: string; cashCents: number }, status: WalletNotice["status"] = "PAID"): WalletNotice => ({
  orderNo: order.orderNo,
  paymentId: "WPTEST0000000001",
  amountCents: order.cashCents,
  status,
});

/** An order placed and, when it has cash to pay, paid. */
export function settled(state: World, openId: string, order: PlaceOrder = buy()) {
  const placedOrder = placed(state, openId, order);
  if (placedOrder.status === "awaiting_payment") expect(state.orders.notice(paid(placedOrder)).ok).toBe(true);
  return placedOrder;
}

/** Moves the clock on by `ms`. */
export const later = (state: World, ms: number) => state.setClock(state.now() + ms);

/** Every member's balance is the sum of their ledger and its last balanceAfter. */
export function expectLedgersSum(state: World) {
  for (const [openId, account] of state.data.accounts) {
    const sum = account.ledger.reduce((total, entry) => total + entry.amount, 0);
    expect(state.books.balance(openId), openId).toBe(sum);
    expect(account.ledger.at(-1)?.balanceAfter ?? 0, openId).toBe(sum);
  }
}

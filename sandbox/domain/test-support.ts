/** For the money domain's tests: a sandbox state with its clock frozen, from an empty order book, and helpers to act on it. */
import { expect } from "vitest";
import { loadFixtures, withoutHistory } from "../fixtures";
import { SandboxState } from "../state";
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

export function setup(stateFile?: string) {
  const state = new SandboxState(fixtures, { stateFile });
  state.setClock(Date.now(), true);
  return { state };
}

export const buy = (overrides: Partial<PlaceOrder> = {}): PlaceOrder => ({ offerId: PORK_CHOP_BUN, quantity: 2, mcoinUsed: 300, adult: false, ...overrides });

export function placed(state: SandboxState, openId: string, order: PlaceOrder = buy()) {
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

/** Moves the sandbox clock on by `ms` (frozen). */
export const later = (state: SandboxState, ms: number) => state.setClock(state.now() + ms, true);

/** Every member's balance is the sum of their ledger and its last balanceAfter. */
export function expectLedgersSum(state: SandboxState) {
  for (const [openId, account] of state.data.accounts) {
    const sum = account.ledger.reduce((total, entry) => total + entry.amount, 0);
    expect(state.books.balance(openId), openId).toBe(sum);
    expect(account.ledger.at(-1)?.balanceAfter ?? 0, openId).toBe(sum);
  }
}

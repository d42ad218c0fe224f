/**
 * The books the money domain's aggregates share (docs/money.md): the members' accounts (each
 * member's ledger, opened with nothing for a member who has none yet), the sandbox clock, the change
 * signal that persists them, and the work that falls due on the clock.
 *
 * The aggregates are order-book.ts (orders and their settlement), after-sale.ts, promotions.ts
 * (flash sales, seckills, check-in), miles.ts (Asia Miles) and favourites.ts (likes and
 * favourites). Each checks and applies its rules in one synchronous step (no await anywhere in the
 * money domain), so no burst of concurrent requests can interleave between a check and its write;
 * a refusal returns before anything is written.
 *
 * Expiry is lazy: every read or write of orders and ledgers first does what is due on the sandbox
 * clock (`closeDue`), across the aggregates in the order it fell due, so it holds whether or not
 * anybody looked in time, and across a restart with --state.
 */
import type { ShopRefusal } from "#core/api/shop-endpoints";
import type { Clock } from "./clock";
import { balanceOf, openAccount, post, type Account } from "./ledger";

export type Outcome<T> = { ok: true; value: T } | { ok: false; reason: ShopRefusal };

export const done = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const refused = <T>(reason: ShopRefusal): Outcome<T> => ({ ok: false, reason });

export interface BooksContext {
  /** Each member's account by open id (a reset or a reload replaces the map). */
  accounts(): Map<string, Account>;
  /** The sandbox clock. */
  clock: Clock;
  /** Told after every change, for persistence. */
  changed(): void;
}

/** Work due on the sandbox clock: when it fell due, an id that orders ties, and doing it. */
export interface DueWork {
  at: number;
  id: number;
  run(): void;
}

export class Books {
  private readonly context: BooksContext;
  private readonly sources: ((now: number) => DueWork[])[] = [];

  constructor(context: BooksContext) {
    this.context = context;
  }

  now(): number {
    return this.context.clock.now();
  }

  changed(): void {
    this.context.changed();
  }

  /** An aggregate's work that falls due on the clock, asked for at every `closeDue`; ties go in the order the sources were added. */
  onDue(source: (now: number) => DueWork[]): void {
    this.sources.push(source);
  }

  /** Does what is due on the sandbox clock, across the aggregates, in the order it fell due. */
  closeDue(): void {
    const now = this.now();
    const due = this.sources.flatMap((source) => source(now)).sort((a, b) => a.at - b.at || a.id - b.id);
    for (const work of due) work.run();
    if (due.length > 0) this.changed();
  }

  /** A member's account; one opens (with nothing) for a member who has none yet. */
  account(openId: string): Account {
    let account = this.context.accounts().get(openId);
    if (!account) {
      this.context.accounts().set(openId, openAccount(0, this.now()));
      // The account as the store keeps it (sandbox/store/tracked.ts).
      account = this.context.accounts().get(openId)!;
    }
    return account;
  }

  /** A member's account if they have one, without opening one (for reads that must change nothing). */
  existing(openId: string): Account | undefined {
    return this.context.accounts().get(openId);
  }

  balance(openId: string): number {
    this.closeDue();
    return balanceOf(this.account(openId));
  }

  revision(openId: string): number {
    this.closeDue();
    return this.account(openId).revision;
  }

  /** The member's ledger, newest first; `earned` keeps what added mCoin, `spent` what took it. */
  ledger(openId: string, direction?: "earned" | "spent") {
    this.closeDue();
    return this.account(openId)
      .ledger.filter((entry) => direction === undefined || (direction === "earned" ? entry.amount > 0 : entry.amount < 0))
      .reverse();
  }

  /** Sets a member's balance (a sandbox control): an `adjustment` entry of the difference. */
  adjustBalance(openId: string, point: number): void {
    const account = this.account(openId);
    const difference = point - this.balance(openId);
    if (difference === 0) return;
    post(account, { type: "adjustment", amount: difference, at: this.now() });
    this.changed();
  }
}

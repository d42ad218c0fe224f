/**
 * Merchants' tills (docs/money.md, "Merchants' tills"): a till is a store's, and a store whose till
 * keeps entering codes that redeem nothing (unknown, used, expired, another store's) is refused for
 * the rest of the minute, before any code is looked at, so guessing the 12-digit codes is as slow
 * as a cashier typing. Counted on the sandbox clock, per store; a reset forgets it, as a restart does.
 */

/** Codes that redeem nothing a store's till may enter in a minute. */
export const MAX_FAILED_CODES_PER_MINUTE = 10;
const MINUTE_MS = 60_000;

export class TillGuard {
  /** Store id → when its failed codes were entered, oldest first (at most the limit's worth). */
  private readonly failures = new Map<number, number[]>();

  /** When the store's till may try again, or null when it may now. */
  blockedUntil(storeId: number, now: number): number | null {
    const recent = this.recent(storeId, now);
    return recent.length >= MAX_FAILED_CODES_PER_MINUTE ? recent[0] + MINUTE_MS : null;
  }

  /** The store's till entered a code that redeemed nothing. */
  failed(storeId: number, now: number): void {
    const recent = this.recent(storeId, now);
    recent.push(now);
    if (recent.length > MAX_FAILED_CODES_PER_MINUTE) recent.shift();
    this.failures.set(storeId, recent);
  }

  clear(): void {
    this.failures.clear();
  }

  /** The store's failures within the minute before `now`. */
  private recent(storeId: number, now: number): number[] {
    return (this.failures.get(storeId) ?? []).filter((at) => at > now - MINUTE_MS && at <= now);
  }
}

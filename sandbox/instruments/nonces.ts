/**
 * The secure gateway's nonces seen within its replay window (sandbox/handlers/secure-gateway.ts), in
 * real time: a nonce used twice in the window is a replay.
 */

/**
 * Nonces kept for the replay window. Only correctly signed requests add one; past this many the
 * gateway refuses new requests until the window moves on, rather than forget a nonce and allow a replay.
 */
export const MAX_NONCES = 100_000;

export type NonceCheck = "fresh" | "reused" | "full";

export class Nonces {
  /** nonce → when it was seen, oldest first */
  private seen = new Map<string, number>();

  /** Remembers a nonce: fresh, reused within the replay window, or refused because the window is full. */
  use(nonce: string, windowMs: number): NonceCheck {
    const now = Date.now();
    for (const [old, at] of this.seen) {
      if (now - at <= windowMs) break;
      this.seen.delete(old);
    }
    if (this.seen.has(nonce)) return "reused";
    if (this.seen.size >= MAX_NONCES) return "full";
    this.seen.set(nonce, now);
    return "fresh";
  }

  clear(): void {
    this.seen.clear();
  }
}

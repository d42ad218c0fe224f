/**
 * One cap, across a process, on the bytes of request bodies held by requests not yet answered: a
 * per-request limit alone lets many slow requests hold many times it at once. Each request claims
 * bytes as it buffers them; past the cap the claim fails and the server refuses the request (503);
 * the claim is released once, however the request ends (its response's `close`).
 */
import type { ServerResponse } from "node:http";

export class BodyBudget {
  private used = 0;

  /** `limit`: the bytes all unanswered requests may hold at once. */
  constructor(readonly limit: number) {}

  /** Bytes held now. */
  get held(): number {
    return this.used;
  }

  /** A claim for the request `res` answers, released when it closes. */
  claimFor(res: ServerResponse): BodyClaim {
    const claim = new BodyClaim(this);
    res.once("close", () => claim.release());
    return claim;
  }

  /** @internal */
  take(bytes: number): boolean {
    if (this.used + bytes > this.limit) return false;
    this.used += bytes;
    return true;
  }

  /** @internal */
  give(bytes: number): void {
    this.used -= bytes;
  }
}

/** What one request holds of a budget. */
export class BodyClaim {
  private bytes = 0;
  private released = false;

  constructor(private readonly budget: BodyBudget) {}

  /** Claims `bytes` more; false (nothing claimed) when the budget has not that much left. */
  add(bytes: number): boolean {
    if (this.released || !this.budget.take(bytes)) return false;
    this.bytes += bytes;
    return true;
  }

  /** Gives back all this request holds; a second call does nothing. */
  release(): void {
    if (this.released) return;
    this.released = true;
    this.budget.give(this.bytes);
    this.bytes = 0;
  }
}

/**
 * The sandbox clock: real time moved by an offset, or frozen at an instant (POST /__sandbox/clock).
 * Every rule of the domain reads it (it is the domain's Clock, sandbox/domain/clock.ts); what is due
 * on it (an unpaid order's window, a refund's processing) is done when it is next read, so moving it
 * moves them.
 */
export class SandboxClock {
  private offsetMs = 0;
  private frozenAt: number | null = null;

  /** The sandbox's time: what /api/system/time returns. */
  now(): number {
    return this.frozenAt ?? Date.now() + this.offsetMs;
  }

  /** Sets the clock to `at` (it keeps running unless frozen), or back to real time with null. */
  set(at: number | null, frozen = false): void {
    if (at === null) {
      this.offsetMs = 0;
      this.frozenAt = null;
      return;
    }
    this.offsetMs = at - Date.now();
    this.frozenAt = frozen ? at : null;
  }

  /** What GET /__sandbox/clock answers. */
  info() {
    return { now: this.now(), iso: new Date(this.now()).toISOString(), offsetMs: this.offsetMs, frozen: this.frozenAt !== null };
  }
}

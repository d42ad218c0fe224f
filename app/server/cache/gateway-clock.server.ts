/**
 * The gateway's clock as the server last read it, per gateway: the reading (taken at the middle of
 * the round trip, as the page takes its own: lib/time/page-clock.ts) against the server's monotonic
 * clock. Clocks run at the same rate, so for MCOIN_CLOCK_KEEP_S after a reading the gateway's time is
 * the reading plus the time elapsed here; a read asked while another is in flight waits for that one.
 * Screens with a countdown or a "today" asked the gateway's clock on every visit: home did, for every
 * member, beside the member's own balance.
 *
 * One per process, made by the server and handed to every request (services.server.ts).
 */
export class GatewayClocks {
  readonly #clocks = new Map<string, { sentAt: number; offset: Promise<number>; settled: boolean }>();

  /** @param keepMs how long a reading is carried (MCOIN_CLOCK_KEEP_S); 0 reads the gateway every time. */
  constructor(readonly keepMs: number) {}

  /**
   * The time of the gateway at `apiBase` now, in epoch milliseconds: from the last reading while it
   * is younger than `keepMs`, else from `read()` (the gateway's own time). `fresh` reads the gateway
   * whatever the age (a member back on the tab: spec section 4), unless a reading is still in flight;
   * what it reads is kept for the others. A failed read rejects as `read()` did, and is not kept.
   */
  async now(apiBase: string, read: () => Promise<number>, { fresh = false }: { fresh?: boolean } = {}): Promise<number> {
    if (this.keepMs === 0) return read();
    let kept = this.#clocks.get(apiBase);
    if (!kept || performance.now() - kept.sentAt >= this.keepMs || (fresh && kept.settled)) {
      const sentAt = performance.now();
      // The offset of the gateway's clock from the monotonic one, the reading placed mid-trip.
      const offset = read().then((sysTime) => {
        entry.settled = true;
        return sysTime - (sentAt + performance.now()) / 2;
      });
      const entry = { sentAt, offset, settled: false };
      this.#clocks.set(apiBase, entry);
      offset.catch(() => this.#clocks.get(apiBase) === entry && this.#clocks.delete(apiBase));
      kept = entry;
    }
    return Math.round(performance.now() + (await kept.offset));
  }
}

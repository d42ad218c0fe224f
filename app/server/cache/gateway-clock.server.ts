/**
 * The gateway's clock as the server last read it, per gateway: the reading (taken at the middle of
 * the round trip, as the page takes its own: lib/time/page-clock.ts) against the server's monotonic
 * clock. Clocks run at the same rate, so for MCOIN_CLOCK_KEEP_S after a reading the gateway's time is
 * the reading plus the time elapsed here; a read asked while another is in flight waits for that one.
 * Screens with a countdown or a "today" asked the gateway's clock on every visit: home did, for every
 * member, beside the member's own balance.
 */
import { clockKeepMs } from "../config.server";

const gatewayClocks = new Map<string, { sentAt: number; offset: Promise<number> }>();

/**
 * The time of the gateway at `apiBase` now, in epoch milliseconds: from the server's last reading
 * while it is younger than MCOIN_CLOCK_KEEP_S, else from `read()` (the gateway's own time). A failed
 * read rejects as `read()` did, and is not kept.
 */
export async function gatewayClockNow(apiBase: string, read: () => Promise<number>): Promise<number> {
  if (clockKeepMs === 0) return read();
  let kept = gatewayClocks.get(apiBase);
  if (!kept || performance.now() - kept.sentAt >= clockKeepMs) {
    const sentAt = performance.now();
    // The offset of the gateway's clock from the monotonic one, the reading placed mid-trip.
    const offset = read().then((sysTime) => sysTime - (sentAt + performance.now()) / 2);
    const entry = { sentAt, offset };
    gatewayClocks.set(apiBase, entry);
    offset.catch(() => gatewayClocks.get(apiBase) === entry && gatewayClocks.delete(apiBase));
    kept = entry;
  }
  return Math.round(performance.now() + (await kept.offset));
}

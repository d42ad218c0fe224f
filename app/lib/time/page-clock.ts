/**
 * The page's one server clock (lib/time/server-clock.ts), and how it takes a reading from the mall:
 * GET /resources/time, timed with the clock's monotonic clock so the reading is placed at the middle
 * of the round trip. Concurrent requests for a reading share one.
 */
import { createServerClock } from "./server-clock";

export const serverClock = createServerClock();

let inFlight: Promise<void> | null = null;

export function syncServerClock(): Promise<void> {
  inFlight ??= (async () => {
    const sentAt = serverClock.monotonic();
    const response = await fetch("/resources/time", { cache: "no-store", headers: { Accept: "application/json" } });
    if (!response.ok) return;
    const body = (await response.json()) as { ok?: boolean; sysTime?: unknown };
    if (body.ok && typeof body.sysTime === "number") serverClock.sync(body.sysTime, sentAt, serverClock.monotonic());
  })()
    .catch(() => {
      // No reading this time: the clock keeps the one it has.
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

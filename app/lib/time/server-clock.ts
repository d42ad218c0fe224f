/**
 * The gateway's clock as seen from the page (docs/architecture.md, "Time"; issue "promotions", point 1): countdowns run
 * on it, never on the phone's own clock, which may be set wrong or change under the page.
 *
 * A reading of `/api/system/time` is taken at the middle of the round trip that fetched it: the
 * gateway's time when the reply arrives is its `sysTime` plus half the round trip. Time since is
 * measured with a monotonic clock (`performance.now()`), which a change of the phone's date cannot
 * move, so `now()` is the reading plus the monotonic time elapsed since it. Of several readings the
 * one with the shortest round trip wins (its midpoint is the least uncertain), unless it is older
 * than MAX_READING_AGE_MS: the phone may have slept, and a monotonic clock may or may not count sleep.
 */
export interface ServerClock {
  /**
   * Takes a reading: the gateway's `sysTime`, and the monotonic times the request was sent and its
   * reply received (both from `monotonic()`). Without `sentAt` it is an estimate (a loader's time,
   * of unknown age) that any measured reading replaces.
   */
  sync(sysTime: number, sentAt?: number, receivedAt?: number): void;
  /** The gateway's time now, in epoch milliseconds (the phone's clock before the first reading). */
  now(): number;
  /** Whether a reading has been taken. */
  readonly synced: boolean;
  /** Half the round trip of the reading in use: how far `now()` may be off, at most. */
  readonly uncertaintyMs: number;
  /** The monotonic clock readings are measured on. */
  monotonic(): number;
}

/** A reading older than this gives way to any newer one, whatever its round trip. */
export const MAX_READING_AGE_MS = 60_000;

interface Reading {
  /** The gateway's time at `at`. */
  serverTime: number;
  /** Monotonic time of the reading. */
  at: number;
  halfTrip: number;
}

export interface ClockSources {
  /** The phone's wall clock: only used before the first reading. */
  wall(): number;
  /** A monotonic clock in milliseconds. */
  monotonic(): number;
}

const browserSources: ClockSources = {
  wall: () => Date.now(),
  monotonic: () => (typeof performance !== "undefined" ? performance.now() : Date.now()),
};

export function createServerClock(sources: ClockSources = browserSources): ServerClock {
  let reading: Reading | null = null;
  return {
    sync(sysTime, sentAt, receivedAt = sources.monotonic()) {
      if (!Number.isFinite(sysTime)) return;
      if (sentAt === undefined) {
        if (reading === null || reading.halfTrip === Number.POSITIVE_INFINITY) reading = { serverTime: sysTime, at: receivedAt, halfTrip: Number.POSITIVE_INFINITY };
        return;
      }
      const trip = receivedAt - sentAt;
      if (!(trip >= 0) || !Number.isFinite(trip)) return;
      const candidate: Reading = { serverTime: sysTime + trip / 2, at: receivedAt, halfTrip: trip / 2 };
      const stale = reading !== null && candidate.at - reading.at > MAX_READING_AGE_MS;
      if (reading === null || stale || candidate.halfTrip <= reading.halfTrip) reading = candidate;
    },
    now() {
      return reading === null ? sources.wall() : reading.serverTime + (sources.monotonic() - reading.at);
    },
    get synced() {
      return reading !== null;
    },
    get uncertaintyMs() {
      return reading?.halfTrip ?? Number.POSITIVE_INFINITY;
    },
    monotonic: () => sources.monotonic(),
  };
}

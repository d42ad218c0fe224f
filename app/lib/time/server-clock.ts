/**
 * The gateway's clock as seen from the page: countdowns use it, never the phone's own clock
 * (DESIGN.md). `sync` takes a sysTime reading; `now` adds the time elapsed since.
 */
export interface ServerClock {
  sync(sysTime: number, receivedAt?: number): void;
  now(): number;
  /** Milliseconds to add to the local clock (0 before the first sync). */
  readonly offsetMs: number;
}

export function createServerClock(localNow: () => number = Date.now): ServerClock {
  let offset = 0;
  return {
    sync(sysTime, receivedAt = localNow()) {
      if (Number.isFinite(sysTime)) offset = sysTime - receivedAt;
    },
    now: () => localNow() + offset,
    get offsetMs() {
      return offset;
    },
  };
}

/**
 * The time the domain's rules read. The domain declares it and the sandbox's instruments satisfy it
 * (sandbox/instruments/clock.ts: real time moved or frozen by a control), so the domain never reaches
 * for the instruments; its tests hand it a clock of their own.
 */
export interface Clock {
  now(): number;
}

/** Real time: what lifetimes are counted on (login codes, tokens), whatever the sandbox clock says. */
export const WALL_CLOCK: Clock = { now: () => Date.now() };

/** A clock that reads what it was last set to: the seeded history's story time (history.ts), a test's. */
export class SetClock implements Clock {
  constructor(private at: number) {}

  now(): number {
    return this.at;
  }

  set(at: number): void {
    this.at = at;
  }
}

/**
 * How the sandbox waits: the `delay` fault, the added latency, a stub's fixed delay and the wallet's
 * delayed notices all wait through one Timer, so a test can hand the sandbox a timer of its own
 * (HeldTimer) and make a delay outlast a client's timeout without waiting for it in real time.
 */

export interface Timer {
  /** Resolves after `ms`. */
  sleep(ms: number): Promise<void>;
  /** Runs `work` after `ms` without keeping the process alive; returns how to cancel it. */
  after(ms: number, work: () => void): () => void;
}

/** Real time: setTimeout. */
export const REAL_TIMER: Timer = {
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  after(ms, work) {
    const timer = setTimeout(work, ms);
    timer.unref?.();
    return () => clearTimeout(timer);
  },
};

/**
 * For tests: every wait of a positive length is held until the test releases it, whatever its
 * length; a wait of none goes on at once, as it would in real time.
 */
export class HeldTimer implements Timer {
  private readonly waits = new Map<() => void, number>();
  private readonly watchers: ((ms: number) => void)[] = [];

  /** The lengths of the waits held now, in the order they began. */
  get held(): number[] {
    return [...this.waits.values()];
  }

  /** Resolves with a held wait's length once one is held (at once when one already is). */
  waiting(): Promise<number> {
    const [first] = this.waits.values();
    if (first !== undefined) return Promise.resolve(first);
    return new Promise((resolve) => this.watchers.push(resolve));
  }

  sleep(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => this.hold(resolve, ms));
  }

  after(ms: number, work: () => void): () => void {
    if (ms <= 0) {
      queueMicrotask(work);
      return () => {};
    }
    this.hold(work, ms);
    return () => this.waits.delete(work);
  }

  /** Ends every wait held now, as if its time had passed. */
  release(): void {
    const held = [...this.waits.keys()];
    this.waits.clear();
    for (const done of held) done();
  }

  private hold(done: () => void, ms: number): void {
    this.waits.set(done, ms);
    for (const watcher of this.watchers.splice(0)) watcher(ms);
  }
}

/** Work the sandbox scheduled for later in real time (the wallet's delayed notices); a reset cancels it. */
export class DeferredWork {
  private readonly timers = new Set<NodeJS.Timeout>();

  /** Runs `work` after `ms` of real time, unless cancelled first; it does not keep the process alive. */
  after(ms: number, work: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      work();
    }, ms);
    timer.unref?.();
    this.timers.add(timer);
  }

  cancelAll(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}

/** Work the sandbox scheduled for later (the wallet's delayed notices), through its timer (timer.ts); a reset cancels it. */
import type { Timer } from "./timer";

export class DeferredWork {
  private readonly cancels = new Set<() => void>();

  constructor(private readonly timer: Timer) {}

  /** Runs `work` after `ms`, unless cancelled first; it does not keep the process alive. */
  after(ms: number, work: () => void): void {
    const cancel = this.timer.after(ms, () => {
      this.cancels.delete(cancel);
      work();
    });
    this.cancels.add(cancel);
  }

  cancelAll(): void {
    for (const cancel of this.cancels) cancel();
    this.cancels.clear();
  }
}

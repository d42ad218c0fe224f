/**
 * The faults waiting to be injected (POST /__sandbox/faults; their kinds in core/controls/faults.ts),
 * in the order they were added: the front door (sandbox/front-door.ts) and the wallet's stand-in
 * take them as calls pass.
 */
import { familyOf, type Fault, type FaultFamily } from "#core/controls/faults";

/** A scenario needs a handful of faults; more is a runaway script, refused rather than kept. */
export const MAX_FAULTS = 100;

export class FaultQueue {
  private faults: Fault[] = [];
  private seq = 0;

  /** Adds a fault; undefined when MAX_FAULTS are already waiting. */
  add(fault: Omit<Fault, "id" | "percent"> & { percent?: number }): Fault | undefined {
    if (this.faults.length >= MAX_FAULTS) return undefined;
    const created = { ...fault, percent: fault.percent ?? 100, id: ++this.seq };
    this.faults.push(created);
    return created;
  }

  list(): Fault[] {
    return this.faults.map((fault) => ({ ...fault }));
  }

  clear(): void {
    this.faults = [];
  }

  /**
   * The fault of these families to apply to a call on `pathname`, if any: the first whose path the
   * call's contains and whose share draws this call. A counted fault counts down and goes at zero.
   */
  take(pathname: string, families: ReadonlySet<FaultFamily>, random: () => number = Math.random): Fault | undefined {
    const fault = this.faults.find(
      (candidate) => families.has(familyOf(candidate.kind)) && (pathname === candidate.path || pathname.includes(candidate.path)) && (candidate.percent >= 100 || random() * 100 < candidate.percent),
    );
    if (!fault) return undefined;
    if (fault.remaining !== null) {
      fault.remaining -= 1;
      if (fault.remaining <= 0) this.faults = this.faults.filter((candidate) => candidate !== fault);
    }
    return { ...fault };
  }
}

/**
 * "Late" for a request under a disturbance (bench/redis-pause.bench.ts): its reply took more than a
 * grace beyond its usual time, where a request's usual time is the 99th percentile of the requests of
 * the same kind (the load's label: "checkout", "home", "sign-in"…) in a stretch without it (the
 * caller's to pick: there, those sent once the load had warmed up and answered before the
 * disturbance began). A kind with fewer than MIN_SAMPLES requests in that stretch has no 99th
 * percentile of its own (of fewer than 100 values it is their maximum, which on a busy machine is
 * chance) and is held to that of every request in it.
 */

/** One request to the mall: its kind (the load's label), when it was sent (performance.now()) and how long its reply took, in ms. */
export interface Timing {
  what: string;
  sent: number;
  ms: number;
}

/** The nearest-rank percentile of sorted values. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

/** The fewest requests of a kind whose 99th percentile is its usual time. */
export const MIN_SAMPLES = 100;

export interface LateRequest extends Timing {
  /** The usual time it is held to, and by how much it exceeded it (negative when under). */
  usual: number;
  excess: number;
}

export interface Lateness {
  /** The usual time of each kind with MIN_SAMPLES requests or more, and from how many requests it was taken. */
  usual: Map<string, { ms: number; samples: number }>;
  /** The usual time of the other kinds: the 99th percentile of every request in the stretch. */
  overall: number;
  /** Requests judged. */
  judged: number;
  /** Those later than their usual time by more than the grace, the latest first. */
  late: LateRequest[];
  /** The judged request furthest over its usual time (null when none was judged). */
  worst: LateRequest | null;
}

const p99 = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    99,
  );

/** Judges the requests of `timings` that `judged` picks against the usual times of those `usual` picks, with `graceMs` of grace. */
export function judgeLateness(
  timings: readonly Timing[],
  { usual: givesUsual, judged: isJudged, graceMs }: { usual: (timing: Timing) => boolean; judged: (timing: Timing) => boolean; graceMs: number },
): Lateness {
  const before = timings.filter(givesUsual);
  const byKind = new Map<string, number[]>();
  for (const timing of before) {
    const values = byKind.get(timing.what) ?? [];
    values.push(timing.ms);
    byKind.set(timing.what, values);
  }
  const usual = new Map([...byKind].filter(([, values]) => values.length >= MIN_SAMPLES).map(([what, values]) => [what, { ms: p99(values), samples: values.length }]));
  const overall = p99(before.map((timing) => timing.ms));
  const judged = timings.filter(isJudged).map((timing) => {
    const held = usual.get(timing.what)?.ms ?? overall;
    return { ...timing, usual: held, excess: timing.ms - held };
  });
  const late = judged.filter((timing) => timing.excess > graceMs).sort((a, b) => b.excess - a.excess);
  const worst = judged.reduce<LateRequest | null>((max, timing) => (max === null || timing.excess > max.excess ? timing : max), null);
  return { usual, overall, judged: judged.length, late, worst };
}

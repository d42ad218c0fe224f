/**
 * Repeated differences told once with a count: a list of 30 offers whose pictures moved is one line,
 * `data.list[*].image: changed "…" → "…" (×30)`, not thirty; and a difference met in several
 * recordings is named once more at the end of the run with how many it was in.
 */
import { describeDifference, type Difference } from "./compare";

export interface DifferenceGroup {
  /** The path with every array index as `[*]`, e.g. `data.list[*].image`. */
  path: string;
  kind: Difference["kind"];
  /** How many differences the group stands for. */
  count: number;
  /** The first of them, whose values are shown. */
  first: Difference;
}

/** `data.list[3].image` → `data.list[*].image`. */
export function generalPath(path: string): string {
  return path.replace(/\[\d+\]/g, "[*]");
}

/** Differences at the same place up to array indexes, and of the same kind, as one group each, in order. */
export function groupDifferences(differences: readonly Difference[]): DifferenceGroup[] {
  const groups = new Map<string, DifferenceGroup>();
  for (const difference of differences) {
    const path = generalPath(difference.path);
    const key = `${difference.kind}\u0000${path}`;
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { path, kind: difference.kind, count: 1, first: difference });
  }
  return [...groups.values()];
}

/** One line per group: the first difference as it is, and how many more it stands for. */
export function describeGroup(group: DifferenceGroup): string {
  if (group.count === 1) return describeDifference(group.first);
  return `${describeDifference({ ...group.first, path: group.path })} (×${group.count}, first at ${group.first.path})`;
}

export interface RepeatedDifference {
  path: string;
  kind: Difference["kind"];
  /** The recordings it was met in, and how many times in all. */
  recordings: number;
  times: number;
}

/** Differences met in more than one recording (by place and kind), most widespread first. */
export function repeatedAcrossRecordings(perRecording: readonly (readonly Difference[])[]): RepeatedDifference[] {
  const seen = new Map<string, RepeatedDifference>();
  for (const differences of perRecording) {
    for (const group of groupDifferences(differences)) {
      const key = `${group.kind}\u0000${group.path}`;
      const known = seen.get(key) ?? { path: group.path, kind: group.kind, recordings: 0, times: 0 };
      known.recordings += 1;
      known.times += group.count;
      seen.set(key, known);
    }
  }
  return [...seen.values()].filter((repeated) => repeated.recordings > 1).sort((a, b) => b.recordings - a.recordings || b.times - a.times);
}

export function describeRepeated(repeated: RepeatedDifference): string {
  return `${repeated.path}: ${repeated.kind} in ${repeated.recordings} recordings (${repeated.times} time${repeated.times === 1 ? "" : "s"})`;
}

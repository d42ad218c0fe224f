/**
 * What a replay run prints and how it ends: a recording's line with its differences grouped
 * (./groups.ts), the notice of what was skipped, warnings about old recordings, and the exit code CI
 * reads.
 */
import { sourceOf, type RecordingFile } from "#harness/recording";
import { describeGroup, groupDifferences } from "./groups";
import type { Outcome } from "./replayer";

const DAY_MS = 86_400_000;

/** Recordings past the age limit, and those that do not say when they were made. */
export function ageWarnings(recordings: readonly RecordingFile[], maxAgeDays: number, now: number): string[] {
  const old: string[] = [];
  const undated: string[] = [];
  for (const file of recordings) {
    const { recordedAt } = file.recording;
    if (!recordedAt) {
      undated.push(sourceOf(file));
      continue;
    }
    const days = Math.floor((now - Date.parse(recordedAt)) / DAY_MS);
    if (days > maxAgeDays) old.push(`${sourceOf(file)} (recorded ${recordedAt}, ${days} days ago)`);
  }
  const warnings: string[] = [];
  if (old.length > 0) {
    warnings.push(`${plural(old.length, "recording is", "recordings are")} older than ${maxAgeDays} days and may no longer match the gateway; record again: ${old.join(", ")}`);
  }
  if (undated.length > 0)
    warnings.push(`${plural(undated.length, "recording has", "recordings have")} no recordedAt, so ${undated.length === 1 ? "its" : "their"} age is unknown: ${undated.join(", ")}`);
  return warnings;
}

export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

export function skipNotice(skipped: readonly { source: string; name: string; reason: string }[], allowSkips: boolean): string[] {
  if (skipped.length === 0) return [];
  return [
    `NOT EVERYTHING WAS CHECKED: ${plural(skipped.length, "recording was", "recordings were")} skipped:`,
    ...skipped.map((outcome) => `  - ${outcome.source} (${outcome.name}): ${outcome.reason}`),
    allowSkips ? "--allow-skips: the skips do not fail the run" : "a skip fails the run (exit 1); pass --allow-skips to accept them",
  ];
}

/**
 * The run's exit code, as CI reads it: 1 when anything differed or failed, when nothing at all was
 * checked, or when anything was skipped (unless skips are allowed); else 0.
 */
export function replayExitCode(summary: { checked: number; failed: number; skipped: number; differed: number }, allowSkips: boolean): 0 | 1 {
  if (summary.differed > 0 || summary.failed > 0 || summary.checked === 0) return 1;
  return summary.skipped > 0 && !allowSkips ? 1 : 0;
}

/** A recording's line in the run, with its differences under it. */
export function outcomeLines(index: number, total: number, outcome: Outcome): string[] {
  const counter = `[${String(index).padStart(String(total).length)}/${total}]`;
  switch (outcome.result) {
    case "match":
      return [`${counter} ✓ ${outcome.name}`];
    case "skipped":
      return [`${counter} - ${outcome.name} (skipped: ${outcome.reason})`];
    case "error":
      return [`${counter} ✗ ${outcome.name}: ${outcome.message}`];
    case "differ": {
      const lines = [`${counter} ✗ ${outcome.name} (${outcome.source})`];
      if (outcome.status.expected !== outcome.status.actual) lines.push(`    status: expected ${outcome.status.expected}, got ${outcome.status.actual}`);
      for (const group of groupDifferences(outcome.differences)) lines.push(`    ${describeGroup(group)}`);
      return lines;
    }
  }
}

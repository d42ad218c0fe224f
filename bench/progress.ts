/**
 * `npm run bench`'s progress on stderr: a line as each benchmark starts (its name) and one as it
 * ends (its time and how many of its targets were met), so a run of many minutes says where it is.
 * Stderr, so stdout keeps only the report.
 */
import type { BenchResult } from "./report";

/** "3.4 s" under a minute, "2 min 05 s" above. */
export function elapsed(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, "0")} s`;
}

export function startLine(name: string, index: number, count: number): string {
  return `[bench ${index + 1}/${count}] ${name}…`;
}

/** The end of a benchmark: its time, and its targets met or missed (or the error that stopped it). */
export function endLine(name: string, index: number, count: number, ms: number, outcome: BenchResult[] | Error): string {
  const head = `[bench ${index + 1}/${count}] ${name}`;
  if (outcome instanceof Error) return `${head} failed after ${elapsed(ms)}: ${outcome.message.split("\n")[0]}`;
  const missed = outcome.filter((result) => !result.pass).length;
  return `${head} done in ${elapsed(ms)}: ${missed === 0 ? `pass (${outcome.length} of ${outcome.length} met)` : `fail (${missed} of ${outcome.length} missed)`}`;
}

/**
 * The tap bench's pure parts (bench/taps.bench.ts): what one journey's page recorded, how it becomes
 * the tap's time and its worst interaction, and how the rounds become a median with its spread. Kept
 * apart from the browser so they are unit-tested (taps.test.ts).
 */
import { median, needed, type ContentPart } from "./member-timing";

/** Issue 49's targets for a tap. */
export const TAP_TARGETS = {
  /** The next screen's content within this many times the bare client navigation's time. */
  ratio: 1.5,
  /** Back to a screen the spec keeps alive (home): its content within this many ms of the tap. */
  keptAliveMs: 150,
  /** Every interaction in a journey under this many ms (Event Timing duration, at CPU 4×). */
  interactionMs: 200,
} as const;

/**
 * A marked element of the next screen, as the page saw it after the tap: when Element Timing says it
 * was painted (null when it never reported it), and the first frame after the tap in which it was
 * visible (null when never seen). Elements already on screen at the tap (the old screen's) are left
 * out by the page.
 */
export interface Candidate {
  id: string;
  renderTime: number | null;
  shownAt: number | null;
}

/** An Event Timing entry (`PerformanceObserver` type `event`, `durationThreshold: 16`). */
export interface EventEntry {
  name: string;
  startTime: number;
  duration: number;
  /** 0 for an event that is part of no interaction (a pointermove, a pointerover). */
  interactionId: number;
}

/**
 * A part of the next screen's content: as the member-timing bench's, or `optional` for a screen whose
 * content in view depends on where it is scrolled (home: its balance at the top, its offer cards
 * further down): an optional part counts when some of it is in view, and at least one part must be.
 */
export type TapPart = ContentPart & { optional?: boolean };

/** What the page recorded for one tap (taps.bench.ts's init script). */
export interface TapRecord {
  /** The tap's event time: the click's `event.timeStamp` (or, for the system's back, the moment it was asked). */
  tap: number | null;
  candidates: Candidate[];
  events: EventEntry[];
}

/**
 * An element's time on the next screen: its paint after the tap; an element painted before the tap
 * (a screen kept alive, hidden and shown again) has no new paint, so the frame it came back in.
 */
export function candidateTime(candidate: Candidate, tap: number): number | null {
  if (candidate.renderTime !== null && candidate.renderTime >= tap) return candidate.renderTime;
  return candidate.shownAt;
}

/**
 * The next screen's content, in ms after the tap: per part the `needed`-th earliest element time,
 * then the latest over the parts; null while a part is short.
 */
export function tapTime(parts: TapPart[], record: TapRecord): number | null {
  if (record.tap === null) return null;
  const tap = record.tap;
  const onPage: Record<string, number> = {};
  for (const candidate of record.candidates) onPage[candidate.id] = (onPage[candidate.id] ?? 0) + 1;
  let latest = 0;
  let counted = 0;
  for (const part of parts) {
    const need = needed(part, onPage);
    if (need === 0 && part.optional) continue;
    if (need === 0) return null;
    counted++;
    const times = record.candidates
      .filter((candidate) => candidate.id === part.id)
      .map((candidate) => candidateTime(candidate, tap))
      .filter((time): time is number => time !== null)
      .sort((a, b) => a - b);
    if (times.length < need) return null;
    latest = Math.max(latest, times[need - 1]);
  }
  return counted === 0 ? null : latest - tap;
}

/** Why a tap has no time: each part's elements on the next screen and how many were painted or shown. */
export function whyUnmeasured(parts: TapPart[], record: TapRecord): string {
  if (record.tap === null) return "no click reached the page";
  return parts
    .map((part) => {
      const mine = record.candidates.filter((candidate) => candidate.id === part.id);
      return `${part.id}: ${mine.length} on the next screen, ${mine.filter((candidate) => candidateTime(candidate, record.tap!) !== null).length} painted or shown`;
    })
    .join("; ");
}

/**
 * The journey's worst interaction, as Chromium's INP takes it: the longest duration of an event that
 * belongs to an interaction (interactionId > 0); 0 when none reached 16 ms.
 */
export function worstInteraction(events: EventEntry[]): { duration: number; name: string } {
  let worst = { duration: 0, name: "none over 16 ms" };
  for (const entry of events) if (entry.interactionId > 0 && entry.duration > worst.duration) worst = { duration: entry.duration, name: entry.name };
  return worst;
}

/** The nearest-rank percentile (p in 0..100) of a list. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** A figure over the rounds: its median and its spread, p10–p90 (nearest rank). */
export interface Summary {
  median: number;
  p10: number;
  p90: number;
  count: number;
}

export function summarise(values: number[]): Summary {
  return { median: median(values), p10: percentile(values, 10), p90: percentile(values, 90), count: values.length };
}

export const ms = (value: number) => `${Math.round(value)} ms`;

/** "612 ms (p10–p90 540–700 ms, 9 rounds)". */
export function describeSummary(summary: Summary): string {
  return `${ms(summary.median)} (p10–p90 ${Math.round(summary.p10)}–${ms(summary.p90)}, ${summary.count} rounds)`;
}

/**
 * A slider drag's frames: each update's latency, from the move that asked for the new value to the frame
 * that showed it (taps.bench.ts's drag recorder).
 */
export interface DragFrame {
  input: number;
  frame: number;
}

export function dragLatencies(frames: DragFrame[]): number[] {
  return frames.map((frame) => frame.frame - frame.input);
}

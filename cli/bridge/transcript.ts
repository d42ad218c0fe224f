/**
 * A `mcoin bridge` transcript: every bridge call the mall made with its arguments and the scripted
 * host's answer, every host event, every step, and how the run ended (the page's path and text), as
 * JSON. Pure functions over it: checking expectations (at the end of a run, or later with
 * `mcoin bridge verify`) and comparing two runs (`mcoin bridge diff`), ignoring times and the
 * values that differ from run to run by nature (signatures, nonces, timestamps).
 */
import diff from "microdiff";
import type { Expectation } from "./scenario";

export type TranscriptEntry =
  | {
      kind: "call";
      seq: number;
      at: number;
      method: string;
      args: Record<string, unknown>;
      answer?: Record<string, unknown>;
      error?: { errorCode: number | string; errorMessage: string };
      timedOut?: true;
      note?: string;
    }
  | { kind: "event"; seq: number; at: number; event: string; detail?: Record<string, unknown> }
  | { kind: "step"; seq: number; at: number; step: unknown; ok: boolean; error?: string }
  /** A call the mall's server made to the gateway meanwhile (from the sandbox's call log). */
  | { kind: "gateway"; seq: number; at: number; method: string; path: string };

export interface ExpectationResult {
  expectation: Expectation;
  ok: boolean;
  message: string;
}

export interface Transcript {
  scenario: string;
  profile: unknown;
  startedAt: string;
  entries: TranscriptEntry[];
  /** Where the page ended, and the text it showed (for text expectations checked later). */
  final: { path: string; text: string };
  expectations: ExpectationResult[];
  ok: boolean;
}

/** Keys whose values differ between two runs of the same scenario by nature. */
export const VOLATILE_KEYS = new Set(["at", "seq", "timestamp", "nonceStr", "signature", "startedAt", "sysTime"]);

/** Every key of `subset` equals (deeply) the same key of `value`. */
export function matches(value: Record<string, unknown> | undefined, subset: Record<string, unknown> | undefined): boolean {
  if (!subset) return true;
  if (!value) return false;
  return Object.entries(subset).every(([key, expected]) => diff({ v: value[key] ?? null } as Record<string, unknown>, { v: expected ?? null } as Record<string, unknown>).length === 0);
}

const calls = (transcript: Pick<Transcript, "entries">, method: string) =>
  transcript.entries.filter((entry): entry is Extract<TranscriptEntry, { kind: "call" }> => entry.kind === "call" && entry.method === method);

const describe = (expectation: Expectation): string => {
  if ("text" in expectation) return `text ${JSON.stringify(expectation.text)} ${expectation.visible === false ? "not shown" : "shown"}`;
  if ("call" in expectation) {
    const count = expectation.times !== undefined ? ` ${expectation.times} time(s)` : expectation.atLeast !== undefined ? ` at least ${expectation.atLeast} time(s)` : "";
    return `call ${expectation.call}${expectation.args ? ` with ${JSON.stringify(expectation.args)}` : ""}${count}`;
  }
  if ("gateway" in expectation) {
    const count = expectation.times !== undefined ? ` ${expectation.times} time(s)` : expectation.atLeast !== undefined ? ` at least ${expectation.atLeast} time(s)` : "";
    return `gateway call ${expectation.method ?? ""} ${expectation.gateway}${count}`.replace("  ", " ");
  }
  if ("order" in expectation) return `calls in order: ${expectation.order.join(" → ")}`;
  return `ends on ${expectation.path}`;
};

/**
 * Checks one expectation against a transcript. Text is looked for in the page's final text unless a
 * live check says otherwise (`textShown`, from the running page).
 */
export function checkExpectation(transcript: Pick<Transcript, "entries" | "final">, expectation: Expectation, textShown?: (text: string) => boolean): ExpectationResult {
  const name = describe(expectation);
  if ("text" in expectation) {
    const shown = textShown ? textShown(expectation.text) : transcript.final.text.includes(expectation.text);
    const ok = shown === (expectation.visible !== false);
    return { expectation, ok, message: ok ? name : `expected ${name}, but it was ${shown ? "shown" : "not shown"}` };
  }
  if ("call" in expectation) {
    const made = calls(transcript, expectation.call);
    const matching = made.filter((entry) => matches(entry.args, expectation.args));
    const wanted = expectation.times ?? undefined;
    const ok = wanted !== undefined ? matching.length === wanted : matching.length >= (expectation.atLeast ?? 1);
    const seen =
      made.length === 0
        ? "it was never called"
        : `it was called ${matching.length} time(s) so${made.length > matching.length ? ` (and ${made.length - matching.length} time(s) with other arguments: ${JSON.stringify(made.find((entry) => !matches(entry.args, expectation.args))?.args)})` : ""}`;
    return { expectation, ok, message: ok ? name : `expected ${name}, but ${seen}` };
  }
  if ("gateway" in expectation) {
    const made = transcript.entries.filter((entry) => entry.kind === "gateway" && entry.path.includes(expectation.gateway) && (!expectation.method || entry.method === expectation.method));
    const ok = expectation.times !== undefined ? made.length === expectation.times : made.length >= (expectation.atLeast ?? 1);
    return { expectation, ok, message: ok ? name : `expected ${name}, but it was made ${made.length} time(s)` };
  }
  if ("order" in expectation) {
    const methods = transcript.entries.flatMap((entry) => (entry.kind === "call" ? [entry.method] : []));
    let position = 0;
    for (const method of methods) if (method === expectation.order[position]) position += 1;
    const ok = position >= expectation.order.length;
    return { expectation, ok, message: ok ? name : `expected ${name}, but ${expectation.order[position]} did not follow ${expectation.order.slice(0, position).join(" → ") || "the launch"}` };
  }
  const ok = transcript.final.path === expectation.path || transcript.final.path.split("?")[0] === expectation.path;
  return { expectation, ok, message: ok ? name : `expected ${name}, but it ended on ${transcript.final.path}` };
}

/** A transcript entry without what differs from run to run. */
export function normalize(entry: TranscriptEntry): Record<string, unknown> {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (value && typeof value === "object")
      return Object.fromEntries(
        Object.entries(value)
          .filter(([key]) => !VOLATILE_KEYS.has(key))
          .map(([key, inner]) => [key, strip(inner)]),
      );
    return value;
  };
  return strip(entry) as Record<string, unknown>;
}

const label = (entry: Record<string, unknown>) =>
  entry.kind === "call"
    ? `call ${String(entry.method)}`
    : entry.kind === "event"
      ? `event ${String(entry.event)}`
      : entry.kind === "gateway"
        ? `gateway ${String(entry.method)} ${String(entry.path)}`
        : `step ${JSON.stringify(entry.step)}`;

export type TranscriptDifference =
  | { type: "only-in-a"; index: number; entry: string }
  | { type: "only-in-b"; index: number; entry: string }
  | { type: "changed"; indexA: number; indexB: number; entry: string; changes: { path: string; type: string; a?: unknown; b?: unknown }[] };

/**
 * The differences between two transcripts: entries are aligned by what they are (the call's method,
 * the event, the step: a longest common subsequence), then aligned entries are compared field by field.
 */
export function diffTranscripts(a: Pick<Transcript, "entries">, b: Pick<Transcript, "entries">, options: { gateway?: boolean } = {}): TranscriptDifference[] {
  const left = canonical(a.entries, options.gateway ?? false);
  const right = canonical(b.entries, options.gateway ?? false);
  const key = (entry: Record<string, unknown>) => label(entry);
  // Longest common subsequence of the labels.
  const table = Array.from({ length: left.length + 1 }, () => new Array<number>(right.length + 1).fill(0));
  for (let i = left.length - 1; i >= 0; i--) {
    for (let j = right.length - 1; j >= 0; j--) table[i][j] = key(left[i]) === key(right[j]) ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
  }
  const differences: TranscriptDifference[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length || j < right.length) {
    if (i < left.length && j < right.length && key(left[i]) === key(right[j])) {
      const changes = diff(left[i], right[j]).map((change) => ({
        path: change.path.join("."),
        type: change.type.toLowerCase(),
        ...("oldValue" in change ? { a: change.oldValue } : {}),
        ...("value" in change ? { b: change.value } : {}),
      }));
      if (changes.length > 0) differences.push({ type: "changed", indexA: i, indexB: j, entry: label(left[i]), changes });
      i += 1;
      j += 1;
    } else if (j >= right.length || (i < left.length && table[i + 1][j] >= table[i][j + 1])) {
      differences.push({ type: "only-in-a", index: i, entry: label(left[i]) });
      i += 1;
    } else {
      differences.push({ type: "only-in-b", index: j, entry: label(right[j]) });
      j += 1;
    }
  }
  return differences;
}

/**
 * The entries in an order two runs share. The steps and host events keep theirs; the calls a page
 * makes run concurrently (effects, loaders, the cashier's answer landing during one step or the next),
 * so they are compared as a set, sorted by what they are. Gateway calls are left out unless asked for:
 * the mall's server makes them concurrently too.
 */
function canonical(entries: TranscriptEntry[], gateway: boolean): Record<string, unknown>[] {
  const ordered = [...entries].sort((x, y) => x.seq - y.seq);
  const sorted = (list: TranscriptEntry[]) => list.map(normalize).sort((x, y) => (JSON.stringify(x) < JSON.stringify(y) ? -1 : JSON.stringify(x) > JSON.stringify(y) ? 1 : 0));
  return [
    ...ordered.filter((entry) => entry.kind === "step" || entry.kind === "event").map(normalize),
    ...sorted(ordered.filter((entry) => entry.kind === "call")),
    ...(gateway ? sorted(ordered.filter((entry) => entry.kind === "gateway")) : []),
  ];
}

/** A line per difference and per changed field, for a person (the CLI's printer escapes them). */
export function formatDifferences(differences: TranscriptDifference[]): string[] {
  if (differences.length === 0) return ["no differences"];
  return differences.flatMap((difference) => {
    if (difference.type === "only-in-a") return [`- #${difference.index} ${difference.entry} (only in A)`];
    if (difference.type === "only-in-b") return [`+ #${difference.index} ${difference.entry} (only in B)`];
    return [
      `~ #${difference.indexA}/#${difference.indexB} ${difference.entry}`,
      ...difference.changes.map((change) => `    ${change.path}: ${JSON.stringify(change.a)} → ${JSON.stringify(change.b)}`),
    ];
  });
}

const short = (value: unknown, max = 160) => {
  const text = JSON.stringify(value) ?? "";
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};

/** One entry as the terminal shows it: its lines, for the printer (cli/terminal-text.ts). */
export function formatEntry(entry: TranscriptEntry): string[] {
  const number = `#${String(entry.seq).padStart(3, " ")}`;
  if (entry.kind === "call") {
    const answer = entry.timedOut ? "(no answer: timeout)" : entry.error ? `✗ ${entry.error.errorCode} ${entry.error.errorMessage}` : short(entry.answer ?? {});
    return [`${number} → ${entry.method} ${short(entry.args)}`, `       ← ${answer}${entry.note ? `  (${entry.note})` : ""}`];
  }
  if (entry.kind === "event") return [`${number} ⚑ host ${entry.event}${entry.detail ? ` ${short(entry.detail)}` : ""}`];
  if (entry.kind === "gateway") return [`${number}   gateway ${entry.method} ${entry.path}`];
  return [`${number} ▸ ${short(entry.step)}`, ...(entry.ok ? [] : [`       ✗ ${entry.error}`])];
}

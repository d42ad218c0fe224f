/**
 * The search for the nearest name: how far apart two short texts are, and which of a few known names
 * a misspelt one most likely meant. The CLI's "did you mean", the sandbox's near misses and the
 * harness's closest recorded exchange all measure with it.
 */

/** The number of single-character edits (insertions, deletions, substitutions) from `a` to `b`. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length];
}

/** The candidate nearest to `word` (case ignored) when it is near enough to be a misspelling of it. */
export function nearest(word: string, candidates: readonly string[]): string | undefined {
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (!best || distance < best.distance) best = { candidate, distance };
  }
  return best && best.distance <= Math.max(2, Math.floor(word.length / 3)) ? best.candidate : undefined;
}

/**
 * Screens kept alive in the page (spec: home is "kept alive"): a screen's data, and what the member
 * loaded on top of it (more pages), kept by URL so that coming back shows it again without asking
 * the server. Entries expire, and anything that changes what they show clears them.
 *
 * The member's money can change what every kept screen shows (a balance, a sold count), so the root
 * reports the member's revision after each of its loads (every document, every action) and every
 * kept screen is forgotten when it moves. While an order awaits payment nothing is kept at all: the
 * wallet can settle it, or its time run out, without the page doing anything. No action has to
 * remember to clear a cache.
 */
export interface KeepAlive<T> {
  get(key: string): T | undefined;
  set(key: string, value: T): void;
  update(key: string, change: (value: T) => T): void;
  clear(): void;
}

const caches = new Set<KeepAlive<unknown>>();

/** What the root last said of the member's data; null when signed out or unknown. */
export interface MemberRevision {
  revision: number;
  /** Orders awaiting payment. */
  pending: number;
}
let member: MemberRevision | null | undefined;

/** Called by the root with what each of its loads said; forgets every kept screen when it changed. */
export function reportMemberRevision(next: MemberRevision | null): void {
  // The first report describes the page that was just rendered: what it kept is current.
  if (member !== undefined && (next === null || member === null || next.revision !== member.revision)) clearKeptAlive();
  member = next;
}

const keeping = () => !member || member.pending === 0;

/** A keep of entries for `maxAgeMs` each; past `maxEntries`, the oldest kept is forgotten first. */
export function createKeepAlive<T>(maxAgeMs: number, now: () => number = Date.now, maxEntries = Number.POSITIVE_INFINITY): KeepAlive<T> {
  const entries = new Map<string, { value: T; at: number }>();
  const cache: KeepAlive<T> = {
    get(key) {
      if (!keeping()) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now() - entry.at > maxAgeMs) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value) {
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, { value, at: now() });
    },
    update(key, change) {
      const entry = entries.get(key);
      if (entry) entry.value = change(entry.value);
    },
    clear() {
      entries.clear();
    },
  };
  caches.add(cache as KeepAlive<unknown>);
  return cache;
}

/** Forgets every kept screen (after a purchase, a new location, a new session). */
export function clearKeptAlive(): void {
  for (const cache of caches) cache.clear();
}

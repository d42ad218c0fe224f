/**
 * Screens kept alive in the page (spec: home is "kept alive"): a screen's data, and what the member
 * loaded on top of it (more pages), kept by URL so that coming back shows it again without asking
 * the server. Entries expire, and anything that changes what they show clears them.
 */
export interface KeepAlive<T> {
  get(key: string): T | undefined;
  set(key: string, value: T): void;
  update(key: string, change: (value: T) => T): void;
  clear(): void;
}

const caches = new Set<KeepAlive<unknown>>();

export function createKeepAlive<T>(maxAgeMs: number, now: () => number = Date.now): KeepAlive<T> {
  const entries = new Map<string, { value: T; at: number }>();
  const cache: KeepAlive<T> = {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now() - entry.at > maxAgeMs) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value) {
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

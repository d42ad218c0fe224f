/**
 * Change tracking for the SQLite store (sqlite-store.ts): a write costs what it changes, so the
 * store must know which records a rule touched without the rules saying so. A TrackedMap marks a
 * key when it is set or deleted, and hands out its records wrapped in a proxy that marks the key on
 * any in-place edit, at any depth (an order's coupon's status, a ledger's push). Every path to a
 * record (get, iteration, the order book's indexes built from them) meets the same proxy, so a
 * reference kept across requests still marks its key.
 *
 * A Map value (the idempotency replies of a member) cannot be proxied (its slots are internal): its
 * own set, delete and clear are replaced on the instance, so the rules keep the same object.
 */

/** What a collection remembers between two flushes. */
export interface Marks {
  /** Keys set or edited in place: their rows are written. */
  changed: Set<string>;
  /** Keys deleted (perhaps set again after, moving them last, as a Map does): their rows are removed first. */
  deleted: Set<string>;
}

const RAW = Symbol("raw");

/** The plain object behind a tracked record (for JSON or structuredClone). */
export function raw<T>(value: T): T {
  return value !== null && typeof value === "object" ? (((value as Record<symbol, unknown>)[RAW] as T | undefined) ?? value) : value;
}

export class TrackedMap<V> extends Map<string, V> {
  readonly marks: Marks = { changed: new Set(), deleted: new Set() };
  private proxies = new WeakMap<object, object>();
  private readonly ready: boolean = false;

  constructor(entries?: Iterable<readonly [string, V]>) {
    super();
    for (const [key, value] of entries ?? []) this.set(key, value);
    this.ready = true;
  }

  override set(key: string, value: V): this {
    if (value instanceof Map) trackInner(value, this.marks, key);
    // Map's constructor calls set before the fields above exist.
    if (this.ready) this.marks.changed.add(key);
    return super.set(key, raw(value));
  }

  override delete(key: string): boolean {
    const had = super.delete(key);
    if (had) {
      this.marks.changed.delete(key);
      this.marks.deleted.add(key);
    }
    return had;
  }

  override clear(): void {
    for (const key of super.keys()) this.delete(key);
  }

  override get(key: string): V | undefined {
    return this.wrap(key, super.get(key));
  }

  override forEach(callback: (value: V, key: string, map: Map<string, V>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this);
  }

  override *entries(): MapIterator<[string, V]> {
    for (const [key, value] of super.entries()) yield [key, this.wrap(key, value) as V];
  }

  override *values(): MapIterator<V> {
    for (const [key, value] of super.entries()) yield this.wrap(key, value) as V;
  }

  override [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }

  /** The records as stored (no proxies): what a flush serializes. */
  rawGet(key: string): V | undefined {
    return super.get(key);
  }

  *rawEntries(): Generator<[string, V]> {
    yield* super.entries();
  }

  private wrap<T>(key: string, value: T): T {
    if (value === null || typeof value !== "object") return value;
    if (value instanceof Map) return trackInner(value, this.marks, key) as T;
    return deep(value, () => this.marks.changed.add(key), this.proxies) as T;
  }
}

function deep<T extends object>(target: T, mark: () => void, proxies: WeakMap<object, object>): T {
  const known = proxies.get(target);
  if (known) return known as T;
  const proxy = new Proxy(target, {
    get(object, property, receiver) {
      if (property === RAW) return object;
      const value: unknown = Reflect.get(object, property, receiver);
      return value !== null && typeof value === "object" ? deep(value, mark, proxies) : value;
    },
    set(object, property, value, receiver) {
      mark();
      return Reflect.set(object, property, raw(value), receiver);
    },
    deleteProperty(object, property) {
      mark();
      return Reflect.deleteProperty(object, property);
    },
    defineProperty(object, property, descriptor) {
      mark();
      return Reflect.defineProperty(object, property, descriptor);
    },
  });
  proxies.set(target, proxy);
  return proxy;
}

const innerMarks = new WeakMap<Map<unknown, unknown>, { marks: Marks; scope: string }>();

/** A nested map's changes mark `${scope}\u0000${key}` in the outer collection's marks. */
function trackInner<M extends Map<string, unknown>>(map: M, marks: Marks, scope: string): M {
  const known = innerMarks.get(map);
  if (known && known.marks === marks && known.scope === scope) return map;
  innerMarks.set(map, { marks, scope });
  const name = (key: string) => `${scope}\u0000${key}`;
  Object.defineProperties(map, {
    set: {
      configurable: true,
      value: (key: string, value: unknown) => {
        marks.changed.add(name(key));
        return Map.prototype.set.call(map, key, value);
      },
    },
    delete: {
      configurable: true,
      value: (key: string) => {
        const had = Map.prototype.delete.call(map, key);
        if (had) {
          marks.changed.delete(name(key));
          marks.deleted.add(name(key));
        }
        return had;
      },
    },
    clear: {
      configurable: true,
      value: () => {
        for (const key of [...Map.prototype.keys.call(map)] as string[]) (map.delete as (key: string) => boolean)(key);
      },
    },
  });
  return map;
}

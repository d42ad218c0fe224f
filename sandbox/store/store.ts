/**
 * The persisted store: the data (data.ts) in SQLite (sqlite-store.ts), in the --state file or in
 * memory without one. The domain reads `data` afresh each time (a reset, a reload or an import
 * replaces it); its Maps track what the rules change (tracked.ts), and the sandbox flushes before
 * it replies, so whatever it acknowledged is committed.
 *
 * A --state file written before the store was SQLite (JSON, state-file.ts) is imported on the first
 * start and kept beside the database as `FILE.json`.
 */
import { closeSync, existsSync, openSync, readFileSync, readSync, renameSync, rmSync } from "node:fs";
import type { SandboxData } from "./data";
import { SqliteStore } from "./sqlite-store";
import { parseState, stateJson } from "./state-file";

export interface StoreOptions {
  /** With --state: where the data is kept. */
  file?: string;
  /** The data as the fixtures start it (the demo history played in). */
  seed(): SandboxData;
  /** Whether the catalog has an offer: a state file's order naming one it lacks is refused. */
  offerExists(offerId: number): boolean;
}

export class Store {
  #data: SandboxData | null = null;
  #db: SqliteStore | null = null;
  #committing: Promise<void> | null = null;
  /** Transactions committed: a flush with nothing changed commits none. */
  commits = 0;

  constructor(private readonly options: StoreOptions) {}

  /** Loads the database, imports an older JSON state file, or seeds from the fixtures; call once, before anything reads the data. */
  open(): void {
    const { file } = this.options;
    const json = file && isJson(file) ? readFileSync(file, "utf8") : null;
    if (file && json !== null) {
      renameSync(file, keptJsonPath(file));
      // A write-ahead log beside a JSON file belongs to no database of it: it must not be replayed into the new one.
      for (const stale of [`${file}-wal`, `${file}-shm`]) rmSync(stale, { force: true });
    }
    const db = new SqliteStore(file ?? ":memory:");
    this.#db = db;
    const imported = json === null ? null : this.parse(json, file!);
    this.#data = imported ? SqliteStore.track(imported) : db.hasData() ? db.load() : SqliteStore.track(this.options.seed());
    this.flush();
  }

  get data(): SandboxData {
    if (!this.#data) throw new Error("the store is not open yet");
    return this.#data;
  }

  private get db(): SqliteStore {
    if (!this.#db) throw new Error("the store is not open yet");
    return this.#db;
  }

  /** Back to the fixtures. */
  reset(): void {
    this.#data = SqliteStore.track(this.options.seed());
  }

  /**
   * Told after every change. The Maps track what changed themselves; this commits it at the end of
   * the turn, so a change made outside a request (none is, today) is not left for the next one.
   */
  changed(): void {
    if (!this.#db) return;
    this.commit().catch((error: unknown) => console.error("sandbox: the state could not be committed", error));
  }

  /** Commits what changed: the sandbox calls it before it replies, so whatever it confirmed is on disk. */
  flush(): void {
    if (!this.db.dirty(this.data)) return;
    this.db.write(this.data);
    this.commits += 1;
  }

  /**
   * Commits what changed once the event loop's current turn is done: every request answered in that
   * turn waits for the one commit (one fsync) rather than each making its own. Resolves once it is
   * committed; rejects when the commit failed.
   */
  commit(): Promise<void> {
    this.#committing ??= new Promise<void>((resolve, reject) =>
      setImmediate(() => {
        this.#committing = null;
        try {
          this.flush();
          resolve();
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      }),
    );
    return this.#committing;
  }

  /** Commits what is left and closes the database (on close). */
  save(): void {
    this.flush();
  }

  /** What the next flush writes: records per collection (a test's view of "a write costs what it changes"). */
  changesOfNextFlush(): Record<string, number> {
    return this.db.pending(this.data);
  }

  /** A pragma's value on the store's connection (journal_mode, synchronous). */
  pragma(name: string): unknown {
    return (this.db.db.prepare(`PRAGMA ${name}`).get() as Record<string, unknown>)[name];
  }

  /** The data as JSON (state-file.ts's format): for fixtures and bug reports. */
  exportJson(): string {
    return stateJson(this.data);
  }

  /** Replaces the data with an export's (state-file.ts's format, older shapes too), committed at once. */
  importJson(text: string): void {
    const data = this.parse(text, "the import");
    if (!data) throw new Error("the import is not a sandbox state (version 1)");
    this.#data = SqliteStore.track(data);
    this.flush();
  }

  private parse(text: string, where: string): SandboxData | null {
    return parseState(
      text,
      where,
      () => this.options.seed(),
      (offerId) => this.options.offerExists(offerId),
    );
  }
}

/** Whether `file` is an older JSON state file rather than a SQLite database (which starts "SQLite format 3"). */
function isJson(file: string): boolean {
  if (!existsSync(file)) return false;
  const descriptor = openSync(file, "r");
  try {
    const head = Buffer.alloc(16);
    const read = readSync(descriptor, head, 0, 16, 0);
    return read > 0 && !head.subarray(0, read).toString("latin1").startsWith("SQLite format 3");
  } finally {
    closeSync(descriptor);
  }
}

/** Where an imported JSON state file is kept: FILE.json, or FILE.N.json when that is taken. */
function keptJsonPath(file: string): string {
  let kept = `${file}.json`;
  for (let n = 1; existsSync(kept); n += 1) kept = `${file}.${n}.json`;
  return kept;
}

/** What a --state database holds, committed, as an export's JSON (read through a connection of its own). */
export function exportStateFile(file: string): string {
  const db = new SqliteStore(file);
  try {
    return stateJson(db.load());
  } finally {
    db.close();
  }
}

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
import { SqliteStore, StateDatabase } from "./sqlite-store";
import { parseState, stateJson } from "./state-file";

export interface StoreOptions {
  /** With --state: where the data is kept (a database of its own is opened on it; none given, in memory). */
  file?: string;
  /**
   * The database the store shares with other tenants' stores (sandbox/tenants.ts), opened by
   * openStateDatabase; `file` is then not read.
   */
  database?: OpenedDatabase;
  /** The tenant whose rows are this store's: '' for the default tenant. */
  tenant?: string;
  /** The data as the fixtures start it (the demo history played in). */
  seed(): SandboxData;
  /** Whether the catalog has an offer: a state file's order naming one it lacks is refused. */
  offerExists(offerId: number): boolean;
}

export class Store {
  #data: SandboxData | null = null;
  #db: SqliteStore | null = null;
  /** A dropped tenant's store: it writes nothing more. */
  #detached = false;
  /** Transactions committed: a flush with nothing changed commits none. */
  commits = 0;

  constructor(private readonly options: StoreOptions) {}

  /** Loads the tenant's rows, imports an older JSON state file (the default tenant), or seeds from the fixtures; call once, before anything reads the data. */
  open(): void {
    const opened = this.options.database ?? openStateDatabase(this.options.file);
    const tenant = this.options.tenant ?? "";
    const db = new SqliteStore(opened.database, tenant);
    this.#db = db;
    const json = tenant === "" ? opened.takeOlderJson() : null;
    const imported = json === null ? null : this.parse(json.text, json.file);
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
    if (this.#detached || !this.db.dirty(this.data)) return;
    this.db.write(this.data);
    this.commits += 1;
  }

  /**
   * Commits what changed once the event loop's current turn is done: every request answered in that
   * turn, of any tenant, waits for the one commit (one fsync) rather than each making its own.
   * Resolves once it is committed; rejects when the commit failed.
   */
  commit(): Promise<void> {
    const db = this.db;
    let written: SandboxData | null = null;
    return db.database.commitSoon(this, {
      write: () => {
        const data = this.data;
        if (this.#detached || !db.dirty(data)) return;
        written = data;
        db.writeRows(data);
      },
      committed: () => {
        if (!written) return;
        db.committed(written);
        written = null;
        this.commits += 1;
      },
    });
  }

  /** The tenant is dropped: nothing it still holds is written (its rows are deleted by the caller). */
  detach(): void {
    this.#detached = true;
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
    return (this.db.database.db.prepare(`PRAGMA ${name}`).get() as Record<string, unknown>)[name];
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

/** A state database, and the older JSON state file it replaced, which the default tenant imports once. */
export interface OpenedDatabase {
  database: StateDatabase;
  /** The JSON state file's text and where it was, the first time only (null after, or when there was none). */
  takeOlderJson(): { text: string; file: string } | null;
}

/**
 * Opens the --state database (in memory without a file). A file holding an older JSON state is
 * moved aside to `FILE.json` first, its text handed to the default tenant's store to import.
 */
export function openStateDatabase(file: string | undefined): OpenedDatabase {
  let json = file && isJson(file) ? { text: readFileSync(file, "utf8"), file } : null;
  if (file && json) {
    renameSync(file, keptJsonPath(file));
    // A write-ahead log beside a JSON file belongs to no database of it: it must not be replayed into the new one.
    for (const stale of [`${file}-wal`, `${file}-shm`]) rmSync(stale, { force: true });
  }
  return {
    database: new StateDatabase(file ?? ":memory:"),
    takeOlderJson() {
      const taken = json;
      json = null;
      return taken;
    },
  };
}

/** What a --state database holds for a tenant ('' the default), committed, as an export's JSON (read through a connection of its own). */
export function exportStateFile(file: string, tenant = ""): string {
  const database = new StateDatabase(file);
  try {
    return stateJson(new SqliteStore(database, tenant).load());
  } finally {
    database.close();
  }
}

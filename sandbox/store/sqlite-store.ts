/**
 * The sandbox's data in SQLite (libsql, synchronous like better-sqlite3): a row per record, so a
 * flush writes what changed (tracked.ts marks it), in one transaction, committed before the reply
 * (docs/decisions/044-sqlite-store.md: the tables, durability, the idempotency bound).
 *
 * The rules work on the Maps of SandboxData as before (data.ts); here those Maps are TrackedMaps
 * loaded from the rows. A member's ledger is append-only: its entries are rows appended to
 * `ledger_entries`; the rest of the account is one row. Each table keys its records by the tenant
 * (sandbox/tenants.ts; '' is the default tenant) and the text key the Map uses: one database, one
 * connection (StateDatabase) holds every tenant, and a tenant's SqliteStore reads and writes its own
 * rows only.
 */
import Database from "libsql";
import { deflateRawSync, inflateRawSync } from "node:zlib";
import type { IdempotencyData, StoredReply } from "../domain/idempotency";
import type { LedgerEntry } from "#core/api/shop-endpoints";
import type { Account } from "../domain/ledger";
import type { SandboxData } from "./data";
import { TrackedMap, raw } from "./tracked";

/** The Map collections of SandboxData, each a table `(key TEXT PRIMARY KEY, value TEXT)` but accounts and idempotency. */
const PLAIN = ["members", "tokens", "authCodes", "taskRuns", "searchHistory", "offers", "orders", "seckills", "milesOrders"] as const;
type Plain = (typeof PLAIN)[number];
const TABLE: Record<Plain, string> = {
  members: "members",
  tokens: "login_tokens",
  authCodes: "login_codes",
  taskRuns: "task_runs",
  searchHistory: "searches",
  offers: "offer_counters",
  orders: "orders",
  seckills: "seckill_counters",
  milesOrders: "miles_orders",
};
/** The numbers of SandboxData, rows of `sequences`. */
const SCALARS = ["seededAt", "orderSeq", "milesSeq", "addressSeq"] as const;

const SCHEMA = `
${PLAIN.map((name) => `CREATE TABLE IF NOT EXISTS ${TABLE[name]} (tenant TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (tenant, key));`).join("\n")}
CREATE TABLE IF NOT EXISTS accounts (tenant TEXT NOT NULL, open_id TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (tenant, open_id));
CREATE TABLE IF NOT EXISTS ledger_entries (tenant TEXT NOT NULL, open_id TEXT NOT NULL, seq INTEGER NOT NULL, entry TEXT NOT NULL, PRIMARY KEY (tenant, open_id, seq));
CREATE TABLE IF NOT EXISTS idempotency_keys (tenant TEXT NOT NULL, scope TEXT NOT NULL, key TEXT NOT NULL, at INTEGER NOT NULL, fingerprint TEXT NOT NULL, status INTEGER NOT NULL, body BLOB NOT NULL, PRIMARY KEY (tenant, scope, key));
CREATE TABLE IF NOT EXISTS sequences (tenant TEXT NOT NULL, name TEXT NOT NULL, value INTEGER NOT NULL, PRIMARY KEY (tenant, name));
`;
/** Every table, and its columns after the tenant (how a database from before tenants is moved over). */
const TABLES: readonly [string, string][] = [
  ...PLAIN.map((name): [string, string] => [TABLE[name], "key, value"]),
  ["accounts", "open_id, value"],
  ["ledger_entries", "open_id, seq, entry"],
  ["idempotency_keys", "scope, key, at, fingerprint, status, body"],
  ["sequences", "name, value"],
];

/** A prepared statement, its parameters positional. */
interface Statement {
  run(...parameters: unknown[]): unknown;
  get(...parameters: unknown[]): unknown;
  all(...parameters: unknown[]): unknown[];
}

/** What a tenant's store writes when the database commits a turn's changes: its rows, then what it does once they are committed. */
export interface PendingWrite {
  write(): void;
  committed(): void;
}

/**
 * The database every tenant's store shares: one connection, its prepared statements, and the
 * commit of a turn. Stores with changes in the same turn of the event loop are written in one
 * transaction (one fsync), however many tenants they belong to.
 */
export class StateDatabase {
  readonly db: Database.Database;
  private readonly statements = new Map<string, Statement>();
  #pending = new Map<object, PendingWrite>();
  #committing: Promise<void> | null = null;

  constructor(readonly path: string) {
    this.db = new Database(path);
    // WAL with synchronous=FULL: a commit returns once the WAL is fsynced, so a committed
    // transaction survives kill -9 and a power loss (decision 044).
    this.db.pragma("journal_mode = WAL");
    this.db.pragma("synchronous = FULL");
    this.db.transaction(() => {
      this.moveToTenants();
      this.db.exec(SCHEMA);
    })();
  }

  statement(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql) as unknown as Statement;
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /** Runs `work` in one transaction. */
  transaction(work: () => void): void {
    this.db.transaction(work)();
  }

  /**
   * Writes `pending` with every other store's pending write of this turn, in one transaction once
   * the turn is done; resolves once committed, rejects when the commit failed. A store asking again
   * in the same turn replaces its earlier ask (`owner` names it).
   */
  commitSoon(owner: object, pending: PendingWrite): Promise<void> {
    this.#pending.set(owner, pending);
    this.#committing ??= new Promise<void>((resolve, reject) =>
      setImmediate(() => {
        const writes = [...this.#pending.values()];
        this.#pending.clear();
        this.#committing = null;
        try {
          this.transaction(() => {
            for (const each of writes) each.write();
          });
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        for (const each of writes) each.committed();
        resolve();
      }),
    );
    return this.#committing;
  }

  /** The tenants with data in the database ('' the default), in the order they were first written. */
  tenants(): string[] {
    return (this.statement("SELECT tenant FROM sequences WHERE name = 'seededAt' ORDER BY rowid").all() as { tenant: string }[]).map((row) => row.tenant);
  }

  /** Every row of a tenant, gone (committed at once). */
  dropTenant(tenant: string): void {
    this.transaction(() => {
      for (const [table] of TABLES) this.statement(`DELETE FROM ${table} WHERE tenant = ?`).run(tenant);
    });
  }

  close(): void {
    this.db.close();
  }

  /** A database written before tenants had no tenant column: its rows become the default tenant's, in their order. */
  private moveToTenants(): void {
    const columns = this.db.prepare("SELECT name FROM pragma_table_info('members')").all() as { name: string }[];
    if (columns.length === 0 || columns.some((column) => column.name === "tenant")) return;
    for (const [table] of TABLES) this.db.exec(`ALTER TABLE ${table} RENAME TO ${table}_before_tenants`);
    this.db.exec(SCHEMA);
    for (const [table, rest] of TABLES) {
      this.db.exec(`INSERT INTO ${table} (tenant, ${rest}) SELECT '', ${rest} FROM ${table}_before_tenants ORDER BY rowid`);
      this.db.exec(`DROP TABLE ${table}_before_tenants`);
    }
  }
}

/** One tenant's data in the shared database: what it loads, and what changed since it last wrote. */
export class SqliteStore {
  /** How many ledger entries each account has in its rows. */
  private readonly ledgerRows = new Map<string, number>();
  private scalars = new Map<string, number>();
  private written: SandboxData | null = null;

  constructor(
    readonly database: StateDatabase,
    /** '' for the default tenant. */
    readonly tenant = "",
  ) {}

  private statement(sql: string): Statement {
    return this.database.statement(sql);
  }

  /** Whether the database holds this tenant's data (a `seededAt` was written). */
  hasData(): boolean {
    return this.statement("SELECT value FROM sequences WHERE tenant = ? AND name = 'seededAt'").get(this.tenant) !== undefined;
  }

  /** The data in the rows, as tracked Maps. */
  load(): SandboxData {
    const { tenant } = this;
    const rows = (table: string) => this.statement(`SELECT key, value FROM ${table} WHERE tenant = ? ORDER BY rowid`).all(tenant) as { key: string; value: string }[];
    const plain = Object.fromEntries(PLAIN.map((name) => [name, new TrackedMap(rows(TABLE[name]).map(({ key, value }) => [key, JSON.parse(value) as unknown]))])) as unknown as Pick<
      SandboxData,
      Plain
    >;
    const ledgers = new Map<string, LedgerEntry[]>();
    for (const { open_id, entry } of this.statement("SELECT open_id, entry FROM ledger_entries WHERE tenant = ? ORDER BY open_id, seq").all(tenant) as { open_id: string; entry: string }[]) {
      const ledger = ledgers.get(open_id) ?? [];
      ledger.push(JSON.parse(entry) as LedgerEntry);
      ledgers.set(open_id, ledger);
    }
    const accounts = new TrackedMap<Account>(
      (this.statement("SELECT open_id, value FROM accounts WHERE tenant = ? ORDER BY rowid").all(tenant) as { open_id: string; value: string }[]).map(({ open_id, value }) => {
        const ledger = ledgers.get(open_id) ?? [];
        this.ledgerRows.set(open_id, ledger.length);
        return [open_id, { ...(JSON.parse(value) as Omit<Account, "ledger">), ledger }];
      }),
    );
    const idempotency: IdempotencyData = new TrackedMap();
    for (const row of this.statement("SELECT scope, key, at, fingerprint, status, body FROM idempotency_keys WHERE tenant = ? ORDER BY rowid").all(tenant) as (Omit<StoredReply, "body"> & {
      scope: string;
      key: string;
      body: Buffer;
    })[]) {
      // Rows carry a `_metadata` column of libsql's: the reply takes its own fields only.
      const { scope, key, body, at, fingerprint, status } = row;
      let replies = idempotency.get(scope);
      if (!replies) idempotency.set(scope, (replies = new Map()));
      replies.set(key, { at, fingerprint, status, body: inflateRawSync(body).toString("utf8") });
    }
    const sequences = new Map((this.statement("SELECT name, value FROM sequences WHERE tenant = ?").all(tenant) as { name: string; value: number }[]).map(({ name, value }) => [name, value]));
    const data: SandboxData = {
      ...plain,
      accounts,
      idempotency,
      seededAt: sequences.get("seededAt") ?? Date.now(),
      orderSeq: sequences.get("orderSeq") ?? 0,
      milesSeq: sequences.get("milesSeq") ?? 0,
      addressSeq: sequences.get("addressSeq") ?? 0,
    };
    this.scalars = sequences;
    this.forgetMarks(data);
    this.written = data;
    return data;
  }

  /** Plain Maps made tracked (seeded or imported data); write `all` of it next. */
  static track(data: SandboxData): SandboxData {
    const tracked = { ...data } as SandboxData;
    for (const name of PLAIN) (tracked as unknown as Record<Plain, TrackedMap<unknown>>)[name] = new TrackedMap(data[name] as Map<string, unknown>);
    tracked.accounts = new TrackedMap(data.accounts);
    tracked.idempotency = new TrackedMap([...data.idempotency].map(([scope, replies]) => [scope, new Map(replies)]));
    return tracked;
  }

  /** Writes what changed since the last write, in one transaction of its own; all of it when `data` is another object than last time. */
  write(data: SandboxData): void {
    this.database.transaction(() => this.writeRows(data));
    this.committed(data);
  }

  /**
   * The rows of what changed, written in the caller's transaction; `committed` once that commits.
   * All of it when `data` is another object than last time.
   */
  writeRows(data: SandboxData): void {
    const all = data !== this.written;
    if (all) this.clear();
    for (const name of PLAIN) this.writePlain(TABLE[name], data[name] as TrackedMap<unknown>, all);
    this.writeAccounts(data.accounts as TrackedMap<Account>, all);
    this.writeIdempotency(data.idempotency as TrackedMap<Map<string, StoredReply>>, all);
    for (const name of SCALARS) {
      if (!all && this.scalars.get(name) === data[name]) continue;
      this.statement("INSERT INTO sequences (tenant, name, value) VALUES (?, ?, ?) ON CONFLICT (tenant, name) DO UPDATE SET value = excluded.value").run(this.tenant, name, data[name]);
    }
  }

  /** What writeRows wrote is committed: its marks are forgotten and `data` is what the rows hold. */
  committed(data: SandboxData): void {
    for (const name of SCALARS) this.scalars.set(name, data[name]);
    this.forgetMarks(data);
    this.written = data;
  }

  /** How many records of each collection the next write would touch (a collection with none left out); sequences by name. */
  pending(data: SandboxData): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const name of [...PLAIN, "accounts", "idempotency"] as const) {
      const { marks } = data[name] as TrackedMap<unknown>;
      const touched = new Set([...marks.changed, ...marks.deleted]).size;
      if (touched > 0) counts[name] = touched;
    }
    const sequences = SCALARS.filter((name) => this.scalars.get(name) !== data[name]).length;
    if (sequences > 0) counts.sequences = sequences;
    return counts;
  }

  /** Whether anything is waiting to be written. */
  dirty(data: SandboxData): boolean {
    if (data !== this.written) return true;
    if (SCALARS.some((name) => this.scalars.get(name) !== data[name])) return true;
    return [...PLAIN.map((name) => data[name]), data.accounts, data.idempotency].some((map) => {
      const { marks } = map as TrackedMap<unknown>;
      return marks.changed.size > 0 || marks.deleted.size > 0;
    });
  }

  private clear(): void {
    for (const [table] of TABLES) this.statement(`DELETE FROM ${table} WHERE tenant = ?`).run(this.tenant);
    this.ledgerRows.clear();
    this.scalars.clear();
  }

  private forgetMarks(data: SandboxData): void {
    for (const map of [...PLAIN.map((name) => data[name]), data.accounts, data.idempotency]) {
      const { marks } = map as TrackedMap<unknown>;
      marks.changed.clear();
      marks.deleted.clear();
    }
  }

  private writePlain(table: string, map: TrackedMap<unknown>, all: boolean): void {
    const { tenant } = this;
    const remove = this.statement(`DELETE FROM ${table} WHERE tenant = ? AND key = ?`);
    const upsert = this.statement(`INSERT INTO ${table} (tenant, key, value) VALUES (?, ?, ?) ON CONFLICT (tenant, key) DO UPDATE SET value = excluded.value`);
    if (all) {
      for (const [key, value] of map.rawEntries()) upsert.run(tenant, key, JSON.stringify(value));
      return;
    }
    // Deleted first: a key deleted and set again moves last, as in the Map (a new rowid).
    for (const key of map.marks.deleted) remove.run(tenant, key);
    for (const key of new Set([...map.marks.deleted, ...map.marks.changed])) {
      const value = map.rawGet(key);
      if (value !== undefined) upsert.run(tenant, key, JSON.stringify(value));
    }
  }

  private writeAccounts(accounts: TrackedMap<Account>, all: boolean): void {
    const { tenant } = this;
    const keys = all ? [...accounts.keys()] : [...new Set([...accounts.marks.deleted, ...accounts.marks.changed])];
    for (const openId of keys) {
      const account = accounts.rawGet(openId);
      if (!all && accounts.marks.deleted.has(openId)) this.statement("DELETE FROM accounts WHERE tenant = ? AND open_id = ?").run(tenant, openId);
      if (!account) {
        this.statement("DELETE FROM ledger_entries WHERE tenant = ? AND open_id = ?").run(tenant, openId);
        this.ledgerRows.delete(openId);
        continue;
      }
      const { ledger, ...rest } = account;
      this.statement("INSERT INTO accounts (tenant, open_id, value) VALUES (?, ?, ?) ON CONFLICT (tenant, open_id) DO UPDATE SET value = excluded.value").run(tenant, openId, JSON.stringify(rest));
      let stored = this.ledgerRows.get(openId) ?? 0;
      // Append-only: only the entries past those stored are written (a shorter ledger is a new account).
      if (ledger.length < stored) {
        this.statement("DELETE FROM ledger_entries WHERE tenant = ? AND open_id = ?").run(tenant, openId);
        stored = 0;
      }
      const append = this.statement("INSERT OR REPLACE INTO ledger_entries (tenant, open_id, seq, entry) VALUES (?, ?, ?, ?)");
      for (let seq = stored; seq < ledger.length; seq += 1) append.run(tenant, openId, seq, JSON.stringify(raw(ledger[seq])));
      this.ledgerRows.set(openId, ledger.length);
    }
  }

  private writeIdempotency(idempotency: TrackedMap<Map<string, StoredReply>>, all: boolean): void {
    const { tenant } = this;
    const upsert = this.statement(
      "INSERT INTO idempotency_keys (tenant, scope, key, at, fingerprint, status, body) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (tenant, scope, key) DO UPDATE SET at = excluded.at, fingerprint = excluded.fingerprint, status = excluded.status, body = excluded.body",
    );
    const put = (scope: string, key: string, reply: StoredReply) => upsert.run(tenant, scope, key, reply.at, reply.fingerprint, reply.status, deflateRawSync(reply.body));
    if (all) {
      for (const [scope, replies] of idempotency.rawEntries()) for (const [key, reply] of replies) put(scope, key, reply);
      return;
    }
    const { changed, deleted } = idempotency.marks;
    for (const name of deleted) {
      const [scope, key] = name.split("\u0000") as [string, string | undefined];
      if (key === undefined) this.statement("DELETE FROM idempotency_keys WHERE tenant = ? AND scope = ?").run(tenant, scope);
      else this.statement("DELETE FROM idempotency_keys WHERE tenant = ? AND scope = ? AND key = ?").run(tenant, scope, key);
    }
    for (const name of new Set([...deleted, ...changed])) {
      const [scope, key] = name.split("\u0000") as [string, string | undefined];
      const replies = idempotency.rawGet(scope);
      if (!replies) continue;
      if (key === undefined) for (const [each, reply] of replies) put(scope, each, reply);
      else {
        const reply = replies.get(key);
        if (reply) put(scope, key, reply);
      }
    }
  }
}

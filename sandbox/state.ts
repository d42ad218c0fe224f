/**
 * The sandbox gateway's in-memory state, seeded from fixtures/. Members, tokens and login codes are
 * the persistent part (kept in a file with --state); the clock, injected faults and the call log
 * belong to the running process.
 *
 * Everything keyed by outside input (open ids, tokens, login codes, task runs, searches) is a Map,
 * so `__proto__` or `toString` is just a key that is not there. Maps also keep insertion order,
 * oldest first, which is what expiry and eviction walk. Whatever expires is dropped, and whatever is
 * kept has a bound: anyone can call the gateway.
 */
import { createHash, randomBytes } from "node:crypto";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { z } from "zod";
import { CatalogQueries } from "./catalog";
import { MemberFixtureSchema, type Fixtures, type MemberFixture } from "./fixtures";

export interface MemberRecord extends MemberFixture {}

export interface Login {
  openId: string;
  /** Real time (Date.now()), not the sandbox clock: lifetimes are real. */
  issuedAt: number;
}

export interface TaskRun {
  /** When the member last read the task's detail, on the sandbox clock. */
  detailAt: number;
  done: boolean;
}

export interface SandboxData {
  members: Map<string, MemberRecord>;
  /** token → the login it belongs to, oldest first */
  tokens: Map<string, Login>;
  /** single-use login codes handed out by the login page, oldest first */
  authCodes: Map<string, Login>;
  /** task-center progress per member ciphertext and task (`${cust}|${taskNo}`), least recently read first */
  taskRuns: Map<string, TaskRun>;
  /** each member's recent searches, newest first */
  searchHistory: Map<string, string[]>;
  /** when the sandbox was seeded: the catalog's relative dates count from here */
  seededAt: number;
}

export type FaultKind = "http500" | "http429" | "not-login" | "delay" | "garbage" | "not-found" | "network";
export const FAULT_KINDS: readonly FaultKind[] = ["http500", "http429", "not-login", "delay", "garbage", "not-found", "network"];

export interface Fault {
  id: number;
  /** A path, or a fragment of one, as in the spec's URL fragments. */
  path: string;
  kind: FaultKind;
  /** Calls left to fault. */
  remaining: number;
  delayMs: number;
}

export interface LoggedCall {
  seq: number;
  at: number;
  method: string;
  path: string;
  query: Record<string, string>;
  body?: unknown;
  openId?: string;
  fault?: FaultKind;
}

const MAX_LOG = 2000;
const MAX_SEARCH_HISTORY = 10;
/** A scenario needs a handful of faults; more is a runaway script, refused rather than kept. */
export const MAX_FAULTS = 100;
const HOUR_MS = 3_600_000;

/** Login codes are single-use and short-lived, like the wallet's. */
export const AUTH_CODE_TTL_MS = 5 * 60_000;
/** Anyone can ask the sign-in page for codes; past this many live ones the oldest goes first. */
export const MAX_AUTH_CODES = 10_000;
/** A session token lives a week of real time, then it is 'not login'. */
export const TOKEN_TTL_MS = 7 * 24 * HOUR_MS;
/** Each sign-in issues a token; a member keeps this many at most, the oldest dropped first. */
export const MAX_TOKENS_PER_MEMBER = 20;
/** Every task detail with a new ciphertext starts a run; past this many the oldest unfinished goes first. */
export const MAX_TASK_RUNS = 10_000;
/** A run not finished a day after its detail was abandoned (on the sandbox clock). */
export const TASK_RUN_TTL_MS = 24 * HOUR_MS;
/**
 * Nonces kept for the replay window. Only correctly signed requests add one; past this many the
 * gateway refuses new requests until the window moves on, rather than forget a nonce and allow a replay.
 */
export const MAX_NONCES = 100_000;

const LoginSchema = z.object({ openId: z.string(), issuedAt: z.number() });
const mapOf = <T extends z.ZodType>(value: T) => z.record(z.string(), value).transform((record) => new Map(Object.entries(record)));

/** What a --state file holds (each Map as an object); parts an older sandbox did not write start from the fixtures. */
const SavedDataSchema = z
  .object({
    members: mapOf(MemberFixtureSchema),
    tokens: mapOf(LoginSchema),
    authCodes: mapOf(LoginSchema),
    taskRuns: mapOf(z.object({ detailAt: z.number(), done: z.boolean() })),
    searchHistory: mapOf(z.array(z.string()).max(MAX_SEARCH_HISTORY)),
    seededAt: z.number(),
  })
  .partial();

export type NonceCheck = "fresh" | "reused" | "full";

export class SandboxState {
  data: SandboxData;
  private readonly fixtures: Fixtures;
  /** The catalog's queries (offers, stores, zones, ads). */
  readonly catalog: CatalogQueries;
  private readonly stateFile?: string;
  private saveTimer: NodeJS.Timeout | null = null;
  private clockOffsetMs = 0;
  private frozenAt: number | null = null;
  private faults: Fault[] = [];
  private calls: LoggedCall[] = [];
  private seq = 0;
  private faultSeq = 0;

  constructor(fixtures: Fixtures, options: { stateFile?: string } = {}) {
    this.fixtures = fixtures;
    this.catalog = new CatalogQueries(fixtures.catalog, () => this.data.seededAt);
    this.stateFile = options.stateFile;
    this.data = this.load() ?? this.seed();
    dropOlderThan(this.data.authCodes, AUTH_CODE_TTL_MS);
    dropOlderThan(this.data.tokens, TOKEN_TTL_MS);
    this.dropAbandonedTaskRuns();
  }

  /** Back to the fixtures: members, tokens, clock, faults and log. */
  reset(): void {
    this.data = this.seed();
    this.clockOffsetMs = 0;
    this.frozenAt = null;
    this.faults = [];
    this.calls = [];
    this.nonces.clear();
    this.changed();
  }

  get clause() {
    return this.fixtures.clause;
  }

  get gatewayKeys() {
    return this.fixtures.gatewayKeys;
  }

  // --- search history -------------------------------------------------------------------------

  /** A member's recent searches, newest first. */
  searches(openId: string): string[] {
    return this.data.searchHistory.get(openId) ?? [];
  }

  /** Remembers a member's search, newest first, ten at most. */
  rememberSearch(openId: string, keyword: string): void {
    const history = this.searches(openId).filter((item) => item !== keyword);
    this.data.searchHistory.set(openId, [keyword, ...history].slice(0, MAX_SEARCH_HISTORY));
    this.changed();
  }

  clearSearches(openId: string): void {
    this.data.searchHistory.delete(openId);
    this.changed();
  }

  // --- the task center ------------------------------------------------------------------------

  task(taskNo: string) {
    return this.fixtures.tasks.find((task) => task.taskNo === taskNo);
  }

  taskRun(cust: string, taskNo: string): TaskRun | undefined {
    return this.data.taskRuns.get(`${cust}|${taskNo}`);
  }

  /** A member read a task's detail: its run (re)starts counting now, and moves to the newest end. */
  readTaskDetail(cust: string, taskNo: string): TaskRun {
    const key = `${cust}|${taskNo}`;
    const run = { done: this.data.taskRuns.get(key)?.done ?? false, detailAt: this.now() };
    this.data.taskRuns.delete(key);
    this.dropAbandonedTaskRuns();
    if (this.data.taskRuns.size >= MAX_TASK_RUNS) this.evictOneTaskRun();
    this.data.taskRuns.set(key, run);
    this.changed();
    return run;
  }

  finishTaskRun(cust: string, taskNo: string): void {
    const run = this.taskRun(cust, taskNo);
    if (!run) return;
    run.done = true;
    this.changed();
  }

  /** Unfinished runs read more than TASK_RUN_TTL_MS ago, walking from the least recently read until a recent one. */
  private dropAbandonedTaskRuns(): void {
    const now = this.now();
    for (const [key, run] of this.data.taskRuns) {
      if (now - run.detailAt <= TASK_RUN_TTL_MS) break;
      if (!run.done) this.data.taskRuns.delete(key);
    }
  }

  /** The least recently read unfinished run, else (all finished) the least recently read one. */
  private evictOneTaskRun(): void {
    let victim: string | undefined;
    for (const [key, run] of this.data.taskRuns) {
      victim ??= key;
      if (!run.done) {
        victim = key;
        break;
      }
    }
    if (victim !== undefined) this.data.taskRuns.delete(victim);
  }

  // --- secure gateway nonces --------------------------------------------------------------------

  /** nonce → when it was seen, oldest first */
  private nonces = new Map<string, number>();

  /** Remembers a nonce: fresh, reused within the replay window, or refused because the window is full. */
  useNonce(nonce: string, windowMs: number): NonceCheck {
    const now = Date.now();
    for (const [seen, at] of this.nonces) {
      if (now - at <= windowMs) break;
      this.nonces.delete(seen);
    }
    if (this.nonces.has(nonce)) return "reused";
    if (this.nonces.size >= MAX_NONCES) return "full";
    this.nonces.set(nonce, now);
    return "fresh";
  }

  // --- the clock ------------------------------------------------------------------------------

  /** The sandbox's time: what /api/system/time returns. */
  now(): number {
    return this.frozenAt ?? Date.now() + this.clockOffsetMs;
  }

  /** Sets the clock to `at` (it keeps running unless frozen), or back to real time with null. */
  setClock(at: number | null, frozen = false): void {
    if (at === null) {
      this.clockOffsetMs = 0;
      this.frozenAt = null;
      return;
    }
    this.clockOffsetMs = at - Date.now();
    this.frozenAt = frozen ? at : null;
  }

  clockInfo() {
    return { now: this.now(), iso: new Date(this.now()).toISOString(), offsetMs: this.clockOffsetMs, frozen: this.frozenAt !== null };
  }

  // --- faults ---------------------------------------------------------------------------------

  /** Adds a fault; undefined when MAX_FAULTS are already waiting. */
  addFault(fault: Omit<Fault, "id">): Fault | undefined {
    if (this.faults.length >= MAX_FAULTS) return undefined;
    const created = { ...fault, id: ++this.faultSeq };
    this.faults.push(created);
    return created;
  }

  listFaults(): Fault[] {
    return this.faults.map((fault) => ({ ...fault }));
  }

  clearFaults(): void {
    this.faults = [];
  }

  /** The fault to apply to a call on `pathname`, if any; counts it down. */
  takeFault(pathname: string): Fault | undefined {
    const fault = this.faults.find((candidate) => pathname === candidate.path || pathname.includes(candidate.path));
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.faults = this.faults.filter((candidate) => candidate !== fault);
    return { ...fault };
  }

  // --- the call log ---------------------------------------------------------------------------

  logCall(call: Omit<LoggedCall, "seq" | "at">): LoggedCall {
    const entry = { ...call, seq: ++this.seq, at: Date.now() };
    this.calls.push(entry);
    if (this.calls.length > MAX_LOG) this.calls.splice(0, this.calls.length - MAX_LOG);
    return entry;
  }

  log(since = 0): LoggedCall[] {
    return this.calls.filter((call) => call.seq > since);
  }

  clearLog(): void {
    this.calls = [];
  }

  // --- members and logins ---------------------------------------------------------------------

  member(openId: string): MemberRecord | undefined {
    return this.data.members.get(openId);
  }

  memberByToken(token: string | null | undefined): MemberRecord | undefined {
    if (!token) return undefined;
    const login = this.data.tokens.get(token);
    if (!login || Date.now() - login.issuedAt > TOKEN_TTL_MS) return undefined;
    return this.member(login.openId);
  }

  issueToken(openId: string): string {
    dropOlderThan(this.data.tokens, TOKEN_TTL_MS);
    const own = [...this.data.tokens].filter(([, login]) => login.openId === openId);
    for (const [token] of own.slice(0, Math.max(0, own.length - MAX_TOKENS_PER_MEMBER + 1))) this.data.tokens.delete(token);
    const token = `sbx_${randomBytes(18).toString("base64url")}`;
    this.data.tokens.set(token, { openId, issuedAt: Date.now() });
    this.changed();
    return token;
  }

  revokeToken(token: string | null): void {
    if (!token || !this.data.tokens.delete(token)) return;
    this.changed();
  }

  issueAuthCode(openId: string): string {
    dropOlderThan(this.data.authCodes, AUTH_CODE_TTL_MS);
    for (const [oldest] of this.data.authCodes) {
      if (this.data.authCodes.size < MAX_AUTH_CODES) break;
      this.data.authCodes.delete(oldest);
    }
    const code = randomBytes(12).toString("hex");
    this.data.authCodes.set(code, { openId, issuedAt: Date.now() });
    this.changed();
    return code;
  }

  /** Redeems a login code once; undefined when it is unknown, used or expired. */
  redeemAuthCode(code: string): string | undefined {
    const entry = this.data.authCodes.get(code);
    if (!entry) return undefined;
    this.data.authCodes.delete(code);
    this.changed();
    return Date.now() - entry.issuedAt <= AUTH_CODE_TTL_MS ? entry.openId : undefined;
  }

  // --- the redacted view ----------------------------------------------------------------------

  /**
   * What GET /__sandbox/state shows: the business data and no secret (no token, login code or
   * member ciphertext). Shape:
   *
   *   {
   *     members: MemberRecord[],                 // every field: openId, nickname, point, amount, count, clauseStatus, addresses…
   *     searchHistory: { [openId]: string[] },   // newest first
   *     counts: { tokens, authCodes, taskRuns, taskRunsDone },
   *     seededAt: number,
   *     digest: string,                          // sha256 hex of the business data
   *   }
   *
   * The digest covers the members, the search histories, each task run's done flag, the counts and
   * seededAt (not when a run's detail was last read), so a test can check that a batch of requests
   * changed nothing by comparing it before and after.
   */
  redactedView() {
    const { members, tokens, authCodes, taskRuns, searchHistory, seededAt } = this.data;
    const runs = [...taskRuns.values()];
    const counts = { tokens: tokens.size, authCodes: authCodes.size, taskRuns: runs.length, taskRunsDone: runs.filter((run) => run.done).length };
    const business = {
      members: Object.fromEntries(members),
      searchHistory: Object.fromEntries(searchHistory),
      taskRunsDone: Object.fromEntries([...taskRuns].map(([key, run]) => [key, run.done])),
      counts,
      seededAt,
    };
    return {
      members: [...members.values()],
      searchHistory: business.searchHistory,
      counts,
      seededAt,
      digest: createHash("sha256").update(canonicalJson(business)).digest("hex"),
    };
  }

  // --- persistence ----------------------------------------------------------------------------

  /** Call after every change; with --state the data is written to the file shortly after. */
  changed(): void {
    if (!this.stateFile || this.saveTimer) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      this.saveNow();
    }, 50);
    this.saveTimer.unref?.();
  }

  saveNow(): void {
    if (!this.stateFile) return;
    const temporary = `${this.stateFile}.tmp`;
    const { members, tokens, authCodes, taskRuns, searchHistory, seededAt } = this.data;
    const data = {
      members: Object.fromEntries(members),
      tokens: Object.fromEntries(tokens),
      authCodes: Object.fromEntries(authCodes),
      taskRuns: Object.fromEntries(taskRuns),
      searchHistory: Object.fromEntries(searchHistory),
      seededAt,
    };
    writeFileSync(temporary, JSON.stringify({ version: 1, data }, null, 2));
    renameSync(temporary, this.stateFile);
  }

  private load(): SandboxData | null {
    if (!this.stateFile || !existsSync(this.stateFile)) return null;
    const saved = JSON.parse(readFileSync(this.stateFile, "utf8")) as { version?: unknown; data?: unknown } | null;
    if (saved?.version !== 1) return null;
    const parsed = SavedDataSchema.safeParse(saved.data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`${this.stateFile} is not a sandbox state file: data.${issue?.path.join(".")}: ${issue?.message}`);
    }
    return { ...this.seed(), ...parsed.data };
  }

  private seed(): SandboxData {
    return {
      members: new Map(this.fixtures.members.map((member) => [member.openId, structuredClone(member)])),
      tokens: new Map(),
      authCodes: new Map(),
      taskRuns: new Map(),
      searchHistory: new Map(),
      seededAt: Date.now(),
    };
  }
}

/** Drops the logins issued more than `ttlMs` ago, walking from the oldest until a live one. */
function dropOlderThan(logins: Map<string, Login>, ttlMs: number): void {
  const now = Date.now();
  for (const [key, login] of logins) {
    if (now - login.issuedAt <= ttlMs) break;
    logins.delete(key);
  }
}

/** JSON with every object's keys sorted, so equal data always hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).filter(([, child]) => child !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, child]) => `${JSON.stringify(key)}:${canonicalJson(child)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * The sandbox gateway's in-memory state, seeded from fixtures/. Members, tokens and login codes are
 * the persistent part (kept in a file with --state); the clock, injected faults and the call log
 * belong to the running process.
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { CatalogQueries } from "./catalog";
import type { Fixtures, MemberFixture } from "./fixtures";

export interface MemberRecord extends MemberFixture {}

export interface SandboxData {
  members: Record<string, MemberRecord>;
  /** token → the login it belongs to */
  tokens: Record<string, { openId: string; issuedAt: number }>;
  /** single-use login codes handed out by the login page */
  authCodes: Record<string, { openId: string; issuedAt: number }>;
  /** task-center progress per member ciphertext and task: `${cust}|${taskNo}` */
  taskRuns: Record<string, { detailAt: number; done: boolean }>;
  /** each member's recent searches, newest first */
  searchHistory: Record<string, string[]>;
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
/** Login codes are single-use and short-lived, like the wallet's. */
export const AUTH_CODE_TTL_MS = 5 * 60_000;

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

  /** Remembers a member's search, newest first, ten at most. */
  rememberSearch(openId: string, keyword: string): void {
    const history = (this.data.searchHistory[openId] ?? []).filter((item) => item !== keyword);
    this.data.searchHistory[openId] = [keyword, ...history].slice(0, MAX_SEARCH_HISTORY);
    this.changed();
  }

  task(taskNo: string) {
    return this.fixtures.tasks.find((task) => task.taskNo === taskNo);
  }

  // --- secure gateway nonces --------------------------------------------------------------------

  private nonces = new Map<string, number>();

  /** Remembers a nonce; false when it was seen within the replay window. */
  useNonce(nonce: string, windowMs: number): boolean {
    const now = Date.now();
    for (const [seen, at] of this.nonces) if (now - at > windowMs) this.nonces.delete(seen);
    if (this.nonces.has(nonce)) return false;
    this.nonces.set(nonce, now);
    return true;
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

  addFault(fault: Omit<Fault, "id">): Fault {
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
    return this.data.members[openId];
  }

  memberByToken(token: string | null | undefined): MemberRecord | undefined {
    if (!token) return undefined;
    const login = this.data.tokens[token];
    return login ? this.data.members[login.openId] : undefined;
  }

  issueToken(openId: string): string {
    const token = `sbx_${randomBytes(18).toString("base64url")}`;
    this.data.tokens[token] = { openId, issuedAt: this.now() };
    this.changed();
    return token;
  }

  revokeToken(token: string | null): void {
    if (!token || !this.data.tokens[token]) return;
    delete this.data.tokens[token];
    this.changed();
  }

  issueAuthCode(openId: string): string {
    const code = randomBytes(12).toString("hex");
    this.data.authCodes[code] = { openId, issuedAt: Date.now() };
    this.changed();
    return code;
  }

  /** Redeems a login code once; undefined when it is unknown, used or expired. */
  redeemAuthCode(code: string): string | undefined {
    const entry = this.data.authCodes[code];
    if (!entry) return undefined;
    delete this.data.authCodes[code];
    this.changed();
    return Date.now() - entry.issuedAt <= AUTH_CODE_TTL_MS ? entry.openId : undefined;
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
    writeFileSync(temporary, JSON.stringify({ version: 1, data: this.data }, null, 2));
    renameSync(temporary, this.stateFile);
  }

  private load(): SandboxData | null {
    if (!this.stateFile || !existsSync(this.stateFile)) return null;
    const saved = JSON.parse(readFileSync(this.stateFile, "utf8")) as { version: number; data: SandboxData };
    return saved.version === 1 ? { ...this.seed(), ...saved.data } : null;
  }

  private seed(): SandboxData {
    const members = Object.fromEntries(
      this.fixtures.members.map((member) => [member.openId, structuredClone(member)]),
    );
    return { members, tokens: {}, authCodes: {}, taskRuns: {}, searchHistory: {}, seededAt: Date.now() };
  }
}

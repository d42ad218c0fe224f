/**
 * The sandbox gateway's state, the one object its handlers are given: the persisted store
 * (sandbox/store.ts: members, logins, task runs, searches, the money domain's books and remembered
 * replies, kept in a file with --state) with the operations on it, and the runtime instruments
 * (sandbox/instruments/: the clock, injected faults, the call log, secure-gateway nonces, the mall's
 * error reports and deferred work), which belong to the running process and which handlers reach
 * through the methods here.
 *
 * Whatever expires is dropped, and whatever is kept has a bound: anyone can call the gateway.
 */
import { createHash, randomBytes } from "node:crypto";
import { canonicalJson } from "./canonical-json";
import { CatalogQueries } from "./catalog";
import { IdempotencyKeys } from "./domain/idempotency";
import { openAccount } from "./domain/ledger";
import { AfterSale } from "./domain/after-sale";
import { Books } from "./domain/books";
import { Favourites } from "./domain/favourites";
import { Miles } from "./domain/miles";
import { OrderBook } from "./domain/order-book";
import { Promotions } from "./domain/promotions";
import { flashSaleOf } from "./promotions-schema";
import { TillGuard } from "./domain/till";
import { playHistory } from "./domain/history";
import type { Fixtures } from "./fixtures";
import { MAX_SEARCH_HISTORY, StateFile, seedData, type Login, type MemberRecord, type SandboxData, type TaskRun } from "./store";
import type { CollectedError } from "#core/errors/report";
import type { Fault, FaultFamily } from "#core/controls/faults";
import type { NearMiss } from "./near-miss";
import { CallLog, type LoggedCall } from "./instruments/call-log";
import { SandboxClock } from "./instruments/clock";
import { DeferredWork } from "./instruments/deferred-work";
import { ErrorReports } from "./instruments/error-reports";
import { FaultQueue } from "./instruments/fault-queue";
import { StubBook } from "./instruments/stubs";
import type { RecordedBook } from "#harness/serve";
import { ExchangeRing, type RingOptions } from "#harness/inspector";
import { Nonces, type NonceCheck } from "./instruments/nonces";

export { FAULT_KINDS, type Fault, type FaultKind } from "#core/controls/faults";
export { MAX_LOG, type LoggedCall } from "./instruments/call-log";
export { MAX_ERRORS } from "./instruments/error-reports";
export { MAX_FAULTS } from "./instruments/fault-queue";
export { MAX_NONCES, type NonceCheck } from "./instruments/nonces";
export type { Login, MemberRecord, SandboxData, TaskRun } from "./store";

const HOUR_MS = 3_600_000;

/** Members the sandbox keeps at most (the fixtures' and those a control added). */
export const MAX_MEMBERS = 10_000;

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

export class SandboxState {
  data: SandboxData;
  private readonly fixtures: Fixtures;
  /** The catalog's queries (offers, stores, zones, ads), with the offers' live numbers. */
  readonly catalog: CatalogQueries;
  /**
   * The money domain (sandbox/domain/, docs/money.md), by aggregate: the books (members' ledgers and
   * what falls due on the clock), orders and their settlement, after-sale, promotions (flash sales,
   * seckills, check-in), Asia Miles, likes and favourites.
   */
  readonly books: Books;
  readonly orders: OrderBook;
  readonly afterSale: AfterSale;
  readonly promotions: Promotions;
  readonly miles: Miles;
  readonly favourites: Favourites;
  readonly idempotency: IdempotencyKeys;
  /** Merchants' tills: the failed codes each store entered (sandbox/domain/till.ts). */
  readonly till = new TillGuard();
  /** With --state: where the store is kept. */
  private readonly file: StateFile | null;
  private readonly clock = new SandboxClock();
  private readonly faults = new FaultQueue();
  /** Stubs in WireMock's mapping format, answered before the sandbox's own rules. */
  readonly stubs = new StubBook();
  /** Recorded exchanges served as an environment (harness/serve/book.ts), when the sandbox was given some. */
  recorded: RecordedBook | undefined;
  private readonly calls = new CallLog();
  /** The traffic inspector's ring of whole exchanges (harness/inspector/ring.ts). */
  readonly inspected: ExchangeRing;
  private readonly nonces = new Nonces();
  private readonly errors = new ErrorReports();
  private readonly deferred = new DeferredWork();

  constructor(fixtures: Fixtures, options: { stateFile?: string; inspect?: Omit<RingOptions, "keys"> } = {}) {
    this.fixtures = fixtures;
    const keys = fixtures.gatewayKeys;
    this.inspected = new ExchangeRing({ ...options.inspect, keys: { privateKey: keys.privateKey, signSecret: keys.signSecret, md5Key: keys.md5Key } });
    this.catalog = new CatalogQueries(
      fixtures.catalog,
      () => this.data.seededAt,
      (offer) => this.data.offers.get(String(offer.id)),
    );
    const data = () => this.data;
    this.books = new Books({ accounts: () => this.data.accounts, now: () => this.now(), changed: () => this.changed() });
    // Work due at the same instant under the same id runs in the order the aggregates are made (Books.onDue): orders, then miles.
    this.orders = new OrderBook(this.books, {
      data,
      catalog: this.catalog,
      addresses: (openId) => this.data.members.get(openId)?.addresses ?? [],
      inFlashSale: (offerId) => flashSaleOf(this.fixtures.promotions, offerId) !== undefined,
    });
    this.afterSale = new AfterSale(this.books, this.orders, { catalog: this.catalog, codes: () => this.fixtures.wallet.codes });
    this.promotions = new Promotions(this.books, this.orders, {
      data,
      catalog: this.catalog,
      fixture: () => this.fixtures.promotions,
      canary: (openId) => this.data.members.get(openId)?.graySeckill ?? false,
    });
    this.miles = new Miles(this.books, { data, fixture: () => this.fixtures.promotions.miles });
    this.favourites = new Favourites(this.books, this.orders);
    this.idempotency = new IdempotencyKeys(
      () => this.data.idempotency,
      () => this.changed(),
    );
    this.file = options.stateFile ? new StateFile(options.stateFile, () => this.data) : null;
    this.data =
      this.file?.read(
        () => this.seed(),
        (offerId) => this.catalog.offer(offerId) !== undefined,
      ) ?? this.seed();
    dropOlderThan(this.data.authCodes, AUTH_CODE_TTL_MS);
    dropOlderThan(this.data.tokens, TOKEN_TTL_MS);
    this.dropAbandonedTaskRuns();
  }

  /** Back to the fixtures: members, tokens, the money domain, clock, faults and log; scheduled work is cancelled. */
  reset(): void {
    this.clock.set(null);
    this.data = this.seed();
    this.deferred.cancelAll();
    this.idempotency.clearInFlight();
    this.faults.clear();
    this.stubs.reset();
    this.recorded?.reset();
    this.calls.clear();
    this.inspected.clear();
    this.errors.clear();
    this.nonces.clear();
    this.till.clear();
    this.changed();
  }

  get clause() {
    return this.fixtures.clause;
  }

  get gatewayKeys() {
    return this.fixtures.gatewayKeys;
  }

  get walletSecret() {
    return this.fixtures.walletSecret;
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

  // --- the runtime instruments (sandbox/instruments/) ---------------------------------------

  /** The sandbox's time: what /api/system/time returns. */
  now(): number {
    return this.clock.now();
  }

  /** Sets the clock to `at` (it keeps running unless frozen), or back to real time with null. */
  setClock(at: number | null, frozen = false): void {
    this.clock.set(at, frozen);
  }

  clockInfo() {
    return this.clock.info();
  }

  /** Adds a fault; undefined when MAX_FAULTS are already waiting. */
  addFault(fault: Omit<Fault, "id" | "percent"> & { percent?: number }): Fault | undefined {
    return this.faults.add(fault);
  }

  listFaults(): Fault[] {
    return this.faults.list();
  }

  clearFaults(): void {
    this.faults.clear();
  }

  /** The fault of these families to apply to a call on `pathname`, if any (FaultQueue.take). */
  takeFault(pathname: string, families: ReadonlySet<FaultFamily>, random?: () => number): Fault | undefined {
    return this.faults.take(pathname, families, random);
  }

  logCall(call: Omit<LoggedCall, "seq" | "at">): LoggedCall {
    return this.calls.add(call);
  }

  log(since = 0): LoggedCall[] {
    return this.calls.since(since);
  }

  /** Marks a logged call as one the sandbox could not answer. */
  markNearMiss(seq: number, nearMiss: NearMiss): void {
    this.calls.markNearMiss(seq, nearMiss);
  }

  /** Marks a logged call answered (its status, 0 for a cut connection, and its time). */
  answeredCall(call: LoggedCall, status: number, ms: number): void {
    this.calls.answered(call, status, ms);
  }

  /** Hears every gateway call once it is answered (GET /__sandbox/log/stream). */
  onCallAnswered(listener: (call: LoggedCall) => void): () => void {
    return this.calls.onAnswered(listener);
  }

  /** Marks a logged call as answered by a stub. */
  markStub(seq: number, id: string): void {
    this.calls.markStub(seq, id);
  }

  /** Marks a logged call as answered by a served recording. */
  markRecorded(seq: number): void {
    this.calls.markRecorded(seq);
  }

  clearLog(): void {
    this.calls.clear();
  }

  /** Remembers a secure-gateway nonce: fresh, reused within the replay window, or refused because the window is full. */
  useNonce(nonce: string, windowMs: number): NonceCheck {
    return this.nonces.use(nonce, windowMs);
  }

  collectError(report: CollectedError): void {
    this.errors.collect(report);
  }

  collectedErrors(): CollectedError[] {
    return this.errors.list();
  }

  clearErrors(): void {
    this.errors.clear();
  }

  /** Runs `work` after `ms` of real time, unless the sandbox is reset first. */
  defer(ms: number, work: () => void): void {
    this.deferred.after(ms, work);
  }

  // --- members and logins ---------------------------------------------------------------------

  /** A new member with `point` mCoin (a control: load tests and scenarios); at most MAX_MEMBERS. */
  addMember(input: { openId: string; nickname?: string; point: number; graySeckill: boolean }): "added" | "taken" | "full" {
    if (this.data.members.has(input.openId)) return "taken";
    if (this.data.members.size >= MAX_MEMBERS) return "full";
    this.data.members.set(input.openId, {
      openId: input.openId,
      nickname: input.nickname ?? input.openId,
      avatar: "member.svg",
      amount: 0,
      count: 0,
      clauseStatus: 0,
      graySeckill: input.graySeckill,
      blurb: { zh: "測試會員", en: "Test member" },
      addresses: [],
    });
    this.data.accounts.set(input.openId, openAccount(input.point, this.now()));
    this.changed();
    return "added";
  }

  /** A new address id, never given out before. */
  nextAddressId(): number {
    this.changed();
    return ++this.data.addressSeq;
  }

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
   * What GET /__sandbox/state shows: the business data and no secret (no token, login code,
   * member ciphertext or remembered reply). Shape:
   *
   *   {
   *     members: (MemberRecord & { point })[],   // every field: openId, nickname, point (the ledger's balance), amount, count, clauseStatus, addresses…
   *     searchHistory: { [openId]: string[] },   // newest first
   *     offers: { [offerId]: { stock, sold, likes, status } },
   *     accounts: { [openId]: { ledger: LedgerEntry[], revision, likes, collections } },
   *     orders: OrderRecord[],                   // oldest first, each with its member's openId
   *     counts: { tokens, authCodes, taskRuns, taskRunsDone, orders, idempotencyKeys },
   *     seededAt: number,
   *     digest: string,                          // sha256 hex of the business data
   *   }
   *
   * The digest covers the members, the search histories, each task run's done flag, the offers'
   * live numbers, the accounts, the orders, the counts and seededAt (not when a run's detail was
   * last read), so a test can check that a batch of requests changed nothing by comparing it before
   * and after. Unpaid orders that are due close before it is taken.
   */
  redactedView() {
    this.books.closeDue();
    const { members, tokens, authCodes, taskRuns, searchHistory, seededAt, offers, accounts, orders, idempotency } = this.data;
    const runs = [...taskRuns.values()];
    const counts = {
      tokens: tokens.size,
      authCodes: authCodes.size,
      taskRuns: runs.length,
      taskRunsDone: runs.filter((run) => run.done).length,
      orders: orders.size,
      idempotencyKeys: [...idempotency.values()].reduce((sum, replies) => sum + replies.size, 0),
    };
    const business = {
      members: Object.fromEntries([...members].map(([openId, member]) => [openId, { ...member, point: this.books.balance(openId) }])),
      searchHistory: Object.fromEntries(searchHistory),
      taskRunsDone: Object.fromEntries([...taskRuns].map(([key, run]) => [key, run.done])),
      offers: Object.fromEntries(offers),
      accounts: Object.fromEntries(accounts),
      orders: [...orders.values()],
      counts: { ...counts, idempotencyKeys: undefined },
      seededAt,
    };
    return {
      members: Object.values(business.members),
      searchHistory: business.searchHistory,
      offers: business.offers,
      accounts: business.accounts,
      orders: business.orders,
      counts,
      seededAt,
      digest: createHash("sha256").update(canonicalJson(business)).digest("hex"),
    };
  }

  // --- persistence ----------------------------------------------------------------------------

  /** Call after every change; with --state the data is written to the file shortly after, or at the next flush. */
  changed(): void {
    this.file?.changed();
  }

  /** Writes what changed now: the sandbox calls it before it replies, so whatever it confirmed is on disk. */
  flush(): void {
    this.file?.flush();
  }

  saveNow(): void {
    this.file?.save();
  }

  /** The fixtures' data with the demo members' past orders played into it. */
  private seed(): SandboxData {
    const data = seedData(this.fixtures);
    this.playHistory(data);
    return data;
  }

  /** Plays the demo members' past orders into freshly seeded data, through the money domain's rules. */
  private playHistory(data: SandboxData): void {
    const previous = this.data as SandboxData | undefined;
    this.data = data;
    try {
      playHistory(this.fixtures.wallet.history, {
        books: this.books,
        orders: this.orders,
        afterSale: this.afterSale,
        catalog: this.catalog,
        seededAt: data.seededAt,
        setNow: (at) => this.clock.play(at),
        pointOf: (openId) => this.fixtures.members.find((member) => member.openId === openId)?.point ?? 0,
      });
    } finally {
      this.clock.play(null);
      if (previous) this.data = previous;
    }
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

/**
 * The sandbox's persisted data (SandboxData): what it keeps across restarts with --state, and what
 * a reset seeds afresh from the fixtures. The domain (sandbox/domain/) declares each record and the
 * rules over it; the store only holds them.
 *
 * Everything keyed by outside input (open ids, tokens, login codes, task runs, searches) is a Map,
 * so `__proto__` or `toString` is just a key that is not there. Maps also keep insertion order,
 * oldest first, which is what expiry and eviction walk.
 */
import type { IdempotencyData } from "../domain/idempotency";
import type { Account } from "../domain/ledger";
import type { Login } from "../domain/logins";
import type { MemberRecord } from "../domain/members";
import type { MilesOrderRecord } from "../domain/miles";
import type { OfferLive } from "../domain/offers";
import type { OrderRecord } from "../domain/orders";
import type { SeckillLive } from "../domain/promotions";
import type { TaskRun } from "../domain/task-runs";

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
  /** each offer's live stock, sold count, likes and status, by offer id */
  offers: Map<string, OfferLive>;
  /** each member's ledger, revision, likes and favourites */
  accounts: Map<string, Account>;
  /** every order by id, oldest first */
  orders: Map<string, OrderRecord>;
  orderSeq: number;
  /** each seckill item's stock left and pieces sold, by item id */
  seckills: Map<string, SeckillLive>;
  /** every Asia Miles redemption by id, and the last id given out */
  milesOrders: Map<string, MilesOrderRecord>;
  milesSeq: number;
  /** the last address id given out (ids are never reused; sandbox/domain/addresses.ts) */
  addressSeq: number;
  /** replies remembered by idempotency key, per member (sandbox/domain/idempotency.ts) */
  idempotency: IdempotencyData;
}

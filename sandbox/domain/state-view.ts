/**
 * What GET /__sandbox/state shows: the business data and no secret (no token, login code, member
 * ciphertext or remembered reply). Shape:
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
import { createHash } from "node:crypto";
import { canonicalJson } from "../canonical-json";
import type { Books } from "./books";
import type { IdempotencyData } from "./idempotency";
import type { Account } from "./ledger";
import type { LoginsData } from "./logins";
import type { MembersData } from "./members";
import type { OfferLive } from "./offers";
import type { OrderRecord } from "./orders";
import type { SearchesData } from "./searches";
import type { TaskRunsData } from "./task-runs";

/** The data the view reads. */
export type ViewedData = MembersData &
  LoginsData &
  TaskRunsData &
  SearchesData & {
    seededAt: number;
    offers: Map<string, OfferLive>;
    accounts: Map<string, Account>;
    orders: Map<string, OrderRecord>;
    idempotency: IdempotencyData;
  };

export function stateView(data: ViewedData, books: Books) {
  books.closeDue();
  const { members, tokens, authCodes, taskRuns, searchHistory, seededAt, offers, accounts, orders, idempotency } = data;
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
    members: Object.fromEntries([...members].map(([openId, member]) => [openId, { ...member, point: books.balance(openId) }])),
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

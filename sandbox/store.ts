/**
 * The sandbox's persisted store: what it keeps across restarts (SandboxData: members, logins, task
 * runs, searches, the money domain's books, remembered replies), how the fixtures seed it, and the
 * --state file that keeps it. The runtime instruments (sandbox/instruments/) are not here: they
 * belong to the running process.
 *
 * Everything keyed by outside input (open ids, tokens, login codes, task runs, searches) is a Map,
 * so `__proto__` or `toString` is just a key that is not there. Maps also keep insertion order,
 * oldest first, which is what expiry and eviction walk.
 *
 * The file is JSON, `{ version: 1, data }`, each Map as an object. A file an older sandbox wrote
 * still loads: a part it lacks starts from the fixtures, and a part it wrote in an older shape is
 * read as that shape meant (members with a `point` balance open their ledger with it; each record's
 * schema fills in what its older form lacks).
 */
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import { z } from "zod";
import { StoredReplySchema, type IdempotencyData } from "./domain/idempotency";
import { AccountSchema, openAccount, type Account } from "./domain/ledger";
import { OfferLiveSchema, seedOffers, type OfferLive } from "./domain/offers";
import { OrderRecordSchema, type OrderRecord } from "./domain/orders";
import { MilesOrderRecordSchema, type MilesOrderRecord } from "./domain/miles";
import { SeckillLiveSchema, seedSeckills, type SeckillLive } from "./domain/promotions";
import { MemberFixtureSchema, type Fixtures, type MemberFixture } from "./fixtures";

/**
 * A member as the gateway keeps them. Their mCoin balance is not here: it is their ledger's
 * (`state.books.balance(openId)`), so it cannot drift from it.
 */
export type MemberRecord = Omit<MemberFixture, "point">;

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

/** Searches kept per member, the newest. */
export const MAX_SEARCH_HISTORY = 10;

const LoginSchema = z.object({ openId: z.string(), issuedAt: z.number() });
const mapOf = <T extends z.ZodType>(value: T) => z.record(z.string(), value).transform((record) => new Map(Object.entries(record)));

/** What a --state file holds (each Map as an object); parts an older sandbox did not write start from the fixtures. */
const SavedDataSchema = z
  .object({
    // A file written before the ledger keeps each member's balance as `point`: it opens their ledger.
    members: mapOf(MemberFixtureSchema.omit({ point: true }).extend({ point: z.number().int().nonnegative().optional() })),
    tokens: mapOf(LoginSchema),
    authCodes: mapOf(LoginSchema),
    taskRuns: mapOf(z.object({ detailAt: z.number(), done: z.boolean() })),
    searchHistory: mapOf(z.array(z.string()).max(MAX_SEARCH_HISTORY)),
    seededAt: z.number(),
    offers: mapOf(OfferLiveSchema),
    accounts: mapOf(AccountSchema),
    orders: mapOf(OrderRecordSchema),
    orderSeq: z.number().int().nonnegative(),
    seckills: mapOf(SeckillLiveSchema),
    milesOrders: mapOf(MilesOrderRecordSchema),
    milesSeq: z.number().int().nonnegative(),
    addressSeq: z.number().int().nonnegative(),
    idempotency: mapOf(mapOf(StoredReplySchema)),
  })
  .partial();

/** The data as the fixtures start it, seeded now, before the demo history is played into it (sandbox/domain/history.ts). */
export function seedData(fixtures: Fixtures): SandboxData {
  const seededAt = Date.now();
  const members = new Map(fixtures.members.map(({ point: _point, ...member }) => [member.openId, structuredClone(member)]));
  return {
    members,
    tokens: new Map(),
    authCodes: new Map(),
    taskRuns: new Map(),
    searchHistory: new Map(),
    seededAt,
    offers: seedOffers(fixtures.catalog),
    accounts: new Map(fixtures.members.map((member) => [member.openId, openAccount(member.point, seededAt)])),
    orders: new Map(),
    orderSeq: 0,
    seckills: seedSeckills(fixtures.promotions),
    milesOrders: new Map(),
    milesSeq: 0,
    addressSeq: maxAddressId(members.values()),
    idempotency: new Map(),
  };
}

/**
 * The --state file: written shortly after a change, or at the latest when the sandbox flushes before
 * it replies, so whatever it acknowledged is on disk.
 */
export class StateFile {
  private timer: NodeJS.Timeout | null = null;
  private dirty = false;

  constructor(
    readonly path: string,
    private readonly data: () => SandboxData,
  ) {}

  /** Call after every change: the data is written shortly after, or at the next flush. */
  changed(): void {
    this.dirty = true;
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush();
    }, 50);
    this.timer.unref?.();
  }

  /** Writes what changed now. */
  flush(): void {
    if (this.dirty) this.save();
  }

  save(): void {
    this.dirty = false;
    const { members, tokens, authCodes, taskRuns, searchHistory, seededAt, offers, accounts, orders, orderSeq, seckills, milesOrders, milesSeq, addressSeq, idempotency } = this.data();
    const data = {
      members: Object.fromEntries(members),
      tokens: Object.fromEntries(tokens),
      authCodes: Object.fromEntries(authCodes),
      taskRuns: Object.fromEntries(taskRuns),
      searchHistory: Object.fromEntries(searchHistory),
      seededAt,
      offers: Object.fromEntries(offers),
      accounts: Object.fromEntries(accounts),
      orders: Object.fromEntries(orders),
      orderSeq,
      seckills: Object.fromEntries(seckills),
      milesOrders: Object.fromEntries(milesOrders),
      milesSeq,
      addressSeq,
      idempotency: Object.fromEntries([...idempotency].map(([scope, replies]) => [scope, Object.fromEntries(replies)])),
    };
    writeDurably(this.path, JSON.stringify({ version: 1, data }, null, 2));
  }

  /**
   * The data the file holds, over `seed` (what the fixtures start, for what the file lacks); null
   * when there is no file, or one of another version. A file that is not a sandbox state stops the
   * sandbox, saying where: a record naming a member or an offer that does not exist, or kept under
   * another id than its own.
   */
  read(seed: () => SandboxData, offerExists: (offerId: number) => boolean): SandboxData | null {
    if (!existsSync(this.path)) return null;
    const saved = JSON.parse(readFileSync(this.path, "utf8")) as { version?: unknown; data?: unknown } | null;
    if (saved?.version !== 1) return null;
    const parsed = SavedDataSchema.safeParse(saved.data);
    const broken = (where: string, message: string) => new Error(`${this.path} is not a sandbox state file: data.${where}: ${message}`);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw broken(issue?.path.join(".") ?? "", issue?.message ?? "invalid");
    }
    const { members: savedMembers, offers, accounts, orders, seckills, milesOrders, ...rest } = parsed.data;
    const data: SandboxData = { ...seed(), ...rest };
    if (savedMembers) {
      data.members = new Map([...savedMembers].map(([openId, { point: _point, ...member }]) => [openId, member]));
      // Members kept before the ledger existed open theirs with the balance they had.
      data.accounts = new Map([...savedMembers].map(([openId, member]) => [openId, openAccount(member.point ?? 0, data.seededAt)]));
      data.addressSeq = Math.max(data.addressSeq, maxAddressId(data.members.values()));
    }
    for (const [id, live] of offers ?? []) if (data.offers.has(id)) data.offers.set(id, live);
    for (const [id, live] of seckills ?? []) if (data.seckills.has(id)) data.seckills.set(id, live);
    if (milesOrders) {
      for (const [id, redemption] of milesOrders) {
        if (String(redemption.id) !== id) throw broken(`milesOrders.${id}`, "its id is not its key");
        if (!data.members.has(redemption.openId)) throw broken(`milesOrders.${id}.openId`, "no such member");
      }
      data.milesOrders = milesOrders;
      data.milesSeq = Math.max(data.milesSeq, ...[...milesOrders.values()].map((redemption) => redemption.id));
    }
    for (const [openId, account] of accounts ?? []) {
      if (!data.members.has(openId)) throw broken(`accounts.${openId}`, "no such member");
      data.accounts.set(openId, account);
    }
    if (orders) {
      data.orders = orders;
      for (const [id, order] of orders) {
        if (String(order.id) !== id) throw broken(`orders.${id}`, "its id is not its key");
        if (!data.members.has(order.openId)) throw broken(`orders.${id}.openId`, "no such member");
        if (!offerExists(order.offerId)) throw broken(`orders.${id}.offerId`, "no such offer in the catalog");
      }
      data.orderSeq = Math.max(data.orderSeq, ...[...orders.values()].map((order) => order.id));
    }
    return data;
  }
}

function maxAddressId(members: Iterable<MemberRecord>): number {
  let max = 0;
  for (const member of members) for (const address of member.addresses) max = Math.max(max, Number(address.id) || 0);
  return max;
}

/**
 * Replaces `file` with `text` so that a crash or a power loss leaves the old file or the new one,
 * never a part, and the new one once this returns: the text goes to a temporary file that is
 * flushed to the disk, renamed over the file, and the folder (which holds the name) flushed too.
 */
export function writeDurably(file: string, text: string): void {
  const temporary = `${file}.tmp`;
  const descriptor = openSync(temporary, "w");
  try {
    const bytes = Buffer.from(text, "utf8");
    for (let written = 0; written < bytes.length;) written += writeSync(descriptor, bytes, written);
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
  renameSync(temporary, file);
  const folder = openSync(dirname(file), "r");
  try {
    fsyncSync(folder);
  } finally {
    closeSync(folder);
  }
}

/**
 * The sandbox's data as JSON: the format of a --state file before the store was SQLite
 * (sqlite-store.ts), and of the export and import (`mcoin sandbox state export|import`).
 *
 * The text is `{ version: 1, data }`, each Map as an object. A file an older sandbox wrote
 * still loads: a part it lacks starts from the fixtures, and a part it wrote in an older shape is
 * read as that shape meant (members with a `point` balance open their ledger with it; each record's
 * schema fills in what its older form lacks).
 */
import { z } from "zod";
import { MemberFixtureSchema } from "../fixtures";
import { StoredReplySchema } from "../domain/idempotency";
import { AccountSchema, openAccount } from "../domain/ledger";
import { MilesOrderRecordSchema } from "../domain/miles";
import { OfferLiveSchema } from "../domain/offers";
import { OrderRecordSchema } from "../domain/orders";
import { SeckillLiveSchema } from "../domain/promotions";
import { MAX_SEARCH_HISTORY } from "../domain/searches";
import type { SandboxData } from "./data";
import { maxAddressId } from "./seed";

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

/** The data as a state file's text: what `mcoin sandbox state export` gives and a --state file held before SQLite. */
export function stateJson(source: SandboxData): string {
  const { members, tokens, authCodes, taskRuns, searchHistory, seededAt, offers, accounts, orders, orderSeq, seckills, milesOrders, milesSeq, addressSeq, idempotency } = source;
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
  return JSON.stringify({ version: 1, data }, null, 2);
}

/**
 * The data a state file's text holds, over `seed` (what the fixtures start, for what the file
 * lacks); null for one of another version. A file that is not a sandbox state stops the
 * sandbox, saying where: a record naming a member or an offer that does not exist, or kept under
 * another id than its own.
 */
export function parseState(text: string, where: string, seed: () => SandboxData, offerExists: (offerId: number) => boolean): SandboxData | null {
  const saved = JSON.parse(text) as { version?: unknown; data?: unknown } | null;
  if (saved?.version !== 1) return null;
  const parsed = SavedDataSchema.safeParse(saved.data);
  const broken = (at: string, message: string) => new Error(`${where} is not a sandbox state file: data.${at}: ${message}`);
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
    for (const redemption of milesOrders.values()) data.milesSeq = Math.max(data.milesSeq, redemption.id);
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
    for (const order of orders.values()) data.orderSeq = Math.max(data.orderSeq, order.id);
  }
  return data;
}

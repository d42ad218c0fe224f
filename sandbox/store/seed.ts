/** The data as the fixtures start it, before the demo history is played into it (sandbox/domain/history.ts). */
import type { Fixtures } from "../fixtures";
import { openAccount } from "../domain/ledger";
import type { MemberRecord } from "../domain/members";
import { seedOffers } from "../domain/offers";
import { seedSeckills } from "../domain/promotions";
import type { SandboxData } from "./data";

/** The fixtures' data, seeded at `seededAt` (the catalog's relative dates count from it). */
export function seedData(fixtures: Fixtures, seededAt = Date.now()): SandboxData {
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

/** The highest address id the members hold: new ones count on from it. */
export function maxAddressId(members: Iterable<MemberRecord>): number {
  let max = 0;
  for (const member of members) for (const address of member.addresses) max = Math.max(max, Number(address.id) || 0);
  return max;
}

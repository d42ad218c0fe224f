/**
 * The gateway's members: those the fixtures seed and those a control adds (load tests, scenarios),
 * at most MAX_MEMBERS. A member's mCoin balance is not kept here: it is their ledger's
 * (books.ts), so it cannot drift from it. Their address book is kept on the member (addresses.ts
 * has its rules), and agreeing to the terms clears their clause status.
 */
import type { AddressInput } from "#core/address/schemas";
import type { Address } from "#core/api/endpoints";
import type { MemberFixture } from "../fixtures";
import { listAddresses, saveAddress, updateAddress, type BookOutcome } from "./addresses";
import type { Books } from "./books";
import { openAccount, type Account } from "./ledger";

/** A member as the gateway keeps them: the fixture's fields but the balance. */
export type MemberRecord = Omit<MemberFixture, "point">;

/** Members the sandbox keeps at most (the fixtures' and those a control added). */
export const MAX_MEMBERS = 10_000;

/** How the sign-in page tells a recording's persona from a demo member. */
export const PERSONA_BLURB = { zh: "錄製的會員", en: "Recorded member" } as const;

/**
 * A served recording's persona (harness/serve/personas.ts) as a member the sandbox seeds: their
 * recorded nickname and balance, nothing else of their own, so that a token can be minted for them
 * and whatever the recordings do not answer starts from an empty account.
 */
export function personaMember(persona: { openId: string; nickname: string; point?: number }): MemberFixture {
  return {
    openId: persona.openId,
    nickname: persona.nickname,
    avatar: "member.svg",
    point: Math.max(0, Math.trunc(persona.point ?? 0)),
    amount: 0,
    count: 0,
    clauseStatus: 0,
    graySeckill: false,
    blurb: { ...PERSONA_BLURB },
    addresses: [],
  };
}

/** The part of the store the members keep. */
export interface MembersData {
  members: Map<string, MemberRecord>;
  /** Each member's account: a member added opens theirs with the balance they are given. */
  accounts: Map<string, Account>;
  /** The last address id given out (ids are never reused). */
  addressSeq: number;
}

export interface NewMember {
  openId: string;
  nickname?: string;
  point: number;
  graySeckill: boolean;
  /** What the sign-in page says under their name (a recording's persona says so). */
  blurb?: MemberRecord["blurb"];
}

/**
 * A member as a recording shows them at its start (the putMember control): their fields, balance,
 * the account's revision and address book (ids kept), and the id the next new address should get.
 */
export interface Persona {
  nickname?: string;
  point: number;
  amount: number;
  count: number;
  clauseStatus: number;
  revision?: number;
  graySeckill: boolean;
  addresses: Address[];
  nextAddressId?: number;
}

/** What a control may set of a member; `point` is a ledger entry, not an overwrite. */
export type MemberPatch = Partial<Pick<MemberRecord, "amount" | "count" | "clauseStatus" | "graySeckill">> & { point?: number };

export class Members {
  constructor(
    private readonly books: Books,
    private readonly context: { data(): MembersData },
  ) {}

  get(openId: string): MemberRecord | undefined {
    return this.context.data().members.get(openId);
  }

  /** Every member, in the order they were added. */
  all(): MemberRecord[] {
    return [...this.context.data().members.values()];
  }

  /** A new member with `point` mCoin (a control); at most MAX_MEMBERS. */
  add(input: NewMember): "added" | "taken" | "full" {
    const data = this.context.data();
    if (data.members.has(input.openId)) return "taken";
    if (data.members.size >= MAX_MEMBERS) return "full";
    data.members.set(input.openId, { ...this.fresh(input.openId, input.graySeckill), nickname: input.nickname ?? input.openId, ...(input.blurb ? { blurb: input.blurb } : {}) });
    data.accounts.set(input.openId, openAccount(input.point, this.books.now()));
    this.books.changed();
    return "added";
  }

  /**
   * Creates the member as given, or sets an existing one to exactly that: the same call twice leaves
   * the same member. The balance is the ledger's (opened with it, or an adjustment); an address id
   * another member holds is refused, since ids are never shared; the address counter only moves up.
   */
  put(openId: string, persona: Persona): "created" | "updated" | "full" | "address-taken" {
    const data = this.context.data();
    const held = new Set(persona.addresses.map((address) => Number(address.id)));
    for (const [other, member] of data.members) if (other !== openId && member.addresses.some((address) => held.has(Number(address.id)))) return "address-taken";
    let member = data.members.get(openId);
    const created = !member;
    if (!member) {
      if (data.members.size >= MAX_MEMBERS) return "full";
      member = { ...this.fresh(openId, persona.graySeckill), nickname: persona.nickname ?? openId };
      data.members.set(openId, member);
      data.accounts.set(openId, openAccount(persona.point, this.books.now()));
    } else {
      this.books.adjustBalance(openId, persona.point);
    }
    Object.assign(member, {
      nickname: persona.nickname ?? member.nickname,
      amount: persona.amount,
      count: persona.count,
      clauseStatus: persona.clauseStatus,
      graySeckill: persona.graySeckill,
      addresses: persona.addresses.map((address) => ({ ...address })),
    });
    if (persona.revision !== undefined) this.books.account(openId).revision = persona.revision;
    data.addressSeq = Math.max(data.addressSeq, ...held, (persona.nextAddressId ?? 1) - 1);
    this.books.changed();
    return created ? "created" : "updated";
  }

  /** Sets what a control names of a member; false when there is no such member. */
  patch(openId: string, patch: MemberPatch): boolean {
    const member = this.get(openId);
    if (!member) return false;
    const { point, ...fields } = patch;
    Object.assign(member, fields);
    if (point !== undefined) this.books.adjustBalance(openId, point);
    this.books.changed();
    return true;
  }

  /** A member a control adds: no amount, coupons or addresses, the terms agreed. */
  private fresh(openId: string, graySeckill: boolean): MemberRecord {
    return {
      openId,
      nickname: openId,
      avatar: "member.svg",
      amount: 0,
      count: 0,
      clauseStatus: 0,
      graySeckill,
      blurb: { zh: "測試會員", en: "Test member" },
      addresses: [],
    };
  }

  /** The member agreed to the terms: they are not shown again. */
  agreeToTerms(member: MemberRecord): void {
    member.clauseStatus = 0;
    this.books.changed();
  }

  /** The member's address book, the default first (addresses.ts). */
  addresses(member: MemberRecord) {
    return listAddresses(member);
  }

  /** Adds or edits one of the member's addresses (addresses.ts, saveAddress); its id. */
  saveAddress(member: MemberRecord, input: AddressInput & { id?: number; isDefault: 0 | 1 }): BookOutcome<number> {
    const outcome = saveAddress(member, input, () => this.nextAddressId());
    if (outcome.ok) this.books.changed();
    return outcome;
  }

  /** Deletes one of the member's addresses or makes it the default (addresses.ts, updateAddress). */
  updateAddress(member: MemberRecord, id: number, action: "DELETE" | "DEFAULT"): BookOutcome<null> {
    const outcome = updateAddress(member, id, action);
    if (outcome.ok) this.books.changed();
    return outcome;
  }

  /** A new address id, never given out before. */
  nextAddressId(): number {
    const data = this.context.data();
    this.books.changed();
    return ++data.addressSeq;
  }
}

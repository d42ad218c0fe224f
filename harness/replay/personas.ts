/**
 * The members a recording acts as (`needs.member`, or --login), as its recorded replies show them at
 * its start: what a sandbox that never knew them must hold for the recording to replay there (the
 * putMember control, core/controls/declarations.ts). Each fact is read from the first reply that
 * shows it before the first recorded call that could change it:
 *
 * - nickname: the wallet's sign-in (`/macaupasssave`);
 * - balance, amount, coupon count and the account's revision: the member's basic information, before
 *   any other state change (a purchase, a payment, a refund, a check-in, ...);
 * - the terms' status: the terms (`/api/auth/clause`), before the member agrees;
 * - the address book: the list before the first save or update, else the first new address's save
 *   reply without that address; and the id that first new address was given, so that the target
 *   gives it the same one.
 *
 * A fact seen only after a change is still taken, and said (its earlier replies may then differ). A
 * recorded `<redacted:NAME>` in an address becomes a valid made-up value of its field. Orders and
 * coupons the member held before the recording are not seeded: a reply listing them differs.
 */
import type { z } from "zod";
import { endpointFor } from "#core/api/registry";
import type { putMember } from "#core/controls/declarations";
import { REDACTED_PART, type RecordingFile } from "#harness/recording";

/** What putMember takes for one member. */
export type PersonaState = z.input<(typeof putMember)["input"]>;

export interface Persona {
  openId: string;
  state: PersonaState;
  /** What the recording did not show before a change (said in the run's output). */
  notes: string[];
}

/** Calls that sign a member in: no change to what a persona holds. */
const SIGN_IN = new Set(["memberLogin", "macaupassConfig", "macaupassSave", "refreshToken"]);
/** Calls that change one fact only, by the fact. */
const CHANGES: Readonly<Record<string, Fact>> = { setClause: "clause", userAddressSave: "addresses", userAddressUpdate: "addresses" };
/** Calls that change nothing a persona holds. */
const CHANGE_NOTHING = new Set(["recordSearch", "clearSearchHistory"]);

type Fact = "balance" | "clause" | "addresses";

/** Made-up values for a redacted address field, valid for it (core/address/schemas.ts). */
const MOBILES: Readonly<Record<string, string>> = { "+853": "66000000", "+852": "56000000", "+86": "13800000000" };

interface Address {
  id: number;
  isDefault: 0 | 1;
  name: string;
  areaCode: "+853" | "+852" | "+86";
  mobile: string;
  area: string;
  address: string;
}

const REDACTED_PARTS = new RegExp(REDACTED_PART.source, "g");

/** An address of a reply as putMember takes it; a redacted part becomes a made-up value of its field. */
function addressOf(raw: unknown): Address | undefined {
  if (!raw || typeof raw !== "object") return undefined;
  const a = raw as Record<string, unknown>;
  const areaCode = (["+853", "+852", "+86"] as const).find((code) => code === a.areaCode) ?? "+853";
  const text = (value: unknown, fallback: string) => {
    const cleaned = String(value ?? "")
      .replace(REDACTED_PARTS, "")
      .trim();
    return cleaned === "" ? fallback : cleaned;
  };
  const mobile = String(a.mobile ?? "").replace(/[\s-]+/g, "");
  return {
    id: Number(a.id),
    isDefault: Number(a.isDefault) === 1 ? 1 : 0,
    name: text(a.name, "Member"),
    areaCode,
    mobile: /^\d+$/.test(mobile) ? mobile : MOBILES[areaCode],
    area: text(a.area, "澳門半島"),
    address: text(a.address, "新馬路 1 號"),
  };
}

const dataOf = (file: RecordingFile): Record<string, unknown> | undefined => {
  const { status, body } = file.recording.response;
  if (status !== 200 || !body || typeof body !== "object") return undefined;
  const envelope = body as { code?: unknown; data?: unknown };
  if (Number(envelope.code) !== 200 || !envelope.data || typeof envelope.data !== "object") return undefined;
  return envelope.data as Record<string, unknown>;
};

function succeeded(file: RecordingFile): boolean {
  const { status, body } = file.recording.response;
  const code = body && typeof body === "object" && "code" in body ? Number((body as { code: unknown }).code) : 200;
  return status < 400 && code === 200;
}

/** The facts a call may change: none, one, or every fact of the balance's (an unknown state change). */
function changes(file: RecordingFile): Fact | undefined {
  const { kind, request } = file.recording;
  if (kind !== "api" || request.method === "GET") return undefined;
  const name = endpointFor(request.method, request.path)?.name;
  if (name && (SIGN_IN.has(name) || CHANGE_NOTHING.has(name))) return undefined;
  return (name === undefined ? undefined : CHANGES[name]) ?? "balance";
}

class Reading {
  readonly state: PersonaState = {};
  readonly changed = new Set<Fact>();
  readonly seen = new Set<Fact | "nickname" | "next">();
  readonly late = new Set<Fact>();

  /** Takes a fact's value the first time it shows; notes when a change came before. */
  take(fact: Fact, apply: () => void): void {
    if (this.seen.has(fact)) return;
    this.seen.add(fact);
    if (this.changed.has(fact)) this.late.add(fact);
    apply();
  }
}

const LATE_NOTES: Record<Fact, string> = {
  balance: "its balance shows only after a recorded change: replies before it may differ",
  clause: "the terms' status shows only after the member answered them: replies before it may differ",
  addresses: "its address book shows only after a recorded change: replies before it may differ",
};

/** The personas of recordings, in the order their members first appear; `login` stands for every member. */
export function personasOf(files: readonly RecordingFile[], login?: string): Persona[] {
  const readings = new Map<string, Reading>();
  for (const file of files) {
    const member = login ?? file.recording.needs?.member;
    if (!member) continue;
    if (!readings.has(member)) readings.set(member, new Reading());
    const reading = readings.get(member)!;
    const { request } = file.recording;
    const name = file.recording.kind === "api" ? endpointFor(request.method, request.path)?.name : undefined;
    const data = dataOf(file);
    if (data && name === "macaupassSave" && typeof data.nickname === "string" && data.nickname.trim() !== "" && !reading.seen.has("nickname")) {
      reading.seen.add("nickname");
      reading.state.nickname = data.nickname.replace(REDACTED_PARTS, "").trim().slice(0, 40) || undefined;
    }
    if (data && name === "basicInformation")
      reading.take("balance", () => {
        const count = (value: unknown) => Math.max(0, Math.trunc(Number(value) || 0));
        Object.assign(reading.state, { point: count(data.point), amount: count(data.amount), count: count(data.count), revision: count(data.revision) });
      });
    if (data && name === "clause") reading.take("clause", () => (reading.state.clauseStatus = Number(data.status) === 0 ? 0 : 1));
    if (data && name === "userAddressList" && Array.isArray(data.snatchList)) {
      const list = data.snatchList;
      reading.take("addresses", () => (reading.state.addresses = list.map(addressOf).filter((address) => address !== undefined)));
    }
    // A new address (no id asked for): the book before it, and the id the target must give it.
    if (data && name === "userAddressSave" && (request.body as { id?: unknown } | undefined)?.id === undefined && typeof data.id === "number") {
      const added = data.id;
      if (!reading.seen.has("next")) {
        reading.seen.add("next");
        reading.state.nextAddressId = added;
      }
      if (!reading.seen.has("addresses") && Array.isArray(data.snatchList)) {
        reading.seen.add("addresses");
        reading.state.addresses = data.snatchList
          .map(addressOf)
          .filter((address) => address !== undefined && address.id !== added)
          .map((address) => address!);
      }
    }
    // A refusal changed nothing.
    const changed = succeeded(file) ? changes(file) : undefined;
    if (changed) reading.changed.add(changed);
  }
  return [...readings].map(([openId, reading]) => ({ openId, state: withOneDefault(reading.state), notes: [...reading.late].map((fact) => LATE_NOTES[fact]) }));
}

/** A book with addresses has exactly one default (sandbox/domain/addresses.ts): the newest when a reply showed none. */
function withOneDefault(state: PersonaState): PersonaState {
  const addresses = state.addresses;
  if (!addresses || addresses.length === 0 || addresses.filter((address) => address.isDefault === 1).length === 1) return state;
  const newest = Math.max(...addresses.map((address) => address.id));
  return { ...state, addresses: addresses.map((address) => ({ ...address, isDefault: address.id === newest ? 1 : 0 })) };
}

/** One line about a persona created on the target: whom, and what it holds. */
export function describePersona(persona: Persona): string {
  const { state } = persona;
  const held = [`${state.point ?? 0} mCoin`, `${state.addresses?.length ?? 0} address${state.addresses?.length === 1 ? "" : "es"}`];
  if (state.nickname) held.unshift(state.nickname);
  return `${persona.openId} (${held.join(", ")})`;
}

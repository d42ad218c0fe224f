/**
 * Stand-ins for a member's personal data (the fields core/api/personal.ts declares), made from the
 * real value with a keyed hash: the same value always gets the same stand-in under one key (in every
 * file of a recording, JSON and HAR alike, and in the next session on the same machine), the key
 * never reaches a recording, and without it a stand-in says nothing of the value (a phone number's
 * eight digits could be found from an unkeyed hash by trying them all).
 *
 * Each stand-in keeps the field valid, so a served or replayed recording still passes the contract:
 * a Macau mobile stays 8 digits starting with 6, a name a name in the same script, a redemption
 * code as many digits (which redeem nothing real), coordinates a nearby public place, an id a valid
 * id. The real values stay in memory only, to be replaced wherever else they show (a name inside a
 * remark, an open id in a path).
 */
import { createHmac } from "node:crypto";
import { PHOTO_STAND_IN, type PersonalKind } from "#core/api/personal";

/** Latin and Chinese names a stand-in is drawn from: common, and no one's in particular. */
const LATIN_GIVEN = ["Alex", "Sam", "Chris", "Jamie", "Robin", "Taylor", "Morgan", "Casey", "Jordan", "Riley", "Avery", "Quinn", "Rui", "Ines", "Tiago", "Marta"];
const LATIN_FAMILY = ["Lee", "Silva", "Costa", "Santos", "Lopes", "Pereira", "Chan", "Wong", "Leung", "Ho", "Lam", "Cheung", "Ng", "Lau", "Fong", "Tam"];
const HAN_FAMILY = ["陳", "黃", "李", "張", "梁", "何", "林", "吳", "劉", "鄭", "馮", "譚", "蔡", "郭", "曾", "羅"];
const HAN_GIVEN = ["志明", "美儀", "家豪", "詠欣", "俊傑", "淑芬", "偉強", "嘉敏", "子軒", "雅婷", "國華", "慧玲", "文傑", "曉彤", "浩然", "佩珊"];
/** Public streets of Macau, for a street address's stand-in. */
const LATIN_STREETS = ["Avenida de Almeida Ribeiro", "Rua do Campo", "Avenida da Praia Grande", "Rua de Pedro Nolasco da Silva", "Rua do Cunha", "Avenida do Conselheiro Ferreira de Almeida"];
const HAN_STREETS = ["新馬路", "水坑尾街", "南灣大馬路", "白馬行", "官也街", "荷蘭園大馬路"];

/** Public places of Macau: where a member's location moves to (the nearest one). */
export const PUBLIC_PLACES: readonly { name: string; lat: number; lng: number }[] = [
  { name: "Senado Square", lat: 22.1937, lng: 113.5399 },
  { name: "Ruins of St. Paul's", lat: 22.1972, lng: 113.5409 },
  { name: "A-Ma Temple", lat: 22.186, lng: 113.5313 },
  { name: "Macau Tower", lat: 22.1797, lng: 113.5369 },
  { name: "Guia Fortress", lat: 22.1969, lng: 113.5494 },
  { name: "Macau Science Center", lat: 22.1869, lng: 113.5587 },
  { name: "Taipa Houses", lat: 22.1535, lng: 113.5564 },
  { name: "Coloane Village", lat: 22.1176, lng: 113.5601 },
];

const HAN = /\p{Script=Han}/u;

/** The public place nearest to a location (by degrees: the places are a few kilometres apart). */
export function nearestPlace(lat: number | undefined, lng: number | undefined): { lat: number; lng: number } {
  const distance = (place: { lat: number; lng: number }) => (lat === undefined ? 0 : (place.lat - lat) ** 2) + (lng === undefined ? 0 : (place.lng - lng) ** 2);
  return PUBLIC_PLACES.reduce((best, place) => (distance(place) < distance(best) ? place : best));
}

/** Deterministic draws from a keyed hash of one value. */
class Draws {
  private bytes: Buffer;
  private next = 0;
  constructor(
    private readonly key: Buffer,
    private readonly seed: string,
  ) {
    this.bytes = createHmac("sha256", key).update(seed).digest();
  }
  /** A whole number below `below`. */
  below(below: number): number {
    if (this.next + 4 > this.bytes.length) {
      this.bytes = createHmac("sha256", this.key).update(this.bytes).digest();
      this.next = 0;
    }
    const value = this.bytes.readUInt32BE(this.next);
    this.next += 4;
    return value % below;
  }
  pick<T>(list: readonly T[]): T {
    return list[this.below(list.length)];
  }
  hex(length: number): string {
    return Array.from({ length }, () => this.below(16).toString(16)).join("");
  }
}

/** Every character replaced by one of its class (digit, upper, lower); the rest kept from `keep` on. */
function sameShape(value: string, draws: Draws, keep = 0): string {
  return [...value]
    .map((char, index) => {
      if (index < keep) return char;
      if (/\d/.test(char)) return String(draws.below(10));
      if (/[A-Z]/.test(char)) return String.fromCharCode(65 + draws.below(26));
      if (/[a-z]/.test(char)) return String.fromCharCode(97 + draws.below(26));
      return char;
    })
    .join("");
}

/**
 * A phone number of the same form: a country code kept, the national number's leading digit (which
 * says a mobile, and whose) kept and, for the mainland's, the second; the other digits drawn.
 */
function phoneStandIn(value: string, draws: Draws): string {
  const prefix = /^\s*(?:\+|00)(?:853|852|86)[\s-]?/.exec(value)?.[0] ?? /^\s*\+\d{1,3}[\s-]?/.exec(value)?.[0] ?? "";
  const national = value.slice(prefix.length);
  const lead = prefix.includes("86") && !prefix.includes("85") ? 2 : /^1[3-9]/.test(national) && national.replace(/\D/g, "").length === 11 ? 2 : 1;
  let kept = 0;
  let seen = 0;
  for (const char of national) {
    if (seen >= lead) break;
    kept += 1;
    if (/\d/.test(char)) seen += 1;
  }
  return prefix + sameShape(national, draws, kept);
}

function nameStandIn(value: string, draws: Draws): string {
  if (HAN.test(value)) return `${draws.pick(HAN_FAMILY)}${draws.pick(HAN_GIVEN)}`.slice(0, Math.max(2, [...value].length));
  const words = value.trim().split(/\s+/).length;
  const name = words >= 2 ? `${draws.pick(LATIN_GIVEN)} ${draws.pick(LATIN_FAMILY)}` : draws.pick(LATIN_FAMILY);
  return value === value.toUpperCase() ? name.toUpperCase() : name;
}

function streetStandIn(value: string, draws: Draws): string {
  const number = 1 + draws.below(120);
  return HAN.test(value) ? `${draws.pick(HAN_STREETS)} ${number} 號` : `${draws.pick(LATIN_STREETS)} ${number}`;
}

/** Order and coupon numbers carry the day they were made (harness/serve/book.ts): that part stays. */
const DATED_NUMBER = /^(MC|AM)(\d{8})(\d+)$/;

/** A text shorter than this is not hunted elsewhere: a two-letter name would be cut out of words. */
const MIN_HUNTED = { han: 2, other: 4 };

export class Pseudonyms {
  private readonly byValue = new Map<string, string | null>();
  private readonly made = new Set<string>();
  /** Real texts, to be replaced wherever else they show, with their stand-ins. */
  private readonly reals = new Map<string, string>();
  /** A membership number's last four digits and its stand-in's, for the masked form replies show. */
  private readonly lastFour = new Map<string, string>();
  private matcher: RegExp | null = null;

  /**
   * @param key the secret the stand-ins are made with (never written with a recording)
   * @param notPersonal values known to be made up (a sandbox's demo members): kept as they are
   */
  constructor(
    private readonly key: Buffer,
    private readonly notPersonal: ReadonlySet<string> = new Set(),
  ) {}

  /** The stand-ins made so far, and the made-up values kept: what a scan may find and let pass. */
  get allowed(): ReadonlySet<string> {
    return new Set([...this.made, ...this.notPersonal]);
  }

  /** How many real texts are known, to tell when files written before need going over again. */
  get size(): number {
    return this.reals.size;
  }

  /** Whether a value is a stand-in made here, or a made-up value kept. */
  isStandIn(value: unknown): boolean {
    return (typeof value === "string" || typeof value === "number") && (this.made.has(String(value)) || this.notPersonal.has(String(value)));
  }

  /**
   * The stand-in of one field's value (a number stays a number, a text a text); null, empty and
   * placeholders stay as they are. Coordinates go in pairs: see `location`.
   */
  standIn(kind: PersonalKind, value: string | number): string | number | null {
    const text = String(value);
    if (text.trim() === "" || /^<[^>]+>$/.test(text) || this.isStandIn(text)) return value;
    if (kind === "latitude" || kind === "longitude") {
      const place = nearestPlace(kind === "latitude" ? Number(value) : undefined, kind === "longitude" ? Number(value) : undefined);
      return this.keepType(value, kind === "latitude" ? place.lat : place.lng);
    }
    // Typed text is kept, with the real values known in it replaced (the detectors see to the rest).
    if (kind === "free-text") return this.replaceIn(text);
    // A photo becomes one blank picture: nothing of the member's is kept, and the picture is never
    // hunted for in other texts (it is hundreds of kilobytes).
    if (kind === "photo") {
      this.made.add(PHOTO_STAND_IN);
      return PHOTO_STAND_IN;
    }
    const id = `${kind}\u0000${text}`;
    if (this.byValue.has(id)) return this.byValue.get(id)!;
    const made = this.make(kind, text, new Draws(this.key, id));
    this.byValue.set(id, made);
    if (made !== null) {
      this.made.add(made);
      this.hunt(text, made);
    }
    return typeof value === "number" && made !== null && /^-?\d+(\.\d+)?$/.test(made) ? Number(made) : made;
  }

  /** A member's location moved to the nearest public place, both coordinates together. */
  location(lat: string | number | undefined, lng: string | number | undefined): { lat?: string | number; lng?: string | number } {
    const place = nearestPlace(lat === undefined ? undefined : Number(lat), lng === undefined ? undefined : Number(lng));
    const out: { lat?: string | number; lng?: string | number } = {};
    if (lat !== undefined) out.lat = this.keepType(lat, place.lat);
    if (lng !== undefined) out.lng = this.keepType(lng, place.lng);
    return out;
  }

  /** Every real text known replaced by its stand-in, in a text. */
  replaceIn(text: string): string {
    if (this.reals.size === 0 || text === "") return text;
    this.matcher ??= new RegExp(
      [...this.reals.keys()]
        .sort((a, b) => b.length - a.length)
        .map((real) => (HAN.test(real) ? escapeRegExp(real) : `(?<![\\p{L}\\p{N}])${escapeRegExp(real)}(?![\\p{L}\\p{N}])`))
        .join("|"),
      "gu",
    );
    return text.replace(this.matcher, (match) => this.reals.get(match) ?? match);
  }

  /** Whether a text still holds a real value known (for the scan; the value is not returned). */
  holdsReal(text: string): boolean {
    return this.reals.size > 0 && this.replaceIn(text) !== text;
  }

  private keepType(value: string | number, made: number): string | number {
    this.made.add(String(made));
    return typeof value === "number" ? made : String(made);
  }

  private hunt(real: string, made: string): void {
    const trimmed = real.trim();
    if ([...trimmed].length < (HAN.test(trimmed) ? MIN_HUNTED.han : MIN_HUNTED.other) || this.notPersonal.has(trimmed)) return;
    for (const spelling of new Set([trimmed, encodeURIComponent(trimmed)])) this.reals.set(spelling, spelling === trimmed ? made : encodeURIComponent(made));
    this.matcher = null;
  }

  private make(kind: Exclude<PersonalKind, "latitude" | "longitude" | "free-text" | "photo">, text: string, draws: Draws): string | null {
    switch (kind) {
      case "member-id":
        return `p-${draws.hex(8)}`;
      case "name":
        return nameStandIn(text, draws);
      case "phone":
        return phoneStandIn(text, draws);
      case "street-address":
        return streetStandIn(text, draws);
      case "redemption-code":
        return sameShape(text, draws);
      case "coupon-number": {
        const dated = DATED_NUMBER.exec(text);
        return dated ? `${dated[1]}${dated[2]}${sameShape(dated[3], draws)}` : sameShape(text, draws);
      }
      case "membership-number": {
        const digits = text.replace(/\D/g, "");
        if (/[^\d\s-]/.test(text) && digits.length === 4) return text.replace(digits, this.lastFour.get(digits) ?? sameShape(digits, draws));
        const made = sameShape(text, draws);
        if (digits.length > 4) this.lastFour.set(digits.slice(-4), made.replace(/\D/g, "").slice(-4));
        return made;
      }
      case "avatar":
        return null;
      case "email":
        return `member-${draws.hex(6)}@example.com`;
    }
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

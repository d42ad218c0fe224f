/**
 * Recordings served as an environment (`mcoin sandbox --recordings DIR`): a recorded reply answers
 * the requests that match its request, as Hoverfly's simulate mode and mitmproxy's server replay do.
 *
 * - **Lenient matching**: the method and the path exactly; of the query and the body, only what the
 *   recording holds must be there and equal (the request may carry more), and a placeholder the
 *   recorder left for a secret (`<token>`, `<code>`, `<key:N>`, `<redacted:…>`) or a volatile field
 *   (times, nonces, idempotency keys, login codes) matches any value, as does a field the contract
 *   declares personal (core/api/personal.ts), which holds a stand-in, but typed text. Secure gateway
 *   calls match on their opened request.
 * - **Bound to the member**: an exchange recorded for a member (`needs.member`) answers only the
 *   requests that act as that member (their token's, their sign-in code's); one recorded with the
 *   task center's ciphertext (`needs.cust`) only the secure calls that carry it.
 * - **Port-blind**: an absolute URL in a recorded request names a page of the mall, which ran
 *   wherever it ran: it matches the same page (path, query, fragment) at any origin.
 * - **The served state** (`at`): at the end (the default), a read (GET, HEAD) gets the last reply
 *   recorded for it, what the member saw last; at the start, and for every other call, requests that
 *   match the same recorded exchanges get them in the order recorded (the nth call the nth reply),
 *   then the last again, as WireMock's and Hoverfly's scenarios do
 *   (docs/decisions/034-served-recordings-as-the-member-left-them.md).
 * - **Templating on the way out**: `<token>` in a reply becomes a live session token of the member the
 *   recording belongs to (`needs.member`; no other placeholder reaches a client either:
 *   ./live-values.ts), so the calls after a recorded sign-in carry a token the
 *   stateful sandbox knows too; times (numbers in epoch milliseconds, 2001 to 2286) move by as much
 *   as the clock moved since the exchange was recorded, all of them, so what was due in a week still
 *   is and a payment window stays as long; order, coupon and miles numbers, which carry the day they
 *   were made, move to the same day, and a request that names a moved number matches the recording
 *   that named the original.
 * - **Strict** (`--strict`): a gateway call no recording matches gets a 404 naming the closest
 *   recorded exchanges and what differed; without it, the stateful sandbox answers.
 */
import type { NearMiss, NearMissCandidate as Candidate } from "#core/controls/declarations";
import { editDistance } from "#core/text/nearest";
import { ANY_PLACEHOLDER, FILLED_IN, VOLATILE_REQUEST_FIELDS, fieldKey } from "#harness/recording";
import { ANY_ELEMENT, PERSONAL_KINDS, type PersonalKind, type PersonalPath } from "#core/api/personal";
import { exchangeFields } from "#harness/redaction";
import type { RecordedPictures } from "./pictures";
import { personasOf, type Persona, type ServedAt } from "./personas";

/** A recorded exchange as the sandbox serves it (the CLI reads recording files into these). */
export interface RecordedExchange {
  /** Where it came from (a file, a HAR entry), for the near-miss report. */
  source: string;
  name: string;
  kind: "api" | "secure";
  method: string;
  path: string;
  query: Record<string, string>;
  body?: unknown;
  status: number;
  /** The reply body (the opened reply for secure calls). */
  reply: unknown;
  /** Whether it carried the member's token: a call with one never gets the reply to a call without. */
  auth?: boolean;
  /** The member it belongs to, whose token fills `<token>` in its reply: it answers no one else. */
  member?: string;
  /** The task center's member ciphertext a secure call was recorded with (a sandbox's demo one). */
  cust?: string;
  /** When it was recorded (epoch ms), when the recording says so to the second. */
  recordedAt?: number;
  /** The pictures its recording's folder kept, which its reply points at as it goes out (./pictures.ts). */
  pictures?: RecordedPictures;
}

/**
 * Order numbers (MC), their coupons' (the order's and two digits) and Asia Miles orders' (AM): the
 * prefix, the day in Macau they were made (yyyymmdd), a serial (sandbox/domain/orders.ts).
 */
const DATED_NUMBER = /^(MC|AM)(\d{4})(\d{2})(\d{2})(\d{6}(?:\d{2})?)$/;

const DAY_MS = 86_400_000;
const MACAU_OFFSET_MS = 8 * 3_600_000;

/** The number of the day in Macau a moment falls on. */
export const macauDayNumber = (at: number) => Math.floor((at + MACAU_OFFSET_MS) / DAY_MS);

/** A dated number moved by `shiftDays`: its day moves, its serial stays. */
function movedNumber(value: string, shiftDays: number): string {
  const parts = DATED_NUMBER.exec(value);
  if (!parts || shiftDays === 0) return value;
  const day = Date.UTC(Number(parts[2]), Number(parts[3]) - 1, Number(parts[4])) + shiftDays * DAY_MS;
  return `${parts[1]}${new Date(day).toISOString().slice(0, 10).replaceAll("-", "")}${parts[5]}`;
}

/** The same dated number but for its day (the recording's and a moved one). */
function sameDatedNumber(recorded: string, actual: unknown): boolean {
  const a = DATED_NUMBER.exec(recorded);
  const b = typeof actual === "string" ? DATED_NUMBER.exec(actual) : null;
  return a !== null && b !== null && a[1] === b[1] && a[5] === b[5];
}

/** Epoch milliseconds from 2001 to 2286: no id, count or amount of the gateway's comes near. */
const EPOCH_MS = { min: 1e12, max: 1e13 };

export interface RecordedRequest {
  kind: "api" | "secure";
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  /** Whether it carries a token (its value is never compared). */
  auth: boolean;
  /** The member it acts as, as the sandbox knows them (its token's, its sign-in code's). */
  member?: string;
  /** The task center's member ciphertext a secure call carries (its Token header). */
  cust?: string;
}

export type RecordedMatch = { exchange: RecordedExchange } | { nearMiss: NearMiss };

/** Calls that only read: at the end, they show the last state recorded. */
const READS = new Set(["GET", "HEAD"]);

export class RecordedBook {
  private readonly served = new Map<RecordedExchange, number>();
  /** The members the recordings belong to, as the sandbox lists them on its sign-in page. */
  readonly personas: readonly Persona[];

  constructor(
    readonly exchanges: readonly RecordedExchange[],
    readonly strict: boolean,
    readonly at: ServedAt = "end",
  ) {
    this.personas = personasOf(exchanges, at);
  }

  get size(): number {
    return this.exchanges.length;
  }

  /** Sequences start again (a reset). */
  reset(): void {
    this.served.clear();
  }

  /**
   * The recorded exchange that answers `request`: at the end, the last of those that match a read;
   * else the first of them not yet served, then the last of them again; the near miss when none
   * matches (for --strict).
   */
  match(request: RecordedRequest): RecordedMatch {
    const candidates = this.exchanges.filter((exchange) => exchange.kind === request.kind);
    const matching = candidates.filter((exchange) => differences(exchange, request).length === 0);
    if (matching.length === 0) return { nearMiss: this.nearMiss(request, candidates) };
    const last = matching[matching.length - 1];
    const next = this.at === "end" && READS.has(request.method.toUpperCase()) ? last : (matching.find((exchange) => !this.served.has(exchange)) ?? last);
    this.served.set(next, (this.served.get(next) ?? 0) + 1);
    return { exchange: next };
  }

  private nearMiss(request: RecordedRequest, candidates: readonly RecordedExchange[]): NearMiss {
    const closest: Candidate[] = candidates
      .map((exchange) => ({ exchange, differs: differences(exchange, request) }))
      // The nearest path first (a misspelt path is the likeliest miss), then the fewest differences.
      .sort((a, b) => editDistance(a.exchange.path, request.path) - editDistance(b.exchange.path, request.path) || a.differs.length - b.differs.length)
      .slice(0, 3)
      .map(({ exchange, differs }) => ({ name: `${exchange.name} (${exchange.source})`, method: exchange.method, path: exchange.path, differs }));
    const reason = closest[0]?.differs[0]?.split(" ")[0];
    return {
      reason: reason === "method" ? "method" : reason === "path" || reason === undefined ? "path" : reason === "query" ? "query" : "body",
      message: `no recorded exchange matches ${request.method} ${request.path}${closest[0] ? `; the closest: ${closest[0].method} ${closest[0].path} (${closest[0].differs.join(", ")})` : ""}`,
      closest,
    };
  }
}

/** What differs between a recorded request and a request, leniently; empty when it matches. */
export function differences(exchange: RecordedExchange, request: RecordedRequest): string[] {
  const differs: string[] = [];
  if (exchange.path !== request.path) differs.push("path");
  if (exchange.method.toUpperCase() !== request.method.toUpperCase()) differs.push("method");
  if (exchange.auth !== undefined && exchange.auth !== request.auth) differs.push(exchange.auth ? "header Authorization (recorded with a token)" : "header Authorization (recorded without a token)");
  if (exchange.member !== undefined && exchange.member !== request.member)
    differs.push(`member (recorded for ${exchange.member}, ${request.member === undefined ? "the request names no member" : `the request is ${request.member}'s`})`);
  if (exchange.cust !== undefined && exchange.cust !== request.cust) differs.push(`member (recorded with the task center's ciphertext ${exchange.cust}, the request carries another)`);
  const personal = standInFields(exchange);
  for (const [key, value] of Object.entries(exchange.query)) {
    if (VOLATILE_REQUEST_FIELDS.has(fieldKey(key)) || ANY_PLACEHOLDER.test(value) || personal.query.has(key)) continue;
    if (request.query[key] !== value && !sameDatedNumber(value, request.query[key]) && !samePageOfTheMall(value, request.query[key])) differs.push(`query ${key}`);
  }
  if (exchange.body !== undefined) bodyDifferences(exchange.body, request.body, { at: "$", keys: [], personal: personal.body }, differs);
  return differs;
}

/** Where a body comparison is: its JSONPath for messages, its keys (array elements as `*`) for the personal fields. */
interface BodyPlace {
  at: string;
  keys: readonly string[];
  personal: ReadonlySet<string>;
}

const placeKey = (keys: readonly string[]) => keys.join("\u0000");

/** Kinds whose recorded value is a stand-in of what the member gave, which no one sends again: any value matches. */
const STAND_IN_KINDS: ReadonlySet<PersonalKind> = new Set(PERSONAL_KINDS.filter((kind) => kind !== "free-text"));

const standInFieldsOf = new WeakMap<RecordedExchange, { query: ReadonlySet<string>; body: ReadonlySet<string> }>();

/**
 * The request fields the contract declares personal (core/api/personal.ts), but typed text: the
 * recorder wrote stand-ins there (harness/redaction/pseudonyms.ts), so a member's real name, phone or
 * street, or another stand-in, asks for the same reply. Typed text (a search) still decides.
 */
function standInFields(exchange: RecordedExchange): { query: ReadonlySet<string>; body: ReadonlySet<string> } {
  let found = standInFieldsOf.get(exchange);
  if (!found) {
    const fields = exchangeFields(exchange.kind, exchange.method, exchange.path);
    const keysOf = (paths: readonly PersonalPath[]) => new Set(paths.filter(({ kind }) => STAND_IN_KINDS.has(kind)).map(({ path }) => placeKey(path)));
    found = { query: keysOf(fields.query), body: keysOf(fields.request) };
    standInFieldsOf.set(exchange, found);
  }
  return found;
}

function bodyDifferences(recorded: unknown, actual: unknown, place: BodyPlace, differs: string[]): void {
  const { at, keys, personal } = place;
  if (typeof recorded === "string" && ANY_PLACEHOLDER.test(recorded)) return;
  if (personal.size > 0 && personal.has(placeKey(keys))) return;
  if (Array.isArray(recorded)) {
    if (!Array.isArray(actual) || actual.length !== recorded.length) {
      differs.push(`body ${at}`);
      return;
    }
    recorded.forEach((item, index) => bodyDifferences(item, actual[index], { at: `${at}[${index}]`, keys: [...keys, ANY_ELEMENT], personal }, differs));
    return;
  }
  if (recorded !== null && typeof recorded === "object") {
    if (actual === null || typeof actual !== "object" || Array.isArray(actual)) {
      differs.push(`body ${at}`);
      return;
    }
    for (const [key, value] of Object.entries(recorded)) {
      if (VOLATILE_REQUEST_FIELDS.has(fieldKey(key))) continue;
      bodyDifferences(value, (actual as Record<string, unknown>)[key], { at: `${at}.${key}`, keys: [...keys, key], personal }, differs);
    }
    return;
  }
  if (recorded !== actual && !(typeof recorded === "string" && (sameDatedNumber(recorded, actual) || samePageOfTheMall(recorded, actual)))) differs.push(`body ${at}`);
}

/** What an absolute http(s) URL names within its site: the path, the query and the fragment. */
function pageOf(value: unknown): string | undefined {
  if (typeof value !== "string" || !/^https?:\/\//i.test(value)) return undefined;
  try {
    const url = new URL(value);
    return url.href.slice(url.origin.length);
  } catch {
    return undefined;
  }
}

/**
 * The same page at any origin. The mall names its own pages to the gateway (the page the host's
 * JS-SDK is configured for, a return address), never another site's, and it runs wherever it was
 * started (every Playwright worker on its own port): the origin of a URL a request carries is where
 * the mall happened to run, not what it asked for.
 */
function samePageOfTheMall(recorded: string, actual: unknown): boolean {
  const page = pageOf(recorded);
  return page !== undefined && page === pageOf(actual);
}

/**
 * A recorded reply as it goes out: `<token>` filled with `token()` (a live token of the exchange's
 * member), times moved by `shiftMs` and dated numbers by `shiftDays` (Macau days).
 */
export function templated(reply: unknown, fill: { token: () => string | undefined; shiftMs: number; shiftDays: number }): unknown {
  if (typeof reply === "string") return reply === FILLED_IN.token ? (fill.token() ?? reply) : movedNumber(reply, fill.shiftDays);
  if (typeof reply === "number") return fill.shiftMs !== 0 && Number.isInteger(reply) && reply >= EPOCH_MS.min && reply < EPOCH_MS.max ? reply + fill.shiftMs : reply;
  if (Array.isArray(reply)) return reply.map((item) => templated(item, fill));
  if (reply !== null && typeof reply === "object") return Object.fromEntries(Object.entries(reply).map(([name, value]) => [name, templated(value, fill)]));
  return reply;
}

/**
 * Recordings served as an environment (`mcoin sandbox --recordings DIR`): a recorded reply answers
 * the requests that match its request, as Hoverfly's simulate mode and mitmproxy's server replay do.
 *
 * - **Lenient matching**: the method and the path exactly; of the query and the body, only what the
 *   recording holds must be there and equal (the request may carry more), and a placeholder the
 *   recorder left for a secret (`<token>`, `<code>`, `<key:N>`, `<redacted:…>`) or a volatile field
 *   (times, nonces, idempotency keys, login codes) matches any value. Secure gateway calls match on
 *   their opened request.
 * - **Sequences**: requests that match the same recorded exchanges get them in the order recorded
 *   (the nth call the nth reply), then the last again, as WireMock's and Hoverfly's scenarios do.
 * - **Templating on the way out**: `<token>` in a reply becomes a live session token of the member the
 *   recording belongs to (`needs.member`), so the calls after a recorded sign-in carry a token the
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
import type { RecordedPictures } from "./pictures";

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
  /** The member it belongs to, whose token fills `<token>` in its reply. */
  member?: string;
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
}

export type RecordedMatch = { exchange: RecordedExchange } | { nearMiss: NearMiss };

export class RecordedBook {
  private readonly served = new Map<RecordedExchange, number>();

  constructor(
    readonly exchanges: readonly RecordedExchange[],
    readonly strict: boolean,
  ) {}

  get size(): number {
    return this.exchanges.length;
  }

  /** Sequences start again (a reset). */
  reset(): void {
    this.served.clear();
  }

  /**
   * The recorded exchange that answers `request`: the first of those that match not yet served, else
   * the last of them again; undefined when none matches (with the near miss, for --strict).
   */
  match(request: RecordedRequest): RecordedMatch | undefined {
    const candidates = this.exchanges.filter((exchange) => exchange.kind === request.kind);
    const matching = candidates.filter((exchange) => differences(exchange, request).length === 0);
    if (matching.length === 0) return { nearMiss: this.nearMiss(request, candidates) };
    const next = matching.find((exchange) => !this.served.has(exchange)) ?? matching[matching.length - 1];
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
  for (const [key, value] of Object.entries(exchange.query)) {
    if (VOLATILE_REQUEST_FIELDS.has(fieldKey(key)) || ANY_PLACEHOLDER.test(value)) continue;
    if (request.query[key] !== value && !sameDatedNumber(value, request.query[key])) differs.push(`query ${key}`);
  }
  if (exchange.body !== undefined) bodyDifferences(exchange.body, request.body, "$", differs);
  return differs;
}

function bodyDifferences(recorded: unknown, actual: unknown, at: string, differs: string[]): void {
  if (typeof recorded === "string" && ANY_PLACEHOLDER.test(recorded)) return;
  if (Array.isArray(recorded)) {
    if (!Array.isArray(actual) || actual.length !== recorded.length) {
      differs.push(`body ${at}`);
      return;
    }
    recorded.forEach((item, index) => bodyDifferences(item, actual[index], `${at}[${index}]`, differs));
    return;
  }
  if (recorded !== null && typeof recorded === "object") {
    if (actual === null || typeof actual !== "object" || Array.isArray(actual)) {
      differs.push(`body ${at}`);
      return;
    }
    for (const [key, value] of Object.entries(recorded)) {
      if (VOLATILE_REQUEST_FIELDS.has(fieldKey(key))) continue;
      bodyDifferences(value, (actual as Record<string, unknown>)[key], `${at}.${key}`, differs);
    }
    return;
  }
  if (recorded !== actual && !(typeof recorded === "string" && sameDatedNumber(recorded, actual))) differs.push(`body ${at}`);
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

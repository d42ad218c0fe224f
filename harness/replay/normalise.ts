/**
 * Values that differ on every run of the same exchange, so that a replay against a sandbox reset to
 * the same fixtures shows no difference (docs/decisions/009-replayable-recordings.md):
 *
 * - the gateway's host in absolute URLs (picture URLs carry the address the gateway was called at,
 *   which is the recorder's upstream then and the replay's target now);
 * - times: epoch milliseconds and date or date-time texts, whole or inside a text (the sandbox seeds
 *   its dates relative to its reset, and stamps orders with the gateway's clock);
 * - order and coupon numbers (they embed the day) and the random codes a purchase is given
 *   (redemption codes, payment ids, nonces).
 *
 * A recorded value stands for the replayed one when both are the same kind of volatile value in the
 * same form: a time for a time (a number for a number, the same text around it), a URL with the same
 * path on the replay's host, a code of the same length. A value of another kind still differs.
 * Which fields hold such numbers and codes is declared with the format (harness/recording/volatile.ts).
 */
import { ANY_ELEMENT, type PersonalKind, type PersonalPath } from "#core/api/personal";
import { DATED_NUMBER_FIELDS, RANDOM_CODE_FIELDS, fieldKey } from "#harness/recording";

/** Where the replay sent its request: its origin is the host a reply's URLs name now. */
export interface VolatileContext {
  /** e.g. `http://127.0.0.1:4600`. */
  targetOrigin?: string;
  /**
   * The reply's personal fields (core/api/personal.ts): the recording holds stand-ins there
   * (harness/redaction/pseudonyms.ts), which stand for the target's values of the same form.
   */
  personal?: readonly PersonalPath[];
  /** For a call the registry does not declare: the names personal wherever the registry uses them. */
  personalNames?: ReadonlyMap<string, PersonalKind>;
}

/** The personal kind of the place `path` in a reply, if the contract declares one there. */
export function personalKindAt(personal: readonly PersonalPath[] | undefined, path: readonly (string | number)[]): PersonalKind | undefined {
  return personal?.find((field) => field.path.length === path.length && field.path.every((part, index) => part === ANY_ELEMENT || part === String(path[index])))?.kind;
}

/** A text's form: each digit a 9, each letter an a. */
const formOf = (text: string) => text.replace(/\d/g, "9").replace(/\p{L}/gu, "a");

/**
 * Whether a stand-in recorded for personal data stands for the replayed value: codes and numbers of
 * the same form (a coupon's number, a redemption code, a phone), any non-empty text for ids, names,
 * streets and e-mail addresses, any picture or none for an avatar, any number for a coordinate.
 */
export function personalMatch(kind: PersonalKind, expected: unknown, actual: unknown): boolean {
  if (kind === "avatar") return (expected === null || typeof expected === "string") && (actual === null || actual === undefined || typeof actual === "string");
  if (kind === "latitude" || kind === "longitude") return Number.isFinite(Number(expected)) && Number.isFinite(Number(actual));
  if (typeof expected !== "string" || typeof actual !== "string" || expected === "" || actual === "") return false;
  if (kind === "redemption-code" || kind === "coupon-number" || kind === "membership-number" || kind === "phone") return formOf(expected) === formOf(actual);
  return kind !== "free-text";
}

/** Epoch milliseconds from 2000-01-01 to 2100-01-01: a time, not an amount or an id. */
const MIN_EPOCH_MS = 946_684_800_000;
const MAX_EPOCH_MS = 4_102_444_800_000;

/** A date (2026-11-26), a date-time with a space or a T, seconds, fractions and an offset optional. */
const DATE_TEXT = /\b(?:19|20|21)\d\d-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])(?:[T ](?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-]\d\d:?\d\d)?)?\b/g;
/** A clock time alone (10:00, 10:00:00). */
const CLOCK_TEXT = /\b(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d)?\b/g;
/** The day an order or coupon number embeds: yyyyMMdd. */
const COMPACT_DAY = /(?:19|20|21)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])/;

export function isEpochMs(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= MIN_EPOCH_MS && value < MAX_EPOCH_MS;
}

/** The text with each date, date-time and clock time replaced by a mark of its form. */
export function withoutTimes(text: string): string {
  return text.replace(DATE_TEXT, (match) => `<time:${match.replace(/\d/g, "9")}>`).replace(CLOCK_TEXT, (match) => `<clock:${match.length}>`);
}

function sameUrlOnTarget(expected: string, actual: string, context: VolatileContext): boolean {
  if (!context.targetOrigin || !/^https?:\/\//i.test(expected) || !/^https?:\/\//i.test(actual)) return false;
  try {
    const recorded = new URL(expected);
    const replayed = new URL(actual);
    const target = new URL(context.targetOrigin);
    // Only the replay's own host is the gateway's echo; a CDN's host is compared as it is.
    if (replayed.origin !== target.origin) return false;
    return `${recorded.pathname}${recorded.search}${recorded.hash}` === `${replayed.pathname}${replayed.search}${replayed.hash}`;
  } catch {
    return false;
  }
}

/**
 * Whether the recorded value stands for the replayed one at this place (`key` is the field's name):
 * both the same kind of volatile value, in the same form.
 */
export function volatileMatch(expected: unknown, actual: unknown, key: string | number | undefined, context: VolatileContext): boolean {
  if (expected === actual) return false;
  if (isEpochMs(expected) && isEpochMs(actual)) return true;
  if (typeof expected !== "string" || typeof actual !== "string" || expected === "" || actual === "") return false;
  const name = typeof key === "string" ? fieldKey(key) : "";
  if (RANDOM_CODE_FIELDS.has(name)) return expected.length === actual.length;
  if (DATED_NUMBER_FIELDS.has(name)) return expected.replace(COMPACT_DAY, "<day>") === actual.replace(COMPACT_DAY, "<day>");
  if (sameUrlOnTarget(expected, actual, context)) return true;
  const recorded = withoutTimes(expected);
  return recorded !== expected && recorded === withoutTimes(actual);
}

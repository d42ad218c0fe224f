/**
 * A request holds a `<redacted:NAME>` part where a redaction rule hid a value that no replay can fill
 * back in (harness/recording/placeholders.ts). Personal fields of the contract hold valid stand-ins
 * instead (harness/redaction/pseudonyms.ts), but a rule's detector still hides what it finds in text
 * the contract does not declare (a phone number in a refund's remarks, an e-mail address) and in
 * recordings written before stand-ins. Sent literally, such a value is refused (`<redacted:phone>` is
 * no mobile), so the mutation could never replay. A phone or an e-mail address is filled with a valid
 * made-up one of its kind (a mobile of the field's area code beside it); a value that is wholly
 * anything else (a key, a signature, a card, a cookie, a rule of the engineer's) has no valid
 * stand-in and the recording is skipped, naming the field. A part hidden inside a longer text (a
 * card in a remark) is still text, and is sent as it is.
 */
import { REDACTED_PART } from "#harness/recording";

/** Made-up mobiles, valid for each area code (core/address/mobile.ts); Macau's when none is beside it. */
const MOBILES: Readonly<Record<string, string>> = { "+853": "66000000", "+852": "56000000", "+86": "13800000000" };
const EMAIL = "member@example.com";

const REDACTED_PARTS = new RegExp(REDACTED_PART.source, "g");

type Where = (string | number)[];

const named = (where: Where) => where.map(String).join(".") || "(value)";

/** The text with each `<redacted:phone>` and `<redacted:email>` filled; the first other rule's name, where it is. */
function fillText(text: string, areaCode: unknown, where: Where): { text: string } | { reason: string } {
  let refused: string | undefined;
  const filled = text.replace(REDACTED_PARTS, (part) => {
    const rule = part.slice("<redacted:".length, -1);
    if (rule === "phone") return MOBILES[typeof areaCode === "string" ? areaCode : ""] ?? MOBILES["+853"];
    if (rule === "email") return EMAIL;
    // Inside a longer text (a remark, a note) a part hidden is still text: it is sent as it is.
    if (part !== text.trim()) return part;
    refused ??= `the request's ${named(where)} holds ${part}, a redacted value with no valid stand-in: it cannot be sent again (record it with that field pseudonymised, or leave the recording out)`;
    return part;
  });
  return refused ? { reason: refused } : { text: filled };
}

function fill(value: unknown, where: Where, areaCode: unknown): { value: unknown } | { reason: string } {
  if (typeof value === "string") {
    if (!REDACTED_PART.test(value)) return { value };
    const filled = fillText(value, areaCode, where);
    return "reason" in filled ? filled : { value: filled.text };
  }
  if (value === null || typeof value !== "object") return { value };
  const siblingArea = Array.isArray(value) ? undefined : (value as Record<string, unknown>).areaCode;
  const entries = Array.isArray(value) ? value.map((child, index) => [index, child] as const) : Object.entries(value);
  const out: [string | number, unknown][] = [];
  for (const [key, child] of entries) {
    const filled = fill(child, [...where, key], siblingArea);
    if ("reason" in filled) return filled;
    out.push([key, filled.value]);
  }
  return { value: Array.isArray(value) ? out.map(([, child]) => child) : Object.fromEntries(out) };
}

/** A request's path, query and body with redacted phones and e-mail addresses filled, or why it cannot be sent. */
export function fillRedacted<R extends { path: string; query: Record<string, string>; body?: unknown }>(request: R): { request: R } | { reason: string } {
  const path = fill(request.path, ["path"], undefined);
  if ("reason" in path) return path;
  const query = fill(request.query, ["query"], undefined);
  if ("reason" in query) return query;
  const body = request.body === undefined ? { value: undefined } : fill(request.body, ["body"], undefined);
  if ("reason" in body) return body;
  return { request: { ...request, path: path.value as string, query: query.value as Record<string, string>, ...(request.body === undefined ? {} : { body: body.value }) } };
}

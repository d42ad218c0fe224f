/**
 * The placeholders a recording holds where the exchange had a value that must not be kept or cannot
 * be sent again, declared once for the recorder, its redaction and scan, replay and the serving
 * sandbox:
 *
 * - `<token>`, `<cust>`, `<code>`: a member's session token, the task center's member ciphertext, a
 *   login's single-use code; a replay fills them back in, a served recording mints a token;
 * - `<redacted:NAME>`: a value a redaction rule named NAME hid (a phone, a key, a signature), whole
 *   or inside a text; nothing fills it in, and a replayed reply may have anything non-empty there;
 * - `<key:N>`: the Nth distinct Idempotency-Key of a recording session (a role: replay mints one key
 *   per role and run, docs/decisions/009-replayable-recordings.md);
 * - `<sealed>`: a secure gateway body that stayed sealed (a HAR's text, a body without the key).
 */

/** The placeholders a replay fills in, by what they stand for. */
export const FILLED_IN = { token: "<token>", cust: "<cust>", code: "<code>" } as const;
export type FilledIn = keyof typeof FILLED_IN;

/** The placeholders a replay fills in, as texts. */
export const FILLED_IN_PLACEHOLDERS: ReadonlySet<string> = new Set(Object.values(FILLED_IN));

/** A text that is wholly one of the placeholders a replay fills in; its group is the name. */
export const FILLED_IN_TEXT = /^<(token|cust|code)>$/;

/** `<redacted:NAME>`: what a rule named NAME puts in place of what it hides. */
export const redactedPlaceholder = (rule: string): string => `<redacted:${rule}>`;

/** A `<redacted:NAME>` part, whole or inside a text. */
export const REDACTED_PART = /<redacted:[a-z0-9-]+>/;

/** What stands in a secure gateway body that was not opened. */
export const SEALED_TEXT = "<sealed>";

/** `<key:N>`: the Nth distinct idempotency key of a recording session. */
export const keyRole = (n: number): string => `<key:${n}>`;
export const KEY_ROLE = /^<key:([1-9]\d*)>$/;

/** Any placeholder the recorder leaves in a request, as a served recording matches it: it matches any value. */
export const ANY_PLACEHOLDER = /^<(token|cust|code|key:[^>]*|redacted:[^>]*)>$/;

/** Anything shaped like a placeholder inside a text (`<token>`, `<redacted:phone>`, `<key:2>`). */
export const PLACEHOLDER_LIKE = /<[A-Za-z][\w:.-]*>/g;

/** True when a text is only placeholders (`<token>`, `Bearer <token>`, `<redacted:phone>`): nothing left to hide. */
export function isPlaceholderOnly(text: string): boolean {
  return (
    text
      .replace(PLACEHOLDER_LIKE, "")
      .replace(/\bBearer\b/g, "")
      .trim() === ""
  );
}

/** Values for the placeholders a replay fills in. */
export type Placeholders = Partial<Record<FilledIn, string>>;

/** Fills placeholders back in; lists the ones it had no value for. */
export function fillIn(value: unknown, placeholders: Placeholders, missing = new Set<string>()): { value: unknown; missing: Set<string> } {
  if (typeof value === "string") {
    const match = FILLED_IN_TEXT.exec(value);
    if (!match) return { value, missing };
    const filled = placeholders[match[1] as FilledIn];
    if (filled === undefined) missing.add(match[1]);
    return { value: filled ?? value, missing };
  }
  if (Array.isArray(value)) return { value: value.map((item) => fillIn(item, placeholders, missing).value), missing };
  if (value && typeof value === "object") {
    return { value: Object.fromEntries(Object.entries(value).map(([key, child]) => [key, fillIn(child, placeholders, missing).value])), missing };
  }
  return { value, missing };
}

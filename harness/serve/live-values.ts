/**
 * No placeholder of a recording (harness/recording/placeholders.ts) reaches a client of a served
 * recording. A credential the client goes on to use (`<token>`, `<cust>`, `<code>`) needs a live
 * value: the reply gets one, or, when none can be had, the sandbox answers the call itself. What the
 * recorder hid for good (`<redacted:NAME>`, `<key:N>`, `<sealed>`, whole or inside a text) has no
 * value to give back: it goes out masked, as a wallet shows what it will not say.
 */
import { FILLED_IN_TEXT } from "#harness/recording";

/** What stands where the recorder hid a value for good. */
export const MASK = "•••";

/** Every placeholder, whole or inside a text (not an HTML tag: a clause's content holds those). */
const PLACEHOLDER = /<(?:token|cust|code|sealed|key:\d+|redacted:[a-z0-9-]+)>/g;

/** The live values a reply's credentials may take: the task center's ciphertext of the call. */
export interface LiveValues {
  cust?: string;
}

/**
 * `reply` with its credentials' placeholders filled from `live` and every other placeholder masked;
 * `missing` names the first credential with no live value (the recorded reply cannot go out).
 */
export function withLiveValues(reply: unknown, live: LiveValues): { value: unknown } | { missing: string } {
  let missing: string | undefined;
  const walk = (value: unknown): unknown => {
    if (typeof value === "string") {
      const credential = FILLED_IN_TEXT.exec(value)?.[1];
      if (credential === "cust" && live.cust !== undefined) return live.cust;
      if (credential !== undefined) {
        missing ??= value;
        return value;
      }
      return value.replace(PLACEHOLDER, MASK);
    }
    if (Array.isArray(value)) return value.map(walk);
    if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, walk(item)]));
    return value;
  };
  const value = walk(reply);
  return missing === undefined ? { value } : { missing };
}

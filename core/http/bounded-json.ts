/**
 * JSON from outside, bounded before anything walks it: a body nested deeper than MAX_JSON_DEPTH is
 * refused as a whole (400 JSON_TOO_DEEP at the sandbox's front door, sandbox/front-door.ts, and at the
 * traffic inspector's API, harness/inspector/http.ts), so no handler, log or fingerprint ever meets
 * one. The depth is read from the text itself, in one pass and without recursion, before JSON.parse
 * builds anything.
 */

/** Arrays and objects inside each other, at most. The gateway's own bodies nest four or five deep. */
export const MAX_JSON_DEPTH = 64;

/** The code and words of the refusal. */
export const JSON_TOO_DEEP = "JSON_TOO_DEEP";
export const JSON_TOO_DEEP_MESSAGE = `the JSON body nests arrays and objects more than ${MAX_JSON_DEPTH} deep`;

/** Whether `text`, read as JSON, opens more than `max` arrays and objects inside each other (strings skipped). */
export function nestsDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index += 1; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (code === 0x5d || code === 0x7d) {
      depth -= 1;
    }
  }
  return false;
}

export type ParsedJson = { ok: true; value: unknown } | { ok: false; reason: "not-json" | "too-deep" };

/** JSON.parse behind the depth bound. */
export function parseBoundedJson(text: string, max = MAX_JSON_DEPTH): ParsedJson {
  if (nestsDeeperThan(text, max)) return { ok: false, reason: "too-deep" };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, reason: "not-json" };
  }
}

/**
 * The text of an error report and the characters it may not carry. Reports are read in a terminal
 * (`mcoin sandbox errors`) and in logs, where a control character clears the screen, sets the window
 * title, writes the clipboard (OSC 52) or starts a line of its own, and a bidi override makes a line
 * read other than its characters run. The report schema (report.ts) refuses them; the mall's own
 * reporters (the page's reporter.ts, the server's entry.server.tsx) make a real error's words fit
 * before sending, so that a real error is still reported (docs/decisions/003-error-report-control-characters.md).
 *
 * Free of zod: the page's reporter is in every page's bundle.
 */

/** C0 and DEL, C1, and the bidi embeddings, overrides and isolates. */
// eslint-disable-next-line no-control-regex -- control characters are what this pattern exists to find
export const REFUSED_IN_TEXT = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
/** The same less the newline and the tab a stack's lines are made of. */
// eslint-disable-next-line no-control-regex -- control characters are what this pattern exists to find
export const REFUSED_IN_STACK = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

export const MESSAGE_MAX = 500;
export const STACK_MAX = 4_000;
export const USER_AGENT_MAX = 300;
const STACK_LINES = 12;

const everywhere = (pattern: RegExp) => new RegExp(pattern.source, "g");
const REFUSED_IN_TEXT_ALL = everywhere(REFUSED_IN_TEXT);
const REFUSED_IN_STACK_ALL = everywhere(REFUSED_IN_STACK);

/** `\x1b`, `\u202e`: the character named, not obeyed. */
function visible(character: string): string {
  const code = character.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
}

/**
 * A text on one line, at most `max` long: a line break or a tab (with the indentation around it) is
 * one space, any other refused character its escape.
 */
export function reportableLine(text: string, max: number): string {
  return text
    .replace(/ *[\t\n\v\f\r][\t\n\v\f\r ]*/g, " ")
    .replace(REFUSED_IN_TEXT_ALL, visible)
    .trim()
    .slice(0, max)
    .trim();
}

/** A stack's first lines: its line breaks and tabs kept, any other refused character its escape. */
export function reportableStack(text: string): string {
  return text.replace(/\r\n?/g, "\n").split("\n").slice(0, STACK_LINES).join("\n").replace(REFUSED_IN_STACK_ALL, visible).slice(0, STACK_MAX);
}

/** What a thrown value says, as a report carries it. */
export function describeError(error: unknown): { message: string; stack?: string } {
  const message = reportableLine(error instanceof Error ? error.message || error.name : String(error ?? ""), MESSAGE_MAX) || "unknown error";
  const stack = error instanceof Error && error.stack ? reportableStack(error.stack) : undefined;
  return stack ? { message, stack } : { message };
}

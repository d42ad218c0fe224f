/**
 * The CLI's one way to a terminal. Most of what it prints came from elsewhere: the gateway's replies,
 * the sandbox's call log and the error reports its pages sent, recordings and transcripts someone else
 * wrote. A terminal obeys control characters in what it is given: an escape sequence clears the screen,
 * sets the window title, writes the clipboard (OSC 52) or moves the cursor; a CR or LF inside a value
 * starts a line the value wrote; a bidi override makes a line read other than its characters run.
 *
 * So the printer takes lines, never text with its own line breaks: it writes the breaks between them
 * and shows every such character inside a line as a visible escape (`\x1b`, `\n`, `\u202e`). Commands
 * hand it lines and escape nothing themselves (options.ts's `output`, errors.ts's `printError`).
 *
 * A backslash stays as it is, so a pretty-printed JSON body or a Windows path reads as it is; a value
 * that spells `\x1b` with a real backslash looks like an escape and does nothing. `--json` shows every
 * value exactly.
 */
import type { CliIo, CliOutput } from "./io";

/**
 * C0 (tab, LF and CR included), DEL and C1; the bidi marks, embeddings, overrides and isolates; the
 * line and paragraph separators, which some terminals and most pagers break a line at.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this pattern exists to find
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** The same but C0, which JSON.stringify escapes inside strings (and indents with, outside them). */
const UNSAFE_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const SHORT: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

const hex = (character: string, digits: number) => character.charCodeAt(0).toString(16).padStart(digits, "0");

/** `text` with every character a terminal would act on shown as an escape instead. */
export function escapeTerminalText(text: string): string {
  return text.replace(UNSAFE, (character) => SHORT[character] ?? (character <= "\u00ff" ? `\\x${hex(character, 2)}` : `\\u${hex(character, 4)}`));
}

/** How many characters `text` takes once escaped: what a table pads by. */
export function shownLength(text: string): number {
  return escapeTerminalText(text).length;
}

/**
 * `value` as JSON with nothing a terminal acts on: JSON.stringify escapes C0 but leaves DEL, C1 and the
 * bidi characters raw, and a terminal reading the output obeys C1 as it does ESC sequences. Each
 * becomes its `\uXXXX`, which parses back to the same value.
 */
export function terminalJson(value: unknown, indent?: number): string {
  return (JSON.stringify(value, null, indent) ?? "null").replace(UNSAFE_IN_JSON, (character) => `\\u${hex(character, 4)}`);
}

/** Pretty-printed JSON as lines (JSON.stringify never breaks a line inside a string). */
export function jsonLines(value: unknown): string[] {
  return (JSON.stringify(value, null, 2) ?? "null").split("\n");
}

/** Writes each line escaped, a line break after each: the only line breaks the CLI writes. */
export function writeLines(stream: CliOutput, lines: readonly string[]): void {
  if (lines.length > 0) stream.write(`${lines.map(escapeTerminalText).join("\n")}\n`);
}

/** Writes `value` as JSON (terminalJson) on a line of its own. */
export function writeJson(stream: CliOutput, value: unknown, indent?: number): void {
  stream.write(`${terminalJson(value, indent)}\n`);
}

/** Draws `line` over the terminal's current line (a progress bar); writeLines once it is done. */
export function redrawLine(stream: CliOutput, line: string): void {
  stream.write(`\r${escapeTerminalText(line)}`);
}

/** The harness's recorder log (harness/record, RecorderLog) on a run's terminal: its lines escaped, what went wrong on stderr. */
export function terminalLog(io: Pick<CliIo, "stdout" | "stderr">) {
  return {
    info: (lines: readonly string[]) => writeLines(io.stdout, lines),
    problem: (lines: readonly string[]) => writeLines(io.stderr, lines),
  };
}

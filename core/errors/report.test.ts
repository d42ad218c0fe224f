/** Error reports carry no control or bidi character, and a real error's words still make a report. */
import { describe, expect, it } from "vitest";
import { CollectedErrorSchema, ErrorReportSchema } from "./report";
import { describeError, reportableLine } from "./report-text";

const REPORT = { kind: "page", message: "Cannot read properties of undefined (reading 'x')", path: "/index", screen: "index", stack: "TypeError: x\n\tat a (app.js:1:2)\n    at b (app.js:3:4)" };

/** What a terminal obeys: clear the screen, a window title, the clipboard, a forged line, C1, bidi. */
const HOSTILE = [
  "\u001b[2J",
  "\u001b]0;pwned\u0007",
  "\u001b]52;c;Y3VybA==\u0007",
  "ok\nerror: forged",
  "a\rb",
  "\u009b2J",
  "\u009d0;t\u009c",
  "\u007f",
  "\u0000",
  "\u202etxt.exe",
  "\u2066x\u2069",
  "\u202a",
];

describe("ErrorReportSchema", () => {
  it("takes a real report, a stack's newlines and tabs included", () => {
    expect(ErrorReportSchema.safeParse(REPORT).success).toBe(true);
    expect(ErrorReportSchema.parse({ ...REPORT, message: "  trimmed\n" }).message).toBe("trimmed");
    expect(ErrorReportSchema.parse({ ...REPORT, path: "/index?code=secret#x" }).path).toBe("/index");
    expect(ErrorReportSchema.safeParse({ ...REPORT, message: "陳大文 ✓ ação « » 🎉" }).success).toBe(true);
  });

  it("refuses a control, C1 or bidi character in the message, the path, the screen and the stack", () => {
    for (const hostile of HOSTILE) {
      for (const field of ["message", "path", "screen"] as const) {
        expect(ErrorReportSchema.safeParse({ ...REPORT, [field]: `x${hostile}y` }).success, `${field} ${JSON.stringify(hostile)}`).toBe(false);
      }
      const inStack = ErrorReportSchema.safeParse({ ...REPORT, stack: `Error\n${hostile}` }).success;
      expect(inStack, `stack ${JSON.stringify(hostile)}`).toBe(hostile === "ok\nerror: forged");
    }
  });

  it("refuses them in what the collector keeps too: the environment and the user agent", () => {
    const collected = { ...REPORT, at: Date.now(), environment: "sandbox", userAgent: "Mozilla/5.0 MPay/5.9.0" };
    expect(CollectedErrorSchema.safeParse(collected).success).toBe(true);
    for (const hostile of HOSTILE) {
      expect(CollectedErrorSchema.safeParse({ ...collected, userAgent: `Mozilla${hostile}` }).success, JSON.stringify(hostile)).toBe(false);
      expect(CollectedErrorSchema.safeParse({ ...collected, environment: `s${hostile}` }).success, JSON.stringify(hostile)).toBe(false);
      expect(CollectedErrorSchema.safeParse({ ...collected, message: `x${hostile}y` }).success, JSON.stringify(hostile)).toBe(false);
    }
  });
});

describe("describeError", () => {
  it("puts a real message with line breaks on one line, and the report schema takes it", () => {
    const error = new Error('[\n  {\n    "code": "invalid_type",\n\t"path": ["x"]\n  }\n]');
    const described = describeError(error);
    expect(described.message).toBe('[ { "code": "invalid_type", "path": ["x"] } ]');
    expect(described.stack?.split("\n")[0]).toBe("Error: [");
    expect(ErrorReportSchema.safeParse({ kind: "server", path: "/", ...described }).success).toBe(true);
  });

  it("shows any other refused character as its escape, in the message and the stack", () => {
    const error = new Error("\u001b]0;pwned\u0007 \u202eexe");
    error.stack = "Error: \u001b[2J\r\n    at x (\u009bapp.js:1:1)";
    expect(describeError(error)).toEqual({ message: "\\x1b]0;pwned\\x07 \\u202eexe", stack: "Error: \\x1b[2J\n    at x (\\x9bapp.js:1:1)" });
    expect(ErrorReportSchema.safeParse({ kind: "page", path: "/", ...describeError(error) }).success).toBe(true);
  });

  it("keeps the stack's first 12 lines and a message of at most 500 characters, never an empty one", () => {
    const error = new Error("x".repeat(600));
    error.stack = Array.from({ length: 30 }, (_, line) => `line ${line}`).join("\n");
    const described = describeError(error);
    expect(described.message).toHaveLength(500);
    expect(described.stack?.split("\n")).toHaveLength(12);
    expect(describeError("\n\t\n").message).toBe("unknown error");
    expect(describeError(undefined)).toEqual({ message: "unknown error" });
    expect(describeError("a plain string\nthrown")).toEqual({ message: "a plain string thrown" });
  });

  it("makes a header's text fit too: the user agent the server adds", () => {
    expect(reportableLine("Mozilla/5.0\t(X11)\u0085 MPay", 300)).toBe("Mozilla/5.0 (X11)\\x85 MPay");
    expect(reportableLine("a".repeat(400), 300)).toHaveLength(300);
  });
});

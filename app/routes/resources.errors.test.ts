/** The page's error reports at /resources/errors: one with a character a terminal would obey is a 400, forwarded nowhere. */
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { action } from "./resources.errors";

const post = (fields: Record<string, string>) =>
  action({ request: new Request("http://localhost:3000/resources/errors", { method: "POST", body: new URLSearchParams(fields) }), params: {}, context: {} } as never);

/** What a terminal obeys, in each field: window title, clear screen, a forged line, the clipboard, C1, cursor, bidi. */
const HOSTILE_REPORTS: Record<string, string>[] = [
  { kind: "page", message: "\u001b]0;pwned\u0007\u001b[2J", path: "/index" },
  { kind: "page", message: "ok\nerror: forged", path: "/index" },
  { kind: "page", message: "x", path: "/index\u001b]52;c;Y3VybA==\u0007" },
  { kind: "page", message: "x", path: "/index", screen: "\u009b2J" },
  { kind: "page", message: "x", path: "/index", stack: "Error\n\u001b[1A" },
  { kind: "page", message: "\u202etxt.exe", path: "/index" },
];

describe("/resources/errors", () => {
  it("refuses a report with control, C1 or bidi characters with 400, and sends nothing to the collector", async () => {
    const sent = vi.spyOn(globalThis, "fetch");
    onTestFinished(() => sent.mockRestore());
    for (const fields of HOSTILE_REPORTS) {
      expect((await post(fields)).status, JSON.stringify(fields)).toBe(400);
    }
    expect(sent).not.toHaveBeenCalled();
  });
});

/** The mall's error collector on the sandbox (POST /__sandbox/errors) keeps no report a terminal would obey. */
import { describe, expect, it } from "vitest";
import { inProcess } from "../testing";

const REPORT = {
  kind: "page",
  message: "a page's error",
  path: "/index",
  screen: "index",
  stack: "Error: x\n\tat y (app.js:1:1)",
  at: 1_700_000_000_000,
  environment: "sandbox",
  userAgent: "Mozilla/5.0 MPay/5.9.0",
};

describe("/__sandbox/errors", () => {
  it("refuses a report with a control, C1 or bidi character with 400, and keeps nothing of it", async () => {
    const sandbox = inProcess();
    for (const [field, value] of [
      ["message", "\u001b]0;pwned\u0007"],
      ["message", "ok\nerror: forged"],
      ["path", "/index\u001b[2J"],
      ["screen", "\u009b2J"],
      ["stack", "Error\n\u001b]52;c;Y3VybA==\u0007"],
      ["environment", "sandbox\r"],
      ["userAgent", "Mozilla \u202eexe"],
    ]) {
      const reply = await sandbox.request("/__sandbox/errors", { body: { ...REPORT, [field]: value } });
      expect(reply.status, `${field} ${JSON.stringify(value)}`).toBe(400);
      expect(reply.body.error).toContain(field);
    }
    expect((await sandbox.request("/__sandbox/errors")).body.errors).toEqual([]);
  });

  it("keeps a report without them", async () => {
    const sandbox = inProcess();
    expect((await sandbox.request("/__sandbox/errors", { body: REPORT })).status).toBe(201);
    expect((await sandbox.request("/__sandbox/errors")).body.errors).toEqual([REPORT]);
  });
});

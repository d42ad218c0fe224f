/**
 * The CLI's side of stubs (issue 46): `mcoin sandbox --help` names --strict-stubs, and
 * `mcoin sandbox log --unmatched` shows the stubs a call came closest to, with what differed, what
 * came from outside (a stub's name, a request's path) shown as escapes. In this process (cli/testing.ts).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { StubFileSchema, mappingsOf } from "#core/controls/stubs";
import { sandboxCli } from "./testing";

const sandbox = sandboxCli();
const { mcoin } = sandbox;
beforeEach(() => sandbox.sandbox.state.reset());

describe("mcoin sandbox and its stubs", () => {
  it("names --strict-stubs in its help", async () => {
    const help = await mcoin("sandbox", "--help");
    expect(help.stdout.replace(/\s+/g, " ")).toContain("--strict-stubs with --stubs: a mapping file with a problem stops the start");
  });

  it("log --unmatched names the closest stubs and what differed, escaping what came from outside", async () => {
    const mappings = mappingsOf(StubFileSchema.parse({ name: "hello\u001b]0;pwned\u0007", request: { method: "GET", url: "/hello" }, response: { body: "hi" } }));
    sandbox.sandbox.instruments.stubs.add(mappings, "test");
    await sandbox.fetch(`${sandbox.url}/helo%0Aforged`);
    const run = await mcoin("sandbox", "log", "--unmatched");
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split("\n");
    expect(lines.some((line) => /~ stub hello\\x1b\]0;pwned\\x07 \(stub-\d+\), distance 0\.\d\d:/.test(line))).toBe(true);
    expect(lines).toContain("        url: wants /hello, got /helo%0Aforged");
    expect(run.stdout).not.toContain("\u001b");
  });
});

/**
 * `mcoin sandbox fault`, `verify` and `log`, run in this process against a sandbox answered
 * in-process (cli/testing.ts): the help lists every kind, a fault set from the terminal hits the
 * calls it names, verify's exit codes follow its comparators and show the closest calls, and the log
 * lists the near misses.
 */
import { describe, expect, it } from "vitest";
import { FAULT_KINDS } from "#core/controls/faults";
import { sandboxCli } from "./testing";

const sandbox = sandboxCli();
const { mcoin } = sandbox;

const get = (path: string) => sandbox.fetch(`${sandbox.url}${path}`);

describe("mcoin sandbox fault", () => {
  it("--help lists every kind", async () => {
    const help = await mcoin("sandbox", "fault", "--help");
    expect(help.code).toBe(0);
    for (const kind of FAULT_KINDS) expect(help.stdout).toMatch(new RegExp(`^  ${kind} `, "m"));
  });

  it("sets a fault the next calls meet, lists it and clears it; refuses an unknown kind and a missing path", async () => {
    const added = await mcoin("sandbox", "fault", "http500", "--path", "system/time", "--times", "2");
    expect(added.stdout).toContain("http500 on system/time (2 calls left)");
    expect((await get("/api/system/time")).status).toBe(500);
    expect((await mcoin("sandbox", "fault", "list")).stdout).toContain("http500 on system/time (1 call left)");
    await mcoin("sandbox", "fault", "clear");
    expect((await get("/api/system/time")).status).toBe(200);

    const latency = await mcoin("sandbox", "fault", "delay", "--path", "recommend", "--lognormal", "120,0.6", "--percent", "50", "--json");
    expect(JSON.parse(latency.stdout).fault).toMatchObject({ kind: "delay", percent: 50, remaining: null, latency: { lognormal: { median: 120, sigma: 0.6 } } });
    await mcoin("sandbox", "fault", "clear");

    const unknown = await mcoin("sandbox", "fault", "meltdown", "--path", "x");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown fault kind "meltdown"');
    expect((await mcoin("sandbox", "fault", "reset")).code).toBe(2);
    expect((await mcoin("sandbox", "fault", "delay", "--path", "x", "--uniform", "400")).code).toBe(2);
  });
});

describe("mcoin sandbox verify", () => {
  it("exits 0 when the log holds, 1 with the closest calls when not", async () => {
    await sandbox.fetch(`${sandbox.url}/__sandbox/log`, { method: "DELETE" });
    for (let i = 0; i < 3; i++) await get("/api/system/time");
    expect((await mcoin("sandbox", "verify", "--path", "system/time", "--at-least", "3")).code).toBe(0);
    expect((await mcoin("sandbox", "verify", "--path", "system/time", "--count", "3")).code).toBe(0);
    const tooFew = await mcoin("sandbox", "verify", "--path", "system/time", "--at-least", "4");
    expect(tooFew.code).toBe(1);
    expect(tooFew.stdout).toContain("wanted at least 4 call(s) to system/time; 3 matched");
    const misspelt = await mcoin("sandbox", "verify", "--path", "/api/system/tim3");
    expect(misspelt.code).toBe(1);
    expect(misspelt.stdout).toMatch(/closest calls:\n {2}#\d+(, #\d+)* GET \/api\/system\/time/);
    expect((await mcoin("sandbox", "verify", "--path", "system/time", "--method", "GET", "--at-most", "2")).code).toBe(1);
    expect((await mcoin("sandbox", "verify", "--path", "system/time", "--body-match", "nopath")).code).toBe(2);
  });

  it("--fault counts only the calls a fault of that kind acted on, and refuses a kind that is none", async () => {
    await mcoin("sandbox", "fault", "http500", "--path", "system/time");
    await get("/api/system/time");
    await get("/api/system/time");
    expect((await mcoin("sandbox", "verify", "--path", "system/time", "--fault", "http500", "--count", "1")).code).toBe(0);
    const wrong = await mcoin("sandbox", "verify", "--path", "system/time", "--fault", "reset");
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toContain("wanted at least 1 call(s) to system/time that fault reset acted on; 0 matched");
    expect(wrong.stdout).toContain("(fault http500)");
    expect((await mcoin("sandbox", "verify", "--path", "system/time", "--fault", "meltdown")).code).toBe(2);
  });
});

describe("mcoin sandbox log", () => {
  it("--unmatched lists the near misses with what they nearly matched", async () => {
    await get("/api/auth/basicinfomation");
    const log = await mcoin("sandbox", "log", "--unmatched");
    expect(log.code).toBe(0);
    expect(log.stdout).toContain("GET /api/auth/basicinfomation");
    expect(log.stdout).toContain("~ GET /api/auth/basicinformation (basicInformation): differs in path");
    expect(log.stdout).not.toContain("/api/system/time");
  });

  it("shows each call's request id and --request-id keeps one page load's calls; a hostile id is never shown", async () => {
    await sandbox.fetch(`${sandbox.url}/api/system/time`, { headers: { "X-Request-Id": "page-load-a-0001" } });
    await sandbox.fetch(`${sandbox.url}/api/auth/clause`, { headers: { "X-Request-Id": "page-load-b-0002" } });
    await sandbox.fetch(`${sandbox.url}/api/system/time`, { headers: { "X-Request-Id": "\x1b]0;pwned\x07abcdefgh" } });
    const all = await mcoin("sandbox", "log");
    expect(all.stdout).toMatch(/GET \/api\/system\/time .* req page-load-a-0001\n/);
    expect(all.stdout).toMatch(/GET \/api\/auth\/clause .* req page-load-b-0002\n/);
    expect(all.stdout).not.toContain("pwned");
    const one = await mcoin("sandbox", "log", "--request-id", "page-load-b-0002");
    expect(one.code).toBe(0);
    expect(one.stdout.trim().split("\n")).toEqual([expect.stringMatching(/GET \/api\/auth\/clause .* req page-load-b-0002$/)]);
  });
});

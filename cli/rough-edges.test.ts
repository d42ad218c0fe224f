/**
 * The CLI's rough edges (issue 25, item 7), each a clear message and the right exit code (2 for bad
 * usage): run in this process against a sandbox answered in-process (cli/testing.ts).
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { RedeemRefusalSchema } from "#core/controls/declarations";
import { WALLET_METHODS } from "./bridge/scenario";
import { ROOT, sandboxCli, type CliRun as Run } from "./testing";

const sandbox = sandboxCli();
const { mcoin } = sandbox;
let work: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "mcoin-edges-"));
});
beforeEach(() => sandbox.sandbox.state.reset());

const json = <T = Record<string, any>>(run: Run): T => JSON.parse(run.stdout) as T;

function file(name: string, value: unknown): string {
  const path = join(work, name);
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, JSON.stringify(value));
  return path;
}

describe("mcoin sandbox fault", () => {
  it("refuses two ways to say one delay, a latency or a skew on a kind that has none, and flags on list and clear", async () => {
    const both = await mcoin("sandbox", "fault", "delay", "--path", "recommend", "--ms", "100", "--uniform", "50-400");
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("--ms and --uniform are two ways to say one delay");
    const latency = await mcoin("sandbox", "fault", "reset", "--path", "recommend", "--lognormal", "120,0.6");
    expect(latency.code).toBe(2);
    expect(latency.stderr).toContain("--lognormal is for a delay; a reset fault has no latency");
    const skew = await mcoin("sandbox", "fault", "http500", "--path", "recommend", "--skew-ms", "1000");
    expect(skew.code).toBe(2);
    expect(skew.stderr).toContain("--skew-ms is for clock-skew");
    const clear = await mcoin("sandbox", "fault", "clear", "--path", "recommend");
    expect(clear.code).toBe(2);
    expect(clear.stderr).toContain("fault clear takes no --path");
    expect(sandbox.sandbox.state.listFaults()).toEqual([]);
  });

  it("warns when the path is part of no endpoint's, with the nearest, and adds the fault all the same", async () => {
    const misspelt = await mcoin("sandbox", "fault", "reset", "--path", "basicinfomation");
    expect(misspelt.code).toBe(0);
    expect(misspelt.stderr).toContain("warning: --path basicinfomation is part of no endpoint's path");
    expect(misspelt.stderr).toContain("did you mean basicinformation?");
    expect(sandbox.sandbox.state.listFaults()).toHaveLength(1);
    for (const known of ["basicinformation", "getTaskDetail", "pay/notify"]) {
      const run = await mcoin("sandbox", "fault", "reset", "--path", known);
      expect(run.code).toBe(0);
      expect(run.stderr).not.toContain("warning");
    }
  });

  it("clear says how many faults it removed", async () => {
    await mcoin("sandbox", "fault", "reset", "--path", "basicinformation");
    await mcoin("sandbox", "fault", "http500", "--path", "getTaskDetail");
    const cleared = await mcoin("sandbox", "fault", "clear");
    expect(cleared).toMatchObject({ code: 0, stdout: "cleared 2 faults\n" });
    expect(sandbox.sandbox.state.listFaults()).toEqual([]);
    expect(json(await mcoin("sandbox", "fault", "clear", "--json"))).toEqual({ cleared: 0, faults: [] });
  });
});

describe("mcoin sandbox verify", () => {
  it("exits 2 on contradictory comparators, in the flags' words", async () => {
    const exact = await mcoin("sandbox", "verify", "--path", "x", "--count", "1", "--at-least", "3");
    expect(exact.code).toBe(2);
    expect(exact.stderr).toContain("--count 1 is exact: give it alone, or --at-least and/or --at-most");
    const crossed = await mcoin("sandbox", "verify", "--path", "x", "--at-least", "3", "--at-most", "1");
    expect(crossed.code).toBe(2);
    expect(crossed.stderr).toContain("--at-least 3 is above --at-most 1");
  });

  it("groups identical near misses on one line, with their numbers and a count, past the five nearest", async () => {
    for (let i = 0; i < 7; i++) await sandbox.fetch(`${sandbox.url}/api/system/time`);
    await sandbox.fetch(`${sandbox.url}/api/system/times`);
    const run = await mcoin("sandbox", "verify", "--path", "/api/system/time", "--method", "POST");
    expect(run.code).toBe(1);
    // The log numbers every call the sandbox has had, those of the tests before included.
    const grouped = run.stdout.match(/^ {2}((?:#\d+, ){6}#\d+) GET \/api\/system\/time {2}\(method GET\) ×7$/m);
    const numbers = grouped![1].split(", ").map((number) => Number(number.slice(1)));
    expect(numbers).toEqual(numbers.map((_, index) => numbers[0] - index));
    expect(run.stdout).toMatch(new RegExp(`^ {2}#${numbers[0] + 1} GET /api/system/times {2}\\(method GET\\)$`, "m"));
  });
});

describe("mcoin sandbox redeem", () => {
  /** Sam buys 2 pieces of offer 7 (redeemed at stores 4, 5 and 6) and pays. */
  async function boughtCode(): Promise<string> {
    const state = sandbox.sandbox.state;
    const outcome = state.orders.place("mpay-1005", { offerId: 7, quantity: 2, mcoinUsed: 300, adult: false });
    if (!outcome.ok) throw new Error(outcome.reason);
    await sandbox.fetch(`${sandbox.url}/__wallet/pay`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ orderNo: outcome.value.orderNo, amountCents: outcome.value.cashCents, outcome: "paid" }),
    });
    return state.orders.list("mpay-1005").find((order) => order.orderNo === outcome.value.orderNo)!.coupons[0].redemptionCode;
  }

  it("says whether a refused code is unknown, used (when and where) or not valid at that store", async () => {
    const unknown = await mcoin("sandbox", "redeem", "000000000000", "--store", "4");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No coupon has the code 000000000000.");

    const code = await boughtCode();
    const elsewhere = await mcoin("sandbox", "redeem", code, "--store", "3");
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.stderr).toMatch(/It is not valid at store 3 \(.+\): its offer is redeemed at store 4 \(.+\), store 5 \(.+\), store 6 \(.+\)\./);
    expect(elsewhere.stderr).not.toMatch(/was used|already been used/);

    expect((await mcoin("sandbox", "redeem", code, "--store", "5")).code).toBe(0);
    const again = await mcoin("sandbox", "redeem", code, "--store", "4");
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already been used\. It was used on \d{4}-\d\d-\d\d \d\d:\d\d \(Macau\) at store 5 \(.+\)\./);
    expect(json(await mcoin("sandbox", "redeem", code, "--store", "4", "--json"))).toMatchObject({ error: { code: "ALREADY_USED" } });
  });

  it("answers a refusal as core/controls/declarations.ts declares it", async () => {
    const code = await boughtCode();
    const redeem = (storeId: number) => sandbox.fetch(`${sandbox.url}/__sandbox/redeem`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ code, storeId }) });
    expect(RedeemRefusalSchema.parse(await (await redeem(3)).json())).toMatchObject({ reason: "CODE_INVALID", why: "wrong-store", validAt: [4, 5, 6] });
    expect((await redeem(4)).status).toBe(200);
    expect(RedeemRefusalSchema.parse(await (await redeem(4)).json())).toMatchObject({ reason: "ALREADY_USED", why: "used", usedAtStore: 4, usedAt: expect.any(Number) });
  });

  it("exits 2 for a malformed code, before anything is sent", async () => {
    const run = await mcoin("sandbox", "redeem", "4839-2017", "--store", "4");
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("a redemption code is 12 digits");
  });
});

describe("mcoin task run", () => {
  it("says what the task's state is when it cannot run, or when its notice is refused", async () => {
    const done = await mcoin("task", "run", "--token", "C1", "--no", "T-DONE");
    expect(done.code).toBe(1);
    expect(done.stderr).toContain("this member has already done it or has it under way (user_exec_status 1");
    const none = await mcoin("task", "run", "--token", "C1", "--no", "T-NOPE");
    expect(none.code).toBe(1);
    expect(none.stderr).toContain("the task center does not offer it to this member (subCode 4004");
    const refused = await mcoin("task", "run", "--token", "C1", "--no", "T-NOTIFY-FAIL", "--json");
    expect(refused.code).toBe(1);
    expect(json(refused).error.message).toMatch(/completion notice of task T-NOTIFY-FAIL was refused: .*TASK_REJECTED.*; the task is now still to do for this member \(user_exec_status 0\)/);
  });
});

describe("mcoin bridge", () => {
  const transcript = (resultStatus: string) => ({
    scenario: "a purchase",
    profile: {},
    startedAt: "2026-11-21T10:00:00.000Z",
    entries: [{ kind: "call", seq: 2, at: 5, method: "tradePay", args: { amount: 485 }, answer: { resultStatus } }],
    final: { path: "/coupon_details/29", text: resultStatus === "9000" ? "Payment success" : "Payment Failed" },
    expectations: [],
    ok: true,
  });

  it("diff and verify honour --json after their arguments and before the subcommand", async () => {
    const paid = file("paid.json", transcript("9000"));
    const failed = file("failed.json", transcript("4000"));
    for (const args of [
      ["bridge", "diff", paid, failed, "--json"],
      ["bridge", "--json", "diff", paid, failed],
    ]) {
      const run = await mcoin(...args);
      expect(run.code).toBe(1);
      expect(json<unknown[]>(run)[0]).toMatchObject({ type: "changed", entry: "call tradePay" });
    }
    const expectations = file("expect.json", [{ text: "Payment success" }]);
    for (const args of [
      ["bridge", "verify", failed, "--expect", expectations, "--json"],
      ["bridge", "--json", "verify", failed, "--expect", expectations],
    ]) {
      const run = await mcoin(...args);
      expect(run.code).toBe(1);
      expect(json<unknown[]>(run)[0]).toMatchObject({ ok: false, expectation: { text: "Payment success" } });
    }
  });

  it("refuses a rule for a method the wallet does not have, with the nearest, and a misspelt permission", async () => {
    const rule = await mcoin("bridge", file("scenarios/rule.json", { name: "x", rules: { getLocaton: { answer: {} } } }));
    expect(rule.code).toBe(2);
    expect(rule.stderr).toContain("rules.getLocaton: getLocaton is not a method of the wallet's bridge: did you mean getLocation?");
    const deny = await mcoin("bridge", file("scenarios/deny.json", { name: "x", timeline: [{ event: "deny", method: "getlocation" }] }));
    expect(deny.code).toBe(2);
    expect(deny.stderr).toContain("timeline.0.method: getlocation is not a method of the wallet's bridge: did you mean getLocation?");
  });

  it("flags a rule that replaces the cashier's tradePay, and finds a profile from the scenario's folder", async () => {
    const scenarios = join(work, "flagged");
    file("flagged/profiles/phone.json", { appVersion: "5.9.0", platform: "android" });
    // Nothing answers at this address: the run fails after the scenario was read, as the warning is printed, before a browser starts.
    const run = await mcoin(
      "bridge",
      file("flagged/pay.json", { name: "x", profile: "profiles/phone.json", rules: { tradePay: { answer: { resultStatus: "9000" } } } }),
      "--sandbox",
      "http://127.0.0.1:4899",
      "--app",
      "http://127.0.0.1:4898",
    );
    expect(run.stderr).toContain("warning: rules.tradePay replaces the cashier");
    expect(run.stderr).not.toContain("profile");
    expect(run.stderr).toContain("--sandbox URL (or MCOIN_SANDBOX_URL)");

    const missing = await mcoin("bridge", file("flagged/missing.json", { name: "x", profile: "profiles/none.json" }));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`profile: profiles/none.json does not exist (a profile's path is the scenario file's folder's: ${join(scenarios, "profiles/none.json")})`);
  });

  it("knows every method the mall's MPay adapter calls, and no other", () => {
    const adapter = readFileSync(join(ROOT, "app/lib/host-bridge/mpay-adapter.ts"), "utf8");
    const called = [...new Set([...adapter.matchAll(/invoke\("(\w+)"/g)].map((match) => match[1]))].sort();
    expect([...WALLET_METHODS].sort()).toEqual(called);
  });
});

describe("mcoin record", () => {
  it("fails at once, exit 2, when --out or --har is a path it cannot write", async () => {
    const blocker = file("a-file", {});
    const out = await mcoin("record", "--env", "sandbox", "--out", join(blocker, "recordings"), "--port", "0");
    expect(out.code).toBe(2);
    expect(out.stderr).toContain(`--out ${join(blocker, "recordings")}: cannot write there (ENOTDIR)`);
    const har = await mcoin("record", "--env", "sandbox", "--out", join(work, "recordings"), "--har", join(blocker, "session.har"), "--port", "0");
    expect(har.code).toBe(2);
    expect(har.stderr).toContain(`--har ${blocker}: cannot write there`);
  });
});

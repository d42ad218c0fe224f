/**
 * `mcoin api`: the mCoin API called as the app calls it. Run in this process against a sandbox
 * answered in-process (cli/testing.ts): its output and its exit code.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { sandboxCli, type CliRun as Run } from "./testing";

const sandbox = sandboxCli();
const { mcoin } = sandbox;
beforeEach(() => sandbox.sandbox.state.reset());

const json = <T = Record<string, any>>(run: Run): T => JSON.parse(run.stdout) as T;

describe("mcoin api", () => {
  it("calls the API as the app does, signing in a demo member first", async () => {
    const run = await mcoin("api", "GET", "/api/auth/basicinformation", "--login", "mpay-1001", "--json");
    expect(run.code).toBe(0);
    expect(json(run).data).toEqual({ amount: 1258, point: 12580, count: 0, revision: 0, pending: 0 });
    const calls = sandbox.sandbox.state.log().filter((call) => call.path === "/api/auth/basicinformation");
    expect(calls[0].openId).toBe("mpay-1001");
  });

  it("takes a token and a language, and sends a body", async () => {
    const token = (await (await sandbox.fetch(`${sandbox.url}/member/login`, { method: "POST", body: '{"openId":"mpay-1002"}', headers: { "content-type": "application/json" } })).json()).data
      .token as string;
    const terms = await mcoin("api", "GET", "/api/auth/clause", "--token", token, "--lang", "en", "--json");
    expect(json(terms).data.content).toMatch(/^1\. mCoin are the points/);
    expect((await mcoin("api", "POST", "/api/auth/setClause", "--data", '{"clauseid":7,"status":1}', "--token", token)).code).toBe(0);
    expect(sandbox.sandbox.state.member("mpay-1002")?.clauseStatus).toBe(0);
  });

  it("checks a body against the registry before sending it, naming the wrong field, for any area's endpoint", async () => {
    const before = sandbox.sandbox.state.log().length;
    const bad = await mcoin("api", "POST", "/api/business/snapup", "--login", "mpay-1005", "--data", '{"offerId":7,"quantity":"two","mcoinUsed":0}');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("invalid request for createOrder: quantity:");
    const promotion = await mcoin("api", "POST", "/api/business/snapup/seckill", "--login", "mpay-1005", "--data", '{"itemId":-1}');
    expect(promotion.stderr).toContain("invalid request for seckillSnapUp: itemId:");
    // Nothing but the sign-ins reached the gateway.
    expect(
      sandbox.sandbox.state
        .log()
        .slice(before)
        .map((call) => call.path),
    ).toEqual(["/member/login", "/member/login"]);
    const unknown = await mcoin("api", "GET", "/api/not/declared", "--json");
    expect(unknown.stderr).toContain("GET /api/not/declared is not in the registry");
  });

  it("exits 1 with the gateway's words on a refusal, and 2 on bad usage", async () => {
    const refused = await mcoin("api", "GET", "/api/auth/basicinformation");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("NOT_LOGIN: not login");
    expect((await mcoin("api", "FETCH", "/api/system/time")).code).toBe(2);
    expect((await mcoin("api", "GET", "api/system/time")).code).toBe(2);
    expect((await mcoin("api", "POST", "/api/auth/setClause", "--data", "nope")).code).toBe(2);
    expect((await mcoin("api", "GET", "/api/system/time", "--lang", "fr")).code).toBe(2);
  });
});

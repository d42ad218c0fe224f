/**
 * Every command finds the sandbox and the mall one way (cli/context.ts, addressOf): its flag, then
 * the variable, then the default of core/environments.ts, which it names on stderr when it uses it.
 * Run in this process (cli/testing.ts): nothing answers, so only what each command said is looked at.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_SANDBOX_URL } from "#core/environments";
import { runCli, type CliRun } from "./testing";

const DEFAULT_SAID = `mcoin: no --base-url or MCOIN_SANDBOX_URL; using ${DEFAULT_SANDBOX_URL}`;
/** Where `gateway encrypt --json` says its request goes. */
const originOf = (run: CliRun) => new URL((JSON.parse(run.stdout) as { url: string }).url).origin;
const lines = (text: string) => text.split("\n").filter((line) => line.startsWith("mcoin: no "));

describe("an address no one gave", () => {
  it("is the default, named once on stderr, by a command that reaches it (gateway encrypt, gateway call, sandbox ledger and log, api, inspect)", async () => {
    const encrypt = await runCli(["gateway", "encrypt", "--body", "{}", "--json"]);
    expect(encrypt.code).toBe(0);
    expect(originOf(encrypt)).toBe(DEFAULT_SANDBOX_URL);
    expect(lines(encrypt.stderr)).toEqual([DEFAULT_SAID]);
    for (const args of [
      ["gateway", "call", "getTaskDetail", "--data", "{}"],
      ["sandbox", "ledger", "--login", "mpay-1001"],
      ["sandbox", "log"],
      ["api", "POST", "/member/login", "--data", '{"openId":"mpay-1001"}'],
      ["inspect"],
    ]) {
      const run = await runCli(args);
      expect(run.code, args.join(" ")).toBe(1);
      expect(lines(run.stderr), args.join(" ")).toEqual([DEFAULT_SAID]);
    }
  });

  it("is not named when the flag or the variable gives it, nor by a command that reaches nothing (gateway sign)", async () => {
    const flagged = await runCli(["gateway", "encrypt", "--body", "{}", "--json", "--base-url", "http://127.0.0.1:5999/"]);
    expect(originOf(flagged)).toBe("http://127.0.0.1:5999");
    const variable = await runCli(["gateway", "encrypt", "--body", "{}", "--json"], { env: { MCOIN_SANDBOX_URL: "http://127.0.0.1:5998" } });
    expect(originOf(variable)).toBe("http://127.0.0.1:5998");
    const sign = await runCli(["gateway", "sign", "--body", "{}", "--nonce", "abcdefghij"]);
    expect(sign.code).toBe(0);
    for (const run of [flagged, variable, sign]) expect(lines(run.stderr)).toEqual([]);
  });
});

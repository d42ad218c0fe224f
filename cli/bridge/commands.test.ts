/** `mcoin bridge diff`, `verify` and `--schema` as an engineer runs them: a real process, its output and exit code. */
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Transcript } from "./transcript";

const MCOIN = fileURLToPath(new URL("../../bin/mcoin.mjs", import.meta.url));
const mcoin = (...args: string[]) => {
  const result = spawnSync(process.execPath, [MCOIN, ...args], { encoding: "utf8", timeout: 20_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
};

const transcript = (resultStatus: string, text: string): Transcript => ({
  scenario: "a purchase",
  profile: {},
  startedAt: new Date().toISOString(),
  entries: [
    { kind: "step", seq: 1, at: 0, step: { click: { role: "button", name: "Checkout" } }, ok: true },
    { kind: "call", seq: 2, at: Math.random() * 1000, method: "tradePay", args: { paymentId: "MC1", amount: 485 }, answer: { resultStatus } },
  ],
  final: { path: "/coupon_details/29", text },
  expectations: [],
  ok: true,
});

describe("mcoin bridge", () => {
  const folder = mkdtempSync(join(tmpdir(), "mcoin-bridge-"));
  const file = (name: string, value: unknown) => {
    const path = join(folder, name);
    writeFileSync(path, JSON.stringify(value));
    return path;
  };
  const paid = file("paid.json", transcript("9000", "Payment success"));
  const paidAgain = file("paid-again.json", transcript("9000", "Payment success"));
  const failed = file("failed.json", transcript("4000", "Payment Failed"));

  it("diff: no difference between two runs alike (times ignored), the differing answer otherwise; exit 1 then", () => {
    expect(mcoin("bridge", "diff", paid, paidAgain)).toMatchObject({ code: 0, stdout: "no differences\n" });
    const differing = mcoin("bridge", "diff", paid, failed);
    expect(differing.code).toBe(1);
    expect(differing.stdout).toContain("call tradePay");
    expect(differing.stdout).toContain('answer.resultStatus: "9000" → "4000"');
  });

  it("verify: checks a saved transcript against a scenario's expectations, naming each that fails", () => {
    const expectations = file("expect.json", { name: "x", expect: [{ text: "Payment success" }, { call: "tradePay", args: { amount: 485 }, times: 1 }] });
    expect(mcoin("bridge", "verify", paid, "--expect", expectations).code).toBe(0);
    const refused = mcoin("bridge", "verify", failed, "--expect", expectations);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('✗ expected text "Payment success" shown, but it was not shown');
    expect(refused.stdout).toContain("✓ call tradePay");
  });

  it("prints the scenario schema; bad usage is exit 2", () => {
    const schema = mcoin("bridge", "--schema");
    expect(schema.code).toBe(0);
    expect(JSON.parse(schema.stdout)).toMatchObject({ type: "object", required: expect.arrayContaining(["name"]) });
    expect(mcoin("bridge").code).toBe(2);
    expect(mcoin("bridge", join(folder, "missing.json")).code).toBe(2);
    expect(mcoin("bridge", "verify", paid, "--expect", file("bad.json", [{ nonsense: 1 }])).code).toBe(2);
    expect(mcoin("bridge", "diff", paid, file("not-a-transcript.json", { hello: 1 })).code).toBe(2);
  });
});

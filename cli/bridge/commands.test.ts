/** `mcoin bridge diff`, `verify` and `--schema`, run in this process (cli/testing.ts): their output and exit code. */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../testing";
import type { Transcript } from "./transcript";

const mcoin = (...args: string[]) => runCli(args);

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

  it("diff: no difference between two runs alike (times ignored), the differing answer otherwise; exit 1 then", async () => {
    expect(await mcoin("bridge", "diff", paid, paidAgain)).toMatchObject({ code: 0, stdout: "no differences\n" });
    const differing = await mcoin("bridge", "diff", paid, failed);
    expect(differing.code).toBe(1);
    expect(differing.stdout).toContain("call tradePay");
    expect(differing.stdout).toContain('answer.resultStatus: "9000" → "4000"');
  });

  it("verify: checks a saved transcript against a scenario's expectations, naming each that fails", async () => {
    const expectations = file("expect.json", { name: "x", expect: [{ text: "Payment success" }, { call: "tradePay", args: { amount: 485 }, times: 1 }] });
    expect((await mcoin("bridge", "verify", paid, "--expect", expectations)).code).toBe(0);
    const refused = await mcoin("bridge", "verify", failed, "--expect", expectations);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('✗ expected text "Payment success" shown, but it was not shown');
    expect(refused.stdout).toContain("✓ call tradePay");
  });

  it("prints the scenario schema; bad usage is exit 2", async () => {
    const schema = await mcoin("bridge", "--schema");
    expect(schema.code).toBe(0);
    expect(JSON.parse(schema.stdout)).toMatchObject({ type: "object", required: expect.arrayContaining(["name"]) });
    expect((await mcoin("bridge")).code).toBe(2);
    expect((await mcoin("bridge", join(folder, "missing.json"))).code).toBe(2);
    expect((await mcoin("bridge", "verify", paid, "--expect", file("bad.json", [{ nonsense: 1 }]))).code).toBe(2);
    expect((await mcoin("bridge", "diff", paid, file("not-a-transcript.json", { hello: 1 }))).code).toBe(2);
  });
});

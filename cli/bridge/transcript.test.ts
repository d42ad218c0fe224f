/** Transcripts on their own: expectations, the diff that ignores times, and the scenario schema. */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ScenarioSchema, scenarioJsonSchema } from "./scenario";
import { checkExpectation, diffTranscripts, type Transcript, type TranscriptEntry } from "./transcript";

const call = (seq: number, method: string, args: Record<string, unknown> = {}, answer: Record<string, unknown> = {}): TranscriptEntry => ({ kind: "call", seq, at: seq * 10, method, args, answer });
const run = (entries: TranscriptEntry[], final = { path: "/index", text: "Payment success" }): Pick<Transcript, "entries" | "final"> => ({ entries, final });

describe("expectations", () => {
  const transcript = run([
    call(1, "config", { appId: "x", timestamp: 1 }),
    call(2, "getSystemInfo"),
    call(3, "tradePay", { paymentId: "MC1", amount: 485 }, { resultStatus: "9000" }),
    { kind: "gateway", seq: 4, at: 40, method: "GET", path: "/api/auth/voucherstatus" },
    call(5, "trackEvent", { name: "page_view", page: "index" }),
  ]);

  it("counts calls with a subset of their arguments", () => {
    expect(checkExpectation(transcript, { call: "tradePay", args: { amount: 485 }, times: 1 }).ok).toBe(true);
    const wrong = checkExpectation(transcript, { call: "tradePay", args: { amount: 38 }, times: 1 });
    expect(wrong.ok).toBe(false);
    expect(wrong.message).toContain("tradePay");
    expect(wrong.message).toContain('{"paymentId":"MC1","amount":485}');
    expect(checkExpectation(transcript, { call: "startApp", times: 0 }).ok).toBe(true);
    expect(checkExpectation(transcript, { call: "startApp" }).message).toContain("never called");
  });

  it("checks order, gateway calls, text and the final path", () => {
    expect(checkExpectation(transcript, { order: ["config", "tradePay", "trackEvent"] }).ok).toBe(true);
    expect(checkExpectation(transcript, { order: ["tradePay", "config"] }).ok).toBe(false);
    expect(checkExpectation(transcript, { gateway: "voucherstatus", atLeast: 1 }).ok).toBe(true);
    expect(checkExpectation(transcript, { gateway: "/api/business/refresh", times: 1 }).ok).toBe(false);
    expect(checkExpectation(transcript, { text: "Payment success", visible: true }).ok).toBe(true);
    expect(checkExpectation(transcript, { text: "Payment Failed", visible: true }).message).toBe('expected text "Payment Failed" shown, but it was not shown');
    expect(checkExpectation(transcript, { path: "/index" }).ok).toBe(true);
  });
});

describe("diff", () => {
  it("ignores times, sequence numbers, signatures and nonces", () => {
    const a = [call(1, "config", { nonceStr: "a", signature: "s1", appId: "x" }), call(2, "tradePay", { amount: 1 })];
    const b = [{ ...call(9, "tradePay", { amount: 1 }), at: 99_999 }, call(10, "config", { nonceStr: "b", signature: "s2", appId: "x" })];
    expect(diffTranscripts({ entries: a }, { entries: b })).toEqual([]);
  });

  it("names the differing calls: changed answers, calls only in one run", () => {
    const paid = [call(1, "getSystemInfo"), call(2, "tradePay", { amount: 485 }, { resultStatus: "9000" }), call(3, "trackEvent", { name: "paid" })];
    const failed = [call(1, "getSystemInfo"), call(2, "tradePay", { amount: 485 }, { resultStatus: "4000", memo: "Payment failed" })];
    const differences = diffTranscripts({ entries: paid }, { entries: failed });
    expect(differences).toHaveLength(2);
    expect(differences).toContainEqual(
      expect.objectContaining({
        type: "changed",
        entry: "call tradePay",
        changes: [
          { path: "answer.resultStatus", type: "change", a: "9000", b: "4000" },
          { path: "answer.memo", type: "create", b: "Payment failed" },
        ],
      }),
    );
    expect(differences).toContainEqual(expect.objectContaining({ type: "only-in-a", entry: "call trackEvent" }));
  });

  it("compares the calls as a set (they run concurrently), and leaves the gateway's calls out unless asked", () => {
    const step = (seq: number): TranscriptEntry => ({ kind: "step", seq, at: 0, step: { goto: "/index" }, ok: true });
    const gateway = (seq: number, path: string): TranscriptEntry => ({ kind: "gateway", seq, at: 0, method: "GET", path });
    const a = [step(1), call(2, "config"), call(3, "getLocation"), gateway(4, "/a"), gateway(5, "/b")];
    const b = [step(1), call(2, "getLocation"), gateway(3, "/b"), call(4, "config"), gateway(5, "/a")];
    expect(diffTranscripts({ entries: a }, { entries: b })).toEqual([]);
    expect(diffTranscripts({ entries: a }, { entries: [step(1), call(2, "config")] })).toEqual([{ type: "only-in-a", index: 2, entry: "call getLocation" }]);
    expect(diffTranscripts({ entries: a }, { entries: b.slice(0, 4) }, { gateway: true })).toEqual([{ type: "only-in-a", index: 3, entry: "gateway GET /a" }]);
    // A call that lands after the next step in one run and before it in the other is the same call.
    expect(diffTranscripts({ entries: [step(1), step(2), call(3, "tradePay")] }, { entries: [step(1), call(2, "tradePay"), step(3)] })).toEqual([]);
  });
});

describe("scenarios", () => {
  it("every shipped scenario is valid, and the schema file is the schema's", () => {
    const folder = join(process.cwd(), "e2e/scenarios");
    const files = readdirSync(folder).filter((file) => file.endsWith(".json") && file !== "scenario.schema.json");
    expect(files.length).toBeGreaterThanOrEqual(7);
    for (const file of files) {
      const parsed = ScenarioSchema.safeParse(JSON.parse(readFileSync(join(folder, file), "utf8")));
      expect(parsed.success, `${file}: ${parsed.success ? "" : JSON.stringify(parsed.error.issues[0])}`).toBe(true);
    }
    expect(JSON.parse(readFileSync(join(folder, "scenario.schema.json"), "utf8"))).toEqual(JSON.parse(JSON.stringify(scenarioJsonSchema())));
  });

  it("refuses an unknown field, naming it", () => {
    const parsed = ScenarioSchema.safeParse({ name: "x", steps: [{ tap: { name: "Buy" } }] });
    expect(parsed.success).toBe(false);
  });

  it("a waitFor names a text, a path or both; its text may be matched exactly", () => {
    expect(ScenarioSchema.safeParse({ name: "x", steps: [{ waitFor: { timeoutMs: 100 } }] }).success).toBe(false);
    expect(ScenarioSchema.safeParse({ name: "x", steps: [{ waitFor: { path: "myOrder" } }] }).success).toBe(false);
    const parsed = ScenarioSchema.parse({ name: "x", steps: [{ waitFor: { path: "/myOrder", text: "My Orders", exact: true } }, { waitFor: { text: "Paid" } }] });
    expect(parsed.steps).toEqual([{ waitFor: { path: "/myOrder", text: "My Orders", exact: true, timeoutMs: 10_000 } }, { waitFor: { text: "Paid", exact: false, timeoutMs: 10_000 } }]);
  });
});

/**
 * The shipped `mcoin bridge` scenarios (e2e/scenarios/*.json), each run by the same runner as the
 * CLI (cli/bridge/runner.ts) with a scripted host where the wallet's bridge would be: first visit, a
 * purchase paid, failed and confirmed late, an old wallet version, a task link, the back button on
 * the token coupon page, returning to the tab, a code scanned into 'Redeem a coupon', a payment
 * tapped with no network. Every step and expectation of each must hold; a failure prints the
 * transcript.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { formatEntry } from "../cli/bridge/transcript";
import { readScenario, runScenario } from "../cli/bridge/runner";
import { diffTranscripts } from "../cli/bridge/transcript";
import { E2E_APP_URL, E2E_SANDBOX_URL } from "./env";
import { expect, test } from "./fixtures";

const FOLDER = join(process.cwd(), "e2e/scenarios");
const SCENARIOS = readdirSync(FOLDER).filter((file) => file.endsWith(".json") && file !== "scenario.schema.json");

for (const file of SCENARIOS) {
  test(`scenario ${file}`, async ({ browser, sandbox }) => {
    void sandbox; // the fixture resets it; the scenario resets it again itself
    test.setTimeout(90_000);
    const { scenario, baseDir } = await readScenario(join(FOLDER, file));
    const transcript = await runScenario({ scenario, baseDir, appUrl: E2E_APP_URL, sandboxUrl: E2E_SANDBOX_URL, browser, screenshotsDir: test.info().outputDir });
    const failures = [
      ...transcript.entries.flatMap((entry) => (entry.kind === "step" && !entry.ok ? [entry.error ?? "a step failed"] : [])),
      ...transcript.expectations.filter((result) => !result.ok).map((result) => result.message),
    ];
    expect(failures, transcript.entries.flatMap(formatEntry).join("\n")).toEqual([]);
    expect(transcript.ok).toBe(true);
  });
}

test("a run of a scenario is the same as the last one; a paid and a failed purchase differ in the cashier's answer", async ({ browser, sandbox }) => {
  void sandbox;
  test.setTimeout(120_000);
  const { scenario, baseDir } = await readScenario(join(FOLDER, "purchase-paid.json"));
  const run = (cashier: "pay" | "fail") =>
    runScenario({
      scenario: {
        ...scenario,
        cashier: { ...scenario.cashier, outcome: cashier },
        steps: [...scenario.steps.slice(0, 2), { waitFor: { text: cashier === "pay" ? "Payment success" : "Payment Failed", exact: false, timeoutMs: 10_000 } }],
        expect: [],
      },
      baseDir,
      appUrl: E2E_APP_URL,
      sandboxUrl: E2E_SANDBOX_URL,
      browser,
    });
  const first = await run("pay");
  const again = await run("pay");
  expect(diffTranscripts(first, again)).toEqual([]);
  const failed = await run("fail");
  const differences = diffTranscripts(first, failed);
  expect(differences).toContainEqual(
    expect.objectContaining({ type: "changed", entry: "call tradePay", changes: expect.arrayContaining([{ path: "answer.resultStatus", type: "change", a: "9000", b: "4000" }]) }),
  );
  expect(failed.final.text).toContain("Payment Failed");
});

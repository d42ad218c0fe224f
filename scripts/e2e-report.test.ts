/** The browser tests that passed only on their second try are named in npm test's log (scripts/e2e-report.mjs). */
import { describe, expect, it } from "vitest";
import { flakyTests } from "./e2e-report.mjs";

/** A Playwright JSON report's shape (its `json` reporter, 1.65): a file's suite, a describe inside it. */
const report = {
  suites: [
    {
      title: "host.spec.ts",
      file: "host.spec.ts",
      specs: [{ title: "passes", file: "host.spec.ts", line: 12, tests: [{ status: "expected", results: [{ status: "passed" }] }] }],
      suites: [
        {
          title: "no network before a payment",
          file: "host.spec.ts",
          specs: [
            {
              title: "seckill: nothing is snapped up while offline",
              file: "host.spec.ts",
              line: 167,
              tests: [
                {
                  status: "flaky",
                  results: [{ status: "failed", error: { message: "Error: \u001b[2mexpect(\u001b[22mlocator).toBeVisible() failed\n\nLocator: getByRole('button')" } }, { status: "passed" }],
                },
              ],
            },
            { title: "fails twice", file: "host.spec.ts", line: 200, tests: [{ status: "unexpected", results: [{ status: "failed" }, { status: "failed" }] }] },
          ],
        },
      ],
    },
  ],
};

describe("flakyTests", () => {
  it("names each test that passed on its second try, where it is and how it first failed, in plain text", () => {
    expect(flakyTests(report)).toEqual(["e2e/host.spec.ts:167 › no network before a payment › seckill: nothing is snapped up while offline: Error: expect(locator).toBeVisible() failed"]);
  });

  it("names none when there is no report", () => {
    expect(flakyTests(null)).toEqual([]);
    expect(flakyTests({})).toEqual([]);
  });
});

/** The browser tests that passed only on their second try are named in npm test's log (scripts/e2e-report.mjs). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { describe, expect, it, vi } from "vitest";
import { describeRequests, flakyTests, printPagesAtFailure } from "./e2e-report.mjs";

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

describe("describeRequests", () => {
  const origin = "http://localhost:3600";
  const at = (ms: number) => 1_000_000 + ms;

  it("lists what the page still waited for, oldest first, with how long; then the last that finished, and the page's errors", () => {
    const note = describeRequests({
      origin,
      now: at(9_000),
      requests: [
        { method: "GET", url: `${origin}/assets/app.js`, type: "script", startedAt: at(0), endedAt: at(40), status: 200 },
        { method: "GET", url: `${origin}/myOrder.data?_routes=myOrder`, type: "fetch", startedAt: at(1_500) },
        { method: "GET", url: "http://127.0.0.1:4410/static/a.webp", type: "image", startedAt: at(1_000) },
        { method: "POST", url: `${origin}/resources/session`, type: "fetch", startedAt: at(100), endedAt: at(7_100), failure: "net::ERR_ABORTED" },
      ],
      errors: ["TypeError: x is \u001b[31mundefined\u001b[0m\n    at frame.tsx:1"],
    });
    expect(note).toBe(
      [
        "# Requests the page still waited for when the test failed",
        "",
        "- … GET http://127.0.0.1:4410/static/a.webp (image), 8000 ms",
        "- … GET /myOrder.data?_routes=myOrder (fetch), 7500 ms",
        "",
        "# The last 2 of 2 requests that finished",
        "",
        "- 200 GET /assets/app.js (script), 40 ms",
        "- failed (net::ERR_ABORTED) POST /resources/session (fetch), 7000 ms",
        "",
        "# Errors the page logged",
        "",
        "- TypeError: x is undefined",
        "",
      ].join("\n"),
    );
  });

  it("says none where there is nothing, keeps the newest fifteen that finished, and cuts long addresses", () => {
    const requests = Array.from({ length: 20 }, (_, index) => ({
      method: "GET",
      url: `${origin}/p/${index}?q=${"x".repeat(200)}`,
      type: "fetch",
      startedAt: at(index),
      endedAt: at(index + 1),
      status: 200,
    }));
    const note = describeRequests({ origin, now: at(100), requests, errors: [] });
    expect(note).toContain("# Requests the page still waited for when the test failed\n\nnone\n");
    expect(note).toContain("# The last 15 of 20 requests that finished");
    expect(note).not.toContain("/p/4?");
    expect(note).toContain(`- 200 GET /p/19?q=${"x".repeat(160 - "/p/19?q=".length)}… (fetch), 1 ms`);
    expect(note).toContain("# Errors the page logged\n\nnone\n");
  });
});

describe("printPagesAtFailure", () => {
  it("prints each failed try's page and then its requests, and nothing of a try that passed", () => {
    const folder = mkdtempSync(join(tmpdir(), "e2e-report-"));
    try {
      mkdirSync(join(folder, "host-going-back"));
      writeFileSync(join(folder, "host-going-back", "requests-at-failure.md"), "- … GET /myOrder.data (fetch), 7000 ms\n");
      writeFileSync(join(folder, "host-going-back", "error-context.md"), "- main\n");
      mkdirSync(join(folder, "host-going-back-retry1"));
      writeFileSync(join(folder, "host-going-back-retry1", "trace.zip"), "");
      const written: string[] = [];
      const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => Boolean(written.push(String(chunk))));
      try {
        printPagesAtFailure(folder);
      } finally {
        spy.mockRestore();
      }
      expect(written.map((chunk) => stripVTControlCharacters(chunk))).toEqual([
        "[mcoin] the page when it failed: test-results/host-going-back/error-context.md\n",
        "- main\n\n",
        "[mcoin] its requests when it failed: test-results/host-going-back/requests-at-failure.md\n",
        "- … GET /myOrder.data (fetch), 7000 ms\n\n",
      ]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

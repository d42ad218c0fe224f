/** The browser tests that passed only on their second try are named in npm test's log (scripts/e2e-report.mjs). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { describe, expect, it, vi } from "vitest";
import { describeRequests, flakyTests, printPagesAtFailure, slowReplies, slowRepliesIn } from "./e2e-report.mjs";

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
        "# Requests the page still waited for when the test failed (00:16:49.000 UTC)",
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
    expect(note).toContain("# Requests the page still waited for when the test failed (00:16:40.100 UTC)\n\nnone\n");
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

describe("slowReplies", () => {
  const line = (entry: object) => JSON.stringify({ level: 30, name: "mall", ...entry });
  const log = [
    line({ time: Date.UTC(2026, 10, 30, 11, 20, 1, 5), req: { method: "GET", path: "/myOrder.data?_routes=myOrder" }, res: { status: 200 }, responseTime: 6512, msg: "request completed" }),
    line({ time: Date.UTC(2026, 10, 30, 11, 20, 0), req: { method: "GET", path: "/index" }, res: { status: 200 }, responseTime: 18, msg: "request completed" }),
    line({ time: Date.UTC(2026, 10, 30, 11, 19, 0), msg: "mCoin Mall (production) on http://localhost:3600" }),
    "not a line of the log",
    line({ time: Date.UTC(2026, 10, 30, 11, 20, 3), req: { method: "POST", path: "/\u001b[31mx" }, res: { status: 500 }, responseTime: 2500, msg: "request errored" }),
  ].join("\n");

  it("names the replies that took 2.5 s or more, with their time, and nothing else of the log", () => {
    expect(slowReplies(log, "mall-0")).toEqual(["mall-0 11:20:01.005 GET /myOrder.data?_routes=myOrder 200 in 6512 ms", "mall-0 11:20:03.000 POST /x 500 in 2500 ms"]);
  });

  it("reads every worker's log in a folder, oldest first across them", () => {
    const folder = mkdtempSync(join(tmpdir(), "e2e-logs-"));
    try {
      writeFileSync(join(folder, "mall-0.log"), log);
      writeFileSync(join(folder, "mall-1.log"), line({ time: Date.UTC(2026, 10, 30, 11, 20, 2), req: { method: "GET", path: "/mycoupon.data" }, res: { status: 200 }, responseTime: 3001 }));
      writeFileSync(join(folder, "sandbox-0.log"), line({ time: Date.UTC(2026, 10, 30, 11, 20, 2), req: { method: "GET", path: "/api" }, responseTime: 9000 }));
      expect(slowRepliesIn(folder)).toEqual([
        "mall-0 11:20:01.005 GET /myOrder.data?_routes=myOrder 200 in 6512 ms",
        "mall-1 11:20:02.000 GET /mycoupon.data 200 in 3001 ms",
        "mall-0 11:20:03.000 POST /x 500 in 2500 ms",
      ]);
      expect(slowRepliesIn(join(folder, "absent"))).toEqual([]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

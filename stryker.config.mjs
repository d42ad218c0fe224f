// npm run mutation: mutation testing of the sandbox's money core, the rules a real ledger would be
// held to. Not part of npm test: it takes minutes on two cores. While working on one file,
// `npx stryker run --mutate sandbox/domain/ledger.ts` mutates that file alone, and `--incremental`
// retests only the mutants whose code or tests changed since the last run.
/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutation.config.ts" },
  // Each mutant runs only the tests that reach it.
  coverageAnalysis: "perTest",
  concurrency: 2,
  mutate: [
    "sandbox/domain/ledger.ts",
    "sandbox/domain/idempotency.ts",
    "sandbox/domain/books.ts",
    "sandbox/domain/order-book.ts",
    "sandbox/domain/order-readings.ts",
    "sandbox/domain/order-steps.ts",
    "sandbox/domain/orders.ts",
    "sandbox/domain/order-machine.ts",
    "sandbox/domain/settlement.ts",
    "sandbox/domain/audit.ts",
    "core/money/refund.ts",
    "core/money/purchase.ts",
  ],
  // A mutant that changes a module-level value (a schema) runs every test above, the model test's
  // seconds included; on a busy two-core machine Stryker's default margin of 5 s made some of them
  // time out (counted as caught) before the test that catches them had run.
  timeoutMS: 10_000,
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/index.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  incrementalFile: "reports/mutation/incremental.json",
  tempDirName: ".stryker-tmp",
  thresholds: { high: 95, low: 90, break: 90 },
};

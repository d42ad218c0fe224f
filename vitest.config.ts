// Unit tests only: Playwright specs in e2e/ are run by Playwright, never collected here.
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

const TESTS = [
  "core/**/*.test.ts",
  "app/**/*.test.{ts,tsx}",
  "inspector/**/*.test.ts",
  "lib/**/*.test.ts",
  "cli/**/*.test.ts",
  "harness/**/*.test.ts",
  "sandbox/**/*.test.ts",
  "server/**/*.test.ts",
  "scripts/**/*.test.ts",
  "bench/**/*.test.ts",
];
const EXCLUDE = ["e2e/**", "node_modules/**", "build/**"];
/** A test that opens a socket, starts a child process or waits on real time is named so (docs/testing.md). */
const INTEGRATION = "**/*.integration.test.{ts,tsx}";

export default defineConfig({
  test: {
    // `vitest run --project unit` is the edit loop; `integration` the rest. Each project extends this
    // configuration, whose arrays it would add to its own: the files are the projects' alone.
    projects: [
      { extends: true, test: { name: "unit", include: TESTS, exclude: [...EXCLUDE, INTEGRATION] } },
      { extends: true, test: { name: "integration", include: [INTEGRATION], exclude: EXCLUDE } },
    ],
    environment: "node",
    setupFiles: ["./vitest.setup.ts"],
    testTimeout: 20_000,
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine. Much of
    // the suite waits on sockets and child processes (the integration tests, the sandbox over HTTP),
    // so two workers there take about 60 % of the time (176 s against 108 s on the CI machine).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});

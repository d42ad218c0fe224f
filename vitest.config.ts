// Unit tests only: Playwright specs in e2e/ are run by Playwright, never collected here.
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
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
    ],
    exclude: ["e2e/**", "node_modules/**", "build/**"],
    environment: "node",
    setupFiles: ["./vitest.setup.ts"],
    testTimeout: 20_000,
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine. Most of
    // the suite waits on sockets and child processes (the CLI's runs, the sandbox over HTTP), so two
    // workers there take about 60 % of the time (176 s against 108 s on the CI machine).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});

// The unit and integration projects; Playwright specs in e2e/ are run by Playwright, never collected
// here. `npm run test:unit` is the edit loop: no sockets, no child processes (vitest.unit-setup.ts
// refuses both), no real time. A test that needs them is named *.integration.test.ts.
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
const EXCLUDE = ["e2e/**", "**/node_modules/**", "build/**"];
/** A test that opens a socket, starts a child process or waits on real time is named so (docs/testing.md). */
const INTEGRATION = "**/*.integration.test.{ts,tsx}";

export default defineConfig({
  test: {
    // Each project extends this configuration, whose arrays it would add to its own: the files (and
    // the unit project's guard) are the projects' alone.
    // The unit project runs in worker threads rather than processes: its tests start no process and
    // change no process-wide state, and threads took about a sixth less time (62 s against 73 s here).
    // Its files share each worker's modules rather than importing their graph afresh (poolOptions
    // below): importing took twice the tests' own time, and the project 72 s against 20 s. So a unit
    // test replaces no module (vi.mock; eslint.config.js refuses it) and puts back what it stubs or
    // spies on; an integration test, in a process of its own, may.
    projects: [
      { extends: true, test: { name: "unit", include: TESTS, exclude: [...EXCLUDE, INTEGRATION], setupFiles: ["./vitest.unit-setup.ts"], pool: "threads" } },
      { extends: true, test: { name: "integration", include: [INTEGRATION], exclude: EXCLUDE } },
    ],
    environment: "node",
    setupFiles: ["./vitest.setup.ts"],
    testTimeout: 20_000,
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine. The
    // integration tests wait on sockets and child processes much of their time, so two workers there
    // take less time than one.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    poolOptions: { threads: { isolate: false } },
  },
});

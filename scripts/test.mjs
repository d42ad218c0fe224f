// npm test: install what is missing (npm packages, Debian's chromium and redis-server), then the
// typecheck, the lint, the unit tests and the build side by side (together they keep a 2-core machine
// busy: docs/testing.md, "How long it takes"), then the Playwright suite on that build with the
// partner example beside it (the browser suite keeps the two cores about three quarters busy; the
// example fits in the rest). Stops after the first stage that fails.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { SLOW_REPLY_MS, flakyTests, printPagesAtFailure, readReport, slowRepliesIn } from "./e2e-report.mjs";
import { ROOT, bin, ensureDependencies, ensureTestPackages, log, runOrExit } from "./lib.mjs";

const started = Date.now();
ensureDependencies();
ensureTestPackages();

const env = { ...process.env, MCOIN_E2E_PREBUILT: "1", MCOIN_REQUIRE_REDIS: "1" };
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);

/**
 * Starts a step; `quiet` steps keep their output until `report` is called (so it does not interleave
 * with another step's). Resolves when it ends, with whether it passed and its report: its output, if
 * kept, and the line that says how it ended.
 */
function start(name, command, args, { quiet = false, stepEnv = env } = {}) {
  const stepStarted = Date.now();
  log(`${name}…`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env: stepEnv, stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit" });
    const output = [];
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    child.on("error", (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on("close", (code) => {
      const took = seconds(stepStarted);
      const report = () => {
        if (output.length) process.stdout.write(Buffer.concat(output));
        log(code === 0 ? `${name} passed in ${took} s` : `failed: ${name} (${command} ${args.join(" ")}), exit ${code}`);
      };
      resolve({ passed: code === 0, code, report });
    });
  });
}

/** Runs a step to its end and reports it at once. Resolves with whether it passed. */
async function step(name, command, args, options) {
  const { passed, report } = await start(name, command, args, options);
  report();
  return passed;
}

// The unit tests start the CLI some hundred times: from its bundle, brought up to date first, rather
// than from the sources through tsx; and they find the inspector's page (mcoin inspect) built.
runOrExit(process.execPath, ["scripts/build.mjs", "cli", "inspector", "--if-changed"]);

const firstStage = await Promise.all([
  step("typecheck", bin("tsc"), ["--noEmit"], { quiet: true }),
  step("lint", "npm", ["run", "--silent", "lint"], { quiet: true }),
  // The mall is always built again here: the browser tests must run what the sources are now.
  step("build", process.execPath, ["scripts/build.mjs", "mall"], { quiet: true }),
  step("unit tests", bin("vitest"), ["run"]),
]);
if (firstStage.includes(false)) process.exit(1);

// The partner example (scripts/partner-example.mjs) beside the browser tests: it needs only the build.
// Its output is kept until the browser tests end, and it runs with the environment a partner has.
const partner = start("the packages and the partner example (examples/partner-ci)", process.execPath, ["scripts/partner-example.mjs"], {
  quiet: true,
  stepEnv: process.env,
});

// A test that fails is tried once more, with a trace of that try (traces cost about a sixth of the
// suite's time, so the first tries record none); it fails the run only if it fails twice. Those that
// passed on their second try are listed, with what their page showed when they failed
// (docs/decisions/059-a-failed-browser-test-is-tried-once-more.md).
const results = join(ROOT, "test-results/results.json");
const e2e = await start("browser tests", bin("playwright"), ["test", "--retries=1", "--reporter=list,json"], {
  stepEnv: { ...env, MCOIN_E2E_TRACE: "on-first-retry", PLAYWRIGHT_JSON_OUTPUT_NAME: results },
});
printPagesAtFailure(join(ROOT, "test-results"));
const flaky = flakyTests(readReport(results));
for (const line of flaky) log(`flaky: ${line}`);
// Beside a failure, what the mall itself was slow to answer (its request log, playwright.config.ts).
if (!e2e.passed || flaky.length > 0) {
  const slow = slowRepliesIn(join(ROOT, "test-results-servers"));
  log(slow.length === 0 ? `the mall gave no reply slower than ${SLOW_REPLY_MS / 1000} s` : `the mall's replies slower than ${SLOW_REPLY_MS / 1000} s (the last ${slow.length}):`);
  for (const line of slow) process.stdout.write(`  ${line}\n`);
}
e2e.report();
if (!e2e.passed) log("each failed test's trace of its second try: npx playwright show-trace test-results/…-retry1/trace.zip");

const example = await partner;
example.report();
if (!e2e.passed) process.exit(e2e.code ?? 1);
if (!example.passed) process.exit(example.code ?? 1);
log(`all tests passed in ${seconds(started)} s`);

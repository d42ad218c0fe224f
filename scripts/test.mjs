// npm test: install what is missing (npm packages, Debian's chromium and redis-server), then the
// unit tests and the build side by side; then the Playwright suite on that build with the partner
// example beside it. The typecheck and the lint run from the start to the end at a lower priority, in
// the CPU the others leave (the browser suite keeps the two cores about three quarters busy:
// docs/testing.md, "How long it takes"). A failure in the first stage ends the run with the stage; a
// check that fails beside the browser suite stops it, and every step under way, at once.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { SLOW_REPLY_MS, flakyTests, printPagesAtFailure, readReport, slowRepliesIn } from "./e2e-report.mjs";
import { ROOT, bin, ensureDependencies, ensureTestPackages, log, runOrExit } from "./lib.mjs";

const started = Date.now();
ensureDependencies();
ensureTestPackages();

const env = { ...process.env, MCOIN_E2E_PREBUILT: "1", MCOIN_REQUIRE_REDIS: "1" };
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);

/** The steps under way, stopped when one fails; once stopping, the others' ends are not reported. */
const running = new Set();
let stopping = false;
/** How long a step stopped may take to end before it and every process it started are killed. */
const STOP_GRACE_MS = 15_000;
/**
 * Stops every step under way and exits with `code`. Each step is a process group of its own (every
 * process it started: vitest's workers, Playwright's browsers and servers), sent SIGINT as a Ctrl-C
 * would be, so Playwright stops the malls and sandboxes it started; a group still there after
 * STOP_GRACE_MS is killed.
 */
async function stopAll(code) {
  stopping = true;
  const signal = (child, name) => {
    try {
      process.kill(-child.pid, name);
    } catch {
      // The group has ended already.
    }
  };
  const steps = [...running];
  const closed = steps.map((child) => new Promise((resolve) => child.once("close", resolve)));
  for (const child of steps) signal(child, "SIGINT");
  const late = setTimeout(() => steps.forEach((child) => signal(child, "SIGKILL")), STOP_GRACE_MS);
  await Promise.all(closed);
  clearTimeout(late);
  // The groups' other processes, which may outlive their leader.
  for (const child of steps) signal(child, "SIGKILL");
  process.exit(code);
}
// A Ctrl-C or a CI's stop reaches this process alone now that each step has its group: passed on.
process.once("SIGINT", () => void stopAll(130));
process.once("SIGTERM", () => void stopAll(143));

/**
 * Starts a step; `quiet` steps keep their output until `report` is called (so it does not interleave
 * with another step's). Resolves when it ends, with whether it passed and its report: its output, if
 * kept, and the line that says how it ended.
 */
function start(name, command, args, { quiet = false, stepEnv = env, niceness = 0 } = {}) {
  const stepStarted = Date.now();
  log(`${name}…`);
  return new Promise((resolve) => {
    // `nice` (coreutils) sets the priority before the command starts, so every process it starts has it too.
    const [file, argv] = niceness === 0 ? [command, args] : ["nice", ["-n", String(niceness), command, ...args]];
    // A process group of its own (`detached`), so that stopping it stops every process it started.
    const child = spawn(file, argv, { cwd: ROOT, env: stepEnv, stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit", detached: true });
    running.add(child);
    child.on("close", () => running.delete(child));
    const output = [];
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    child.on("error", (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on("close", (code) => {
      const took = seconds(stepStarted);
      const report = () => {
        if (stopping) return;
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

// The checks the browser suite does not need and that wait on nothing but the CPU: from the start
// and beside the browser suite, below its priority, so that they take the CPU it leaves rather than
// time from its tests.
const CHECKS_NICENESS = 10;
const checks = [
  start("typecheck", bin("tsc"), ["--noEmit"], { quiet: true, niceness: CHECKS_NICENESS }),
  start("lint", "npm", ["run", "--silent", "lint"], { quiet: true, niceness: CHECKS_NICENESS }),
];
// Each check reports as it ends. One that fails in the first stage lets the stage end, so that every
// step's failures are seen together; one that fails beside the browser suite stops it.
let checkFailed = null;
let browserStage = false;
const checked = Promise.all(
  checks.map(async (check) => {
    const { passed, code, report } = await check;
    report();
    if (passed) return;
    checkFailed ??= code ?? 1;
    if (browserStage) await stopAll(checkFailed);
  }),
);
// The unit and integration tests at the suite's priority, beside the build: some of them wait on real
// time and would run out of it at a lower one. The mall is always built again here: the browser tests
// must run what the sources are now.
const firstStage = await Promise.all([step("build", process.execPath, ["scripts/build.mjs", "mall"], { quiet: true }), step("unit tests", bin("vitest"), ["run"])]);
if (firstStage.includes(false) || checkFailed !== null) {
  await checked;
  process.exit(checkFailed ?? 1);
}
browserStage = true;

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
// Stopped by a check that failed: that check's report is the run's, and it ends the run.
if (stopping) await checked;
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
await checked;
if (!e2e.passed) process.exit(e2e.code ?? 1);
if (!example.passed) process.exit(example.code ?? 1);
log(`all tests passed in ${seconds(started)} s`);

// npm test: install what is missing (npm packages, Debian's chromium and redis-server), then the
// typecheck, the lint, the unit tests and the build side by side (the unit suite waits on sockets and child
// processes much of its time, so a 2-core machine has room for the other two), then the Playwright
// suite on that build, then the partner example on it. Stops after the first stage that fails.
import { spawn, spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { SLOW_REPLY_MS, flakyTests, printPagesAtFailure, readReport, slowRepliesIn } from "./e2e-report.mjs";
import { ROOT, bin, ensureDependencies, ensureTestPackages, log, runFetchingOrExit, runOrExit } from "./lib.mjs";

const started = Date.now();
ensureDependencies();
ensureTestPackages();

const env = { ...process.env, MCOIN_E2E_PREBUILT: "1", MCOIN_REQUIRE_REDIS: "1" };
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);

/**
 * Runs a step; `quiet` steps keep their output until they end (so it does not interleave with the
 * unit suite's) and print it then. Resolves with whether it passed.
 */
function step(name, command, args, { quiet = false } = {}) {
  const stepStarted = Date.now();
  log(`${name}…`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit" });
    const output = [];
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    child.on("error", (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on("close", (code) => {
      if (output.length) process.stdout.write(Buffer.concat(output));
      log(code === 0 ? `${name} passed in ${seconds(stepStarted)} s` : `failed: ${name} (${command} ${args.join(" ")}), exit ${code}`);
      resolve(code === 0);
    });
  });
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

const e2eStarted = Date.now();
log("browser tests…");
// A test that fails is tried once more, with a trace of that try (traces cost about a sixth of the
// suite's time, so the first tries record none); it fails the run only if it fails twice. Those that
// passed on their second try are listed, with what their page showed when they failed
// (docs/decisions/059-a-failed-browser-test-is-tried-once-more.md).
const results = join(ROOT, "test-results/results.json");
const e2e = spawnSync(bin("playwright"), ["test", "--retries=1", "--reporter=list,json"], {
  cwd: ROOT,
  env: { ...env, MCOIN_E2E_TRACE: "on-first-retry", PLAYWRIGHT_JSON_OUTPUT_NAME: results },
  stdio: "inherit",
});
printPagesAtFailure(join(ROOT, "test-results"));
const flaky = flakyTests(readReport(results));
for (const line of flaky) log(`flaky: ${line}`);
// Beside a failure, what the mall itself was slow to answer (its request log, playwright.config.ts).
if (e2e.status !== 0 || flaky.length > 0) {
  const slow = slowRepliesIn(join(ROOT, "test-results-servers"));
  log(slow.length === 0 ? `the mall gave no reply slower than ${SLOW_REPLY_MS / 1000} s` : `the mall's replies slower than ${SLOW_REPLY_MS / 1000} s (the last ${slow.length}):`);
  for (const line of slow) process.stdout.write(`  ${line}\n`);
}
if (e2e.status !== 0) {
  log(`failed: browser tests, exit ${e2e.status}; each failed test's trace of its second try: npx playwright show-trace test-results/…-retry1/trace.zip`);
  process.exit(e2e.status ?? 1);
}
log(`browser tests passed in ${seconds(e2eStarted)} s`);

// A partner's project on the harness (examples/partner-ci), as a partner has it: the packages
// `npm run pack -- --mall` writes (the harness, and the mall's build for `mcoinStartMall`) installed
// from their tarballs with the project's own package.json, type-checked strictly (nodenext) against
// the packed declarations, and run with its own Playwright; and the harness's tarball tried alone in
// an empty folder (scripts/try-package.mjs: its install's size, `mcoin --help`, a sandbox from it).
const exampleStarted = Date.now();
const EXAMPLE = join(ROOT, "examples/partner-ci");
log("the packages and the partner example (examples/partner-ci)…");
runOrExit("node", ["scripts/pack.mjs", "--mall"]);
const version = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).version;
const wanted = JSON.parse(readFileSync(join(EXAMPLE, "package.json"), "utf8")).devDependencies["@mcoin/harness"];
if (!wanted.endsWith(`-${version}.tgz`)) {
  log(`failed: examples/partner-ci/package.json installs ${wanted}, not the tarball of version ${version}: name dist/mcoin-harness-${version}.tgz and dist/mcoin-mall-${version}.tgz there`);
  process.exit(1);
}
// The packages just packed, never an earlier pack's left in node_modules; no lockfile, whose
// integrity of the tarballs would change at every pack.
rmSync(join(EXAMPLE, "node_modules/@mcoin"), { recursive: true, force: true });
runFetchingOrExit("npm", ["install", "--no-audit", "--no-fund", "--no-package-lock", "--loglevel=error"], { cwd: EXAMPLE });
runOrExit("npm", ["test"], { cwd: EXAMPLE, env: { ...process.env, CI: "1" } });
runOrExit("node", ["scripts/try-package.mjs", "--tarball", join(ROOT, `dist/mcoin-harness-${version}.tgz`)]);
log(`the partner example passed in ${seconds(exampleStarted)} s`);
log(`all tests passed in ${seconds(started)} s`);

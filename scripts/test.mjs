// npm test: install what is missing (npm packages, Debian's chromium and redis-server), then
// typecheck, unit tests, build and the Playwright suite. Stops at the first failing step.
import { bin, ensureDependencies, ensureTestPackages, log, runOrExit } from "./lib.mjs";

const started = Date.now();
ensureDependencies();
ensureTestPackages();

const steps = [
  ["typecheck", bin("tsc"), ["--noEmit"]],
  ["unit tests", bin("vitest"), ["run"]],
  ["build", "npm", ["run", "--silent", "build"]],
  ["browser tests", bin("playwright"), ["test"]],
];
for (const [name, command, args] of steps) {
  const stepStarted = Date.now();
  log(`${name}…`);
  runOrExit(command, args, { env: { ...process.env, MCOIN_E2E_PREBUILT: "1", MCOIN_REQUIRE_REDIS: "1" } });
  log(`${name} passed in ${((Date.now() - stepStarted) / 1000).toFixed(1)} s`);
}
log(`all tests passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);

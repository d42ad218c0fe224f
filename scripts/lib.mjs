// Helpers for the project's own scripts (npm start, npm test): install what is missing, run and
// supervise child processes. Plain Node, no dependencies: it runs before node_modules exists.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { projectInstallDifference } from "./install-state.mjs";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

export function log(message) {
  process.stdout.write(`\x1b[36m[mcoin]\x1b[0m ${message}\n`);
}

export function bin(name) {
  return join(ROOT, "node_modules", ".bin", name);
}

/** Runs a command to completion, inheriting the terminal; exits on failure. */
export function runOrExit(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit", ...options });
  if (result.status !== 0) {
    log(`failed: ${command} ${args.join(" ")}`);
    process.exit(result.status ?? 1);
  }
}

/**
 * The environment for a step that fetches from a registry: npm gives up on a request that has not
 * answered in 60 s and asks again (its default waits five minutes on a stalled one).
 */
export const FETCHING_ENV = { ...process.env, npm_config_fetch_timeout: "60000" };

/** How many times a step that fetches from a registry is tried. */
const FETCH_ATTEMPTS = 3;

/**
 * Runs `step` (one that fetches from a registry: npm's, Debian's) until it returns, three times at
 * most, logging each failure with the first line of its error; the last failure is thrown. A
 * registry that stalls or drops a connection once must not fail a run whose tests passed.
 */
export function retryFetching(label, step, attempts = FETCH_ATTEMPTS) {
  for (let tried = 1; ; tried++) {
    try {
      return step();
    } catch (error) {
      if (tried >= attempts) throw error;
      const reason = (error instanceof Error ? error.message : String(error)).split("\n")[0];
      log(`${label} failed (${reason}); trying again, ${tried + 1} of ${attempts}…`);
    }
  }
}

/** Runs a command that fetches from a registry (`retryFetching`), inheriting the terminal; exits when its last try fails. */
export function runFetchingOrExit(command, args, options = {}) {
  const label = `${command} ${args.join(" ")}`;
  try {
    retryFetching(label, () => {
      const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit", env: FETCHING_ENV, ...options });
      if (result.status !== 0) throw Object.assign(new Error(`exit ${result.status ?? result.signal}`), { status: result.status });
    });
  } catch (error) {
    log(`failed: ${label}, ${error.message}, ${FETCH_ATTEMPTS} tries`);
    process.exit(error.status ?? 1);
  }
}

/** Installs the npm packages from the lockfile unless node_modules already holds them (scripts/install-state.mjs). */
export function ensureDependencies() {
  const difference = projectInstallDifference(ROOT);
  if (difference === undefined) return;
  log(`installing npm packages from package-lock.json (npm ci): ${difference}…`);
  runFetchingOrExit("npm", ["ci", "--no-audit", "--no-fund"]);
}

export const CHROMIUM = "/usr/bin/chromium";

/**
 * What the tests need from Debian: chromium for the Playwright suite (Playwright never downloads its
 * own browsers here), redis-server for the test of rate limits shared by several mall instances and
 * Java (default-jre-headless) for WireMock's own server, which the differential test of stubs runs
 * (sandbox/stubs/wiremock-differential.integration.test.ts), and the CJK fonts the visual check draws
 * with. Installed in one apt-get run when missing.
 */
const DEBIAN_NEEDS = [
  { path: CHROMIUM, install: ["chromium"] },
  { path: "/usr/bin/redis-server", install: ["--no-install-recommends", "redis-server"] },
  { path: "/usr/bin/java", install: ["--no-install-recommends", "default-jre-headless"] },
  // The fonts the visual check's references were drawn with (e2e/visual.spec.ts): the mall's
  // font stack names Noto Sans CJK TC, for Chinese and Latin alike.
  { path: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", install: ["--no-install-recommends", "fonts-noto-cjk"] },
];

export function ensureTestPackages() {
  const missing = DEBIAN_NEEDS.filter((need) => !existsSync(need.path));
  if (missing.length === 0) return;
  const names = missing.map((need) => need.install.at(-1)).join(" ");
  if (process.getuid?.() !== 0) {
    log(`${names} missing and installing needs root: sudo apt-get update && sudo apt-get install -y ${names}`);
    process.exit(1);
  }
  log(`installing Debian's ${names} for the tests (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  runFetchingOrExit("apt-get", ["update"], { env });
  for (const need of missing) runFetchingOrExit("apt-get", ["install", "-y", ...need.install], { env });
}

/** Starts a long-running child; its output is prefixed with a label. */
export function startChild(label, command, args, env = {}) {
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  const prefix = (stream, target) => {
    let buffered = "";
    stream.on("data", (chunk) => {
      buffered += chunk;
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) if (!/Unknown user config/.test(line)) target.write(`\x1b[90m[${label}]\x1b[0m ${line}\n`);
    });
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  return child;
}

/**
 * Stops every child on Ctrl-C or SIGTERM, then exits. Returns `stop(code)` for the script's own
 * reasons to stop (a child that exits unasked, a server that never answered).
 */
export function supervise(children) {
  let stopping = false;
  const stop = (code) => {
    if (stopping) return;
    stopping = true;
    for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
    setTimeout(() => process.exit(code), 500).unref();
  };
  process.on("SIGINT", () => stop(0));
  process.on("SIGTERM", () => stop(0));
  return { stop, stopping: () => stopping };
}

/** Resolves once `url` answers (any status below 500), or rejects after `timeoutMs`. */
export async function waitForUrl(url, timeoutMs = 30_000) {
  const started = Date.now();
  for (;;) {
    try {
      const response = await fetch(url, { redirect: "manual" });
      if (response.status < 500) return;
    } catch {
      // not up yet
    }
    if (Date.now() - started > timeoutMs) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

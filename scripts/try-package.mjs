// npm run pack:try: the harness's tarball installed as a partner team installs it, in an empty folder
// of the temporary directory with this Node, and tried from there (issue 47's acceptance): how long
// `npm install <tarball> @playwright/test` takes and how many packages it brings, how long
// `npx mcoin --help` takes; then that an ESM script starts a sandbox from `@mcoin/harness/sandbox` and
// calls it with `@mcoin/harness/gateway`'s client, and that `npx mcoin sandbox --port 0` starts and
// serves the inspector's page. It needs the npm registry and nothing else of the internet.
//
//   node scripts/try-package.mjs [--tarball dist/mcoin-harness-X.tgz] [--mall dist/mcoin-mall-X.tgz] [--keep]
//
// Without --tarball it packs first (scripts/pack.mjs). With --mall it then installs the mall's tarball
// beside it and starts its server, as the fixture's `mcoinStartMall` does (lib/mall.ts), on a sandbox. Exits 1 when a step fails or the install brings
// more than 150 packages; the times are printed against their targets, not asserted (the machine is shared).
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { FETCHING_ENV, log, retryFetching } from "./lib.mjs";
import { lockedVersions } from "./package-common.mjs";
import { packHarness } from "./pack.mjs";

const MAX_PACKAGES = 150;
const TARGETS = { installSeconds: 60, helpSeconds: 1 };

const SMOKE = `import { startSandbox } from "@mcoin/harness/sandbox";
import { createApiClient, createFetchTransport, ENDPOINT_GROUPS } from "@mcoin/harness/gateway";
const sandbox = await startSandbox({ latencyMs: 0 });
try {
  const api = createApiClient({ baseUrl: sandbox.url, transport: createFetchTransport(), locale: "en" });
  const reply = await api.call(ENDPOINT_GROUPS.catalog.recommendList, {});
  console.log(JSON.stringify({ url: sandbox.url, offers: Array.isArray(reply.data) ? reply.data.length : Object.keys(reply.data ?? {}).length }));
} finally {
  await sandbox.stop();
}
`;

const seconds = (since) => (Number(process.hrtime.bigint() - since) / 1e9).toFixed(2);

function runIn(cwd, command, args, timeout = 180_000) {
  const started = process.hrtime.bigint();
  const result = spawnSync(command, args, { cwd, encoding: "utf8", timeout, env: { ...FETCHING_ENV, npm_config_update_notifier: "false" } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed (${result.status ?? result.signal}):\n${result.stdout}${result.stderr}`);
  return { stdout: result.stdout, seconds: seconds(started) };
}

/** An install from the registry, tried again when it fails (scripts/lib.mjs); the time reported is the try that passed. */
function installIn(cwd, args) {
  return retryFetching(`npm install ${args.join(" ")}`, () => runIn(cwd, "npm", ["install", "--no-audit", "--no-fund", "--loglevel=error", ...args]));
}

/** Starts `npx mcoin sandbox --port 0`, reads the address it prints, and asks it for its health and its inspector's page. */
async function sandboxFromCli(cwd) {
  const child = spawn("npx", ["--no-install", "mcoin", "sandbox", "--port", "0"], { cwd, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let output = "";
  try {
    const url = await new Promise((resolveUrl, reject) => {
      const timer = setTimeout(() => reject(new Error(`mcoin sandbox printed no address in 30 s:\n${output}`)), 30_000);
      const read = (chunk) => {
        output += chunk;
        const found = /listening on (http:\/\/\S+)/.exec(output);
        if (found) {
          clearTimeout(timer);
          resolveUrl(found[1]);
        }
      };
      child.stdout.on("data", read);
      child.stderr.on("data", read);
      child.on("exit", (code) => reject(new Error(`mcoin sandbox exited (${code}):\n${output}`)));
    });
    const health = await (await fetch(`${url}/__sandbox/health`)).json();
    if (health.ok !== true) throw new Error(`the sandbox's health: ${JSON.stringify(health)}`);
    for (const path of ["/__sandbox/inspect", "/__sandbox/inspect/assets/inspector.js"]) {
      const page = await fetch(`${url}${path}`);
      if (page.status !== 200) throw new Error(`the inspector's ${path} answered ${page.status}`);
    }
    return url;
  } finally {
    // npx runs mcoin as its child: the group goes together.
    if (child.exitCode === null) process.kill(-child.pid, "SIGTERM");
  }
}

/** Installs @mcoin/mall beside the harness and starts its server on a sandbox of the harness's, as lib/mall.ts starts it. */
async function mallFromPackage(cwd, tarball) {
  const install = installIn(cwd, [resolve(tarball)]);
  const packages = Object.keys(JSON.parse(readFileSync(join(cwd, "package-lock.json"), "utf8")).packages).length - 1;
  log(`npm install ${tarball}: ${install.seconds} s, ${packages} packages with the harness's`);
  writeFileSync(
    join(cwd, "mall.mjs"),
    `import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { startSandbox } from "@mcoin/harness/sandbox";
const root = new URL("./node_modules/@mcoin/mall/", import.meta.url);
const port = await new Promise((done) => { const probe = createServer().listen(0, "127.0.0.1", () => { const { port } = probe.address(); probe.close(() => done(port)); }); });
const sandbox = await startSandbox({ latencyMs: 0 });
const mall = spawn(process.execPath, ["build/mall-server.js"], { cwd: root, stdio: "inherit", env: { ...process.env, NODE_ENV: "production", PORT: String(port), MCOIN_SANDBOX_URL: sandbox.url } });
try {
  for (let tries = 0; ; tries++) {
    const reply = await fetch(\`http://127.0.0.1:\${port}/robots.txt\`).catch(() => undefined);
    if (reply?.status === 200) break;
    if (tries > 300 || mall.exitCode !== null) throw new Error("the mall did not start");
    await new Promise((done) => setTimeout(done, 100));
  }
  const home = await fetch(\`http://127.0.0.1:\${port}/index\`, { headers: { host: \`localhost:\${port}\` }, redirect: "manual" });
  console.log(JSON.stringify({ port, home: home.status }));
  if (home.status >= 500) process.exitCode = 1;
} finally {
  mall.kill();
  await sandbox.stop();
}
`,
  );
  const started = runIn(cwd, process.execPath, ["mall.mjs"], 60_000);
  log(`the mall from @mcoin/mall on a sandbox of @mcoin/harness: ${started.stdout.trim()}`);
}

export async function tryPackage({ tarball, mall, keep = false }) {
  const folder = mkdtempSync(join(tmpdir(), "mcoin-try-"));
  const failures = [];
  try {
    writeFileSync(join(folder, "package.json"), `${JSON.stringify({ name: "partner-try", private: true, type: "module" }, null, 2)}\n`);
    const playwright = `@playwright/test@${lockedVersions(["@playwright/test"])["@playwright/test"]}`;
    const install = installIn(folder, [resolve(tarball), playwright]);
    const lock = JSON.parse(readFileSync(join(folder, "package-lock.json"), "utf8"));
    const packages = Object.keys(lock.packages).filter((path) => path !== "").length;
    log(`npm install ${tarball} ${playwright}: ${install.seconds} s (target ${TARGETS.installSeconds} s), ${packages} packages (at most ${MAX_PACKAGES})`);
    if (packages > MAX_PACKAGES) failures.push(`${packages} packages installed, more than ${MAX_PACKAGES}`);
    const help = runIn(folder, "npx", ["--no-install", "mcoin", "--help"]);
    const direct = runIn(folder, process.execPath, [join(folder, "node_modules/.bin/mcoin"), "--help"]);
    log(`npx mcoin --help: ${help.seconds} s (target under ${TARGETS.helpSeconds} s); node_modules/.bin/mcoin --help: ${direct.seconds} s`);
    if (!/Usage: mcoin/.test(help.stdout)) failures.push(`mcoin --help printed no usage:\n${help.stdout}`);
    writeFileSync(join(folder, "smoke.mjs"), SMOKE);
    const smoke = runIn(folder, process.execPath, ["smoke.mjs"], 60_000);
    log(`a sandbox from @mcoin/harness/sandbox, called with @mcoin/harness/gateway's client: ${smoke.stdout.trim()}`);
    const url = await sandboxFromCli(folder);
    log(`npx mcoin sandbox --port 0 listened on ${url}, its health and inspector's page answered`);
    if (mall) await mallFromPackage(folder, mall);
    return { folder, installSeconds: Number(install.seconds), packages, helpSeconds: Number(help.seconds), failures };
  } finally {
    if (keep) log(`kept ${folder}`);
    else rmSync(folder, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  const at = process.argv.indexOf("--tarball");
  try {
    const tarball = at > 0 ? process.argv[at + 1] : (await packHarness()).tarball;
    const mallAt = process.argv.indexOf("--mall");
    const result = await tryPackage({ tarball, mall: mallAt > 0 ? process.argv[mallAt + 1] : undefined, keep: process.argv.includes("--keep") });
    for (const failure of result.failures) log(`failed: ${failure}`);
    process.exit(result.failures.length > 0 ? 1 : 0);
  } catch (error) {
    log(`failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

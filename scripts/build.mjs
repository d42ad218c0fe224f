// Builds the parts named, all when none is: `mall` (scripts/mall-build.mjs: the mall, its task widget
// and its server, in build/), `cli` (scripts/cli-bundle.mjs: the mcoin CLI's bundle, in .cache/) and
// `inspector` (scripts/inspector-build.mjs: the traffic inspector's page, in .cache/inspector/).
// Each prints one line of summary; the tools print only their warnings and errors.
// --if-changed builds a part only when a source changed since its last build (npm start);
// --warn-on-failure (an install's) reports a failure and goes on, since bin/mcoin.mjs then runs the
// CLI's sources.
import { buildCliBundle, freshCliBundle } from "./cli-bundle.mjs";
import { buildInspector, freshInspectorBuild } from "./inspector-build.mjs";
import { ROOT, log } from "./lib.mjs";
import { buildMall, freshMallBuild } from "./mall-build.mjs";

const PARTS = ["mall", "cli", "inspector"];
const args = process.argv.slice(2);
const ifChanged = args.includes("--if-changed");
const warnOnFailure = args.includes("--warn-on-failure");
const named = args.filter((arg) => !arg.startsWith("--"));
const unknown = named.filter((part) => !PARTS.includes(part));
if (unknown.length > 0) {
  log(`no such part to build: ${unknown.join(", ")} (the parts: ${PARTS.join(", ")})`);
  process.exit(2);
}

const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const kilobytes = (bytes) => `${(bytes / 1000).toFixed(0)} kB`;

async function mall() {
  if (ifChanged && freshMallBuild(ROOT)) return log("mall: up to date (no source changed since its build)");
  const started = performance.now();
  const built = await buildMall(ROOT);
  log(
    `mall: built in ${seconds(started)}: ${built.scripts} browser scripts, ${kilobytes(built.scriptBytes)} (${kilobytes(built.scriptGzipBytes)} gzip); server ${kilobytes(built.serverBytes)} (build/)`,
  );
}

async function cli() {
  if (ifChanged && freshCliBundle(ROOT)) return log("cli: up to date (no source changed since its build)");
  const started = performance.now();
  try {
    const bundle = await buildCliBundle(ROOT);
    log(`cli: built in ${seconds(started)}: ${bundle.files} files, ${kilobytes(bundle.bytes)} (.cache/mcoin-cli.mjs)`);
  } catch (error) {
    if (!warnOnFailure) throw error;
    log(`cli: the bundle could not be built (${error.message.split("\n")[0]}); mcoin runs from its sources meanwhile`);
  }
}

async function inspector() {
  if (ifChanged && freshInspectorBuild(ROOT)) return log("inspector: up to date (no source changed since its build)");
  const started = performance.now();
  try {
    const built = await buildInspector(ROOT);
    log(`inspector: built in ${seconds(started)}: script ${kilobytes(built.scriptBytes)} (${kilobytes(built.scriptGzipBytes)} gzip), style ${kilobytes(built.styleBytes)} (.cache/inspector/)`);
  } catch (error) {
    if (!warnOnFailure) throw error;
    log(`inspector: the page could not be built (${error.message.split("\n")[0]}); /__sandbox/inspect has no page until it is`);
  }
}

const parts = { mall, cli, inspector };
try {
  for (const part of named.length > 0 ? named : PARTS) await parts[part]();
} catch (error) {
  log(`the build failed: ${error.message}`);
  process.exit(1);
}

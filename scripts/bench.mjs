// npm run bench: install what is missing (npm packages; Debian's chromium, for Lighthouse), build,
// then run the benchmarks (bench/index.ts), only those named when names are given:
// `npm run bench -- lighthouse throughput`.
import { spawnSync } from "node:child_process";
import { ROOT, ensureDependencies, ensureTestPackages, log, runOrExit } from "./lib.mjs";

ensureDependencies();
ensureTestPackages();
log("building the mall…");
const buildStarted = performance.now();
runOrExit("npm", ["run", "--silent", "build"]);
log(`built in ${((performance.now() - buildStarted) / 1000).toFixed(1)} s; the benchmarks (a line on stderr as each starts and ends)…`);
const bench = spawnSync(process.execPath, ["bin/run-ts.mjs", "bench/index.ts", ...process.argv.slice(2)], { cwd: ROOT, stdio: "inherit" });
process.exit(bench.status ?? 1);

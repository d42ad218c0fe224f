// A partner's project on the harness (examples/partner-ci), as a partner has it: the packages
// `npm run pack -- --mall` writes (the harness, and the mall's build for `mcoinStartMall`) installed
// from their tarballs with the project's own package.json, type-checked strictly (nodenext) against
// the packed declarations, and run with its own Playwright; and the harness's tarball tried alone in
// an empty folder (scripts/try-package.mjs: its install's size, `mcoin --help`, a sandbox from it).
// Needs the mall built (`npm run build`); npm test runs it beside the browser tests (scripts/test.mjs).
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ROOT, log, runFetchingOrExit, runOrExit } from "./lib.mjs";

const EXAMPLE = join(ROOT, "examples/partner-ci");
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

// Whether node_modules holds what package-lock.json names. npm writes what it installed to
// node_modules/.package-lock.json (its hidden lockfile) at every `npm install` and `npm ci`, so the
// lockfile is compared with that, whoever ran the install. Plain Node: it runs before node_modules
// exists.
import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Why what is installed differs from the lockfile, or undefined when it does not. A package the
 * lockfile marks optional may be missing (npm skips another platform's builds: esbuild's, rollup's).
 * @param {{ packages?: Record<string, Record<string, unknown>> }} lockfile package-lock.json
 * @param {{ packages?: Record<string, Record<string, unknown>> } | undefined} installed node_modules/.package-lock.json
 * @returns {string | undefined}
 */
export function installDifference(lockfile, installed) {
  if (!installed) return "nothing is installed yet";
  const wanted = lockfile.packages ?? {};
  const present = installed.packages ?? {};
  for (const [path, entry] of Object.entries(wanted)) {
    // "" is the project itself, which npm does not install.
    if (path === "") continue;
    const got = present[path];
    if (!got) {
      if (entry.optional) continue;
      return `${path} is not installed`;
    }
    for (const field of ["version", "resolved", "integrity", "link"]) {
      if (got[field] !== entry[field]) return `${path}: ${field} ${String(got[field] ?? "none")} is installed, the lockfile says ${String(entry[field] ?? "none")}`;
    }
  }
  for (const path of Object.keys(present)) if (!(path in wanted)) return `${path} is installed but not in the lockfile`;
  return undefined;
}

const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
};

/** installDifference of the project at `root`. */
export function projectInstallDifference(root) {
  return installDifference(readJson(join(root, "package-lock.json")) ?? {}, readJson(join(root, "node_modules", ".package-lock.json")));
}

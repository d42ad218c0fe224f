// Which files changed since they were fingerprinted. A stat first (cheap); a file whose size or
// modification time moved is read and hashed, so a checkout or a touch that leaves its content as it
// was does not count as a change. Plain Node: the CLI's launcher uses it before anything is installed.
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";

/** @typedef {{ size: number, mtimeMs: number, sha256: string | null }} FilePrint */

const sha256 = (file) => createHash("sha256").update(readFileSync(file)).digest("hex");

/**
 * The fingerprints of `paths` (relative to `root`). A file modified at or after `since` gets no hash:
 * a build that began then may have read it before the change or after, so it counts as changed until
 * the next build; so does a file gone meanwhile.
 * @param {string} root
 * @param {readonly string[]} paths
 * @param {number} [since]
 * @returns {Record<string, FilePrint>}
 */
export function fingerprint(root, paths, since = Number.POSITIVE_INFINITY) {
  /** @type {Record<string, FilePrint>} */
  const prints = {};
  for (const path of paths) {
    const file = join(root, path);
    try {
      const { size, mtimeMs } = statSync(file);
      prints[path] = { size, mtimeMs, sha256: mtimeMs >= since ? null : sha256(file) };
    } catch {
      prints[path] = { size: -1, mtimeMs: -1, sha256: null };
    }
  }
  return prints;
}

/**
 * The paths of `prints` whose content is no longer what was fingerprinted, a missing file included.
 * @param {string} root
 * @param {Record<string, FilePrint>} prints
 * @returns {string[]}
 */
export function changedFiles(root, prints) {
  const changed = [];
  for (const [path, print] of Object.entries(prints)) {
    const file = join(root, path);
    let stat;
    try {
      stat = statSync(file);
    } catch {
      changed.push(path);
      continue;
    }
    if (stat.size === print.size && stat.mtimeMs === print.mtimeMs && print.sha256 !== null) continue;
    if (print.sha256 === null || stat.size !== print.size || sha256(file) !== print.sha256) changed.push(path);
  }
  return changed;
}

/**
 * Every file under `entries` (folders and files, relative to `root`) that `keep` accepts, sorted; a
 * missing entry is skipped.
 * @param {string} root
 * @param {readonly string[]} entries
 * @param {(path: string) => boolean} [keep]
 * @returns {string[]}
 */
export function listFiles(root, entries, keep = () => true) {
  const files = [];
  for (const entry of entries) {
    let stat;
    try {
      stat = statSync(join(root, entry));
    } catch {
      continue;
    }
    if (stat.isFile()) {
      if (keep(entry)) files.push(entry);
      continue;
    }
    for (const found of readdirSync(join(root, entry), { recursive: true, withFileTypes: true })) {
      if (!found.isFile()) continue;
      const path = relative(root, join(found.parentPath ?? found.path, found.name))
        .split(sep)
        .join("/");
      if (keep(path)) files.push(path);
    }
  }
  return files.sort();
}

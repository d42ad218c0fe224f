/**
 * Whether the CLI can write where an option points, checked before a long-running command starts
 * (`mcoin record --out`), so a path it cannot write fails at once rather than at the first exchange.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { usageError } from "./errors";

/**
 * Makes `dir` (and its parents) and writes and removes a file in it; a usage error (exit 2) naming
 * `option` and why when it cannot. A probe rather than access(2): it answers for root, for a
 * read-only file system and for a path through a file alike.
 */
export function ensureWritableDir(dir: string, option: string): void {
  const probe = join(dir, `.mcoin-write-check-${process.pid}`);
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(probe, "");
    rmSync(probe, { force: true });
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    throw usageError(`${option} ${dir}: cannot write there (${code ?? message})`, "give a folder this user can write to");
  }
}

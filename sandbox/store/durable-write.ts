import { closeSync, fsyncSync, openSync, renameSync, writeSync } from "node:fs";
import { dirname } from "node:path";

/**
 * Replaces `file` with `text` so that a crash or a power loss leaves the old file or the new one,
 * never a part, and the new one once this returns: the text goes to a temporary file that is
 * flushed to the disk, renamed over the file, and the folder (which holds the name) flushed too.
 */
export function writeDurably(file: string, text: string): void {
  const temporary = `${file}.tmp`;
  const descriptor = openSync(temporary, "w");
  try {
    const bytes = Buffer.from(text, "utf8");
    for (let written = 0; written < bytes.length;) written += writeSync(descriptor, bytes, written);
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
  renameSync(temporary, file);
  const folder = openSync(dirname(file), "r");
  try {
    fsyncSync(folder);
  } finally {
    closeSync(folder);
  }
}

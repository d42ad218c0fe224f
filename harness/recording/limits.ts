/**
 * What a recording read from disk may be (`mcoin replay`, `mcoin sandbox --recordings`): recordings
 * are shared in folders and arrive from other people, so a file is checked before anything walks it.
 * JSON nested past the depth would overflow the stack of whatever walks it (the copy check, the
 * redaction, the comparison); a huge file or folder would hold the process's memory. Each refusal is
 * a usage error (exit 2) naming the file, the HAR entry when there is one, and the limit; the limits
 * are far above what the recorder writes (a reply nests under 20 deep, a file is kilobytes) and are
 * listed in docs/cli.md.
 */
import { closeSync, fstatSync, openSync, readSync, statSync } from "node:fs";
import { MAX_JSON_DEPTH, nestsDeeperThan } from "#core/http/bounded-json";
import { HarnessError, usageError } from "#harness/errors";

export interface RecordingLimits {
  /** Arrays and objects inside each other in a file (and in each JSON text a HAR entry holds). */
  depth: number;
  /** Bytes of one .json recording. */
  jsonFileBytes: number;
  /** Bytes of one .har file (a browser's carries pages and pictures too). */
  harFileBytes: number;
  /** Bytes of every file read at once. */
  totalBytes: number;
  /** Recording files in a folder. */
  files: number;
  /** Entries in one HAR file. */
  harEntries: number;
}

const MIB = 1024 * 1024;

export const RECORDING_LIMITS: RecordingLimits = {
  depth: MAX_JSON_DEPTH,
  jsonFileBytes: 8 * MIB,
  harFileBytes: 64 * MIB,
  totalBytes: 256 * MIB,
  files: 5000,
  harEntries: 20_000,
};

/** `8 MiB`, `1.5 KiB`, `12 bytes`. */
export function sizeText(bytes: number): string {
  if (bytes >= MIB) return `${Number((bytes / MIB).toFixed(1))} MiB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KiB`;
  return `${bytes} bytes`;
}

/** The refusal of a JSON text nested past the limit, `where` naming the file (and entry, and part). */
export function tooDeep(where: string, limits: RecordingLimits) {
  return usageError(
    `${where} nests arrays and objects more than ${limits.depth} deep: refused (a recording nests at most ${limits.depth} deep)`,
    "a recorded reply nests under 20 deep: is this file a recording, and from whom?",
  );
}

/** JSON.parse of a text from a recording, behind the depth limit; why not, when it is not JSON. */
export function parseRecordedJson(text: string, where: string, limits: RecordingLimits): { value: unknown } | { error: string } {
  if (nestsDeeperThan(text, limits.depth)) throw tooDeep(where, limits);
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/**
 * A recording file's text, refused before it is read when it is not a plain file or is past its size
 * limit (or past what is left of the run's total, `budget`). Read through one descriptor, so the
 * size checked is the size read.
 */
export function readRecordingText(file: string, name: string, limits: RecordingLimits, budget: { bytes: number }): string {
  const isHar = file.toLowerCase().endsWith(".har");
  const limit = isHar ? limits.harFileBytes : limits.jsonFileBytes;
  let descriptor: number;
  try {
    // A FIFO or a device would hold the open (or the read) forever: only a plain file is opened.
    if (!statSync(file).isFile()) throw usageError(`${name} is not a file: refused`);
    descriptor = openSync(file, "r");
  } catch (error) {
    if (error instanceof HarnessError) throw error;
    throw usageError(`${name} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  try {
    const stat = fstatSync(descriptor);
    if (!stat.isFile()) throw usageError(`${name} is not a file: refused`);
    if (stat.size > limit) {
      throw usageError(
        `${name} is ${sizeText(stat.size)}: over the ${sizeText(limit)} a ${isHar ? ".har file" : "recording"} may be, refused`,
        isHar ? "save the HAR with the mall's calls only (a browser's carries its pages and pictures too)" : "a recorded exchange is kilobytes: is this file a recording?",
      );
    }
    if (stat.size > budget.bytes) {
      throw usageError(`${name} takes the recordings read past ${sizeText(limits.totalBytes)} in all: refused`, "replay or serve a smaller folder");
    }
    const buffer = Buffer.alloc(stat.size);
    let read = 0;
    while (read < stat.size) {
      const got = readSync(descriptor, buffer, read, stat.size - read, read);
      if (got === 0) break;
      read += got;
    }
    budget.bytes -= read;
    return buffer.subarray(0, read).toString("utf8");
  } finally {
    closeSync(descriptor);
  }
}

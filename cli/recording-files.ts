/**
 * Reading recordings from disk: a file or a folder of .json recordings (cli/recordings.ts) and
 * .har files (cli/har-read.ts), sorted by file name.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { usageError } from "./errors";
import { recordingsFromHar } from "./har-read";
import { parseRecording, type RecordingFile } from "./recordings";

const RECORDING_EXTENSIONS = [".json", ".har"];

/** Recordings from a file or a folder of .json recordings and .har files (sorted by file name). */
export function readRecordings(path: string): RecordingFile[] {
  let files: string[];
  try {
    files = statSync(path).isDirectory()
      ? readdirSync(path)
          .filter((name) => RECORDING_EXTENSIONS.some((extension) => name.toLowerCase().endsWith(extension)))
          .sort()
          .map((name) => join(path, name))
      : [path];
  } catch {
    throw usageError(`${path} does not exist`);
  }
  if (files.length === 0) throw usageError(`${path} holds no recordings (.json or .har files)`);
  const recordings = files.flatMap((file) => readRecordingFile(file));
  if (recordings.length === 0) throw usageError(`${path} holds no gateway calls to replay`);
  return recordings;
}

/** One file: a recording, or a HAR file's gateway calls. */
function readRecordingFile(file: string): RecordingFile[] {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw usageError(`${basename(file)} is not JSON (${(error as Error).message})`);
  }
  if (file.toLowerCase().endsWith(".har")) return recordingsFromHar(raw, file);
  return [{ file, recording: parseRecording(raw, basename(file)) }];
}

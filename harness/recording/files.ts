/**
 * Reading recordings from disk: a file or a folder of .json recordings (./format.ts) and
 * .har files (./har-read.ts), sorted by file name. `mcoin record --out DIR --har DIR/session.har`
 * writes every exchange twice, once as JSON and once in the HAR; read together, the HAR's copies
 * are left out (the JSON files are the source), so nothing is replayed twice.
 */
import { readdirSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { EXIT_FAILURE, HarnessError, usageError } from "#harness/errors";
import { parseRecording, type Recording, type RecordingFile } from "./format";
import { recordingsFromHar, type ReadRedaction } from "./har-read";
import { RECORDING_LIMITS, parseRecordedJson, readRecordingText, type RecordingLimits } from "./limits";

const RECORDING_EXTENSIONS = [".json", ".har"];

/** A folder with nothing to replay: nothing was checked, which CI must see as a failure. */
function nothingToReplay(message: string): HarnessError {
  return new HarnessError("NOTHING_TO_REPLAY", message, { exitCode: EXIT_FAILURE, suggestion: "record some with mcoin record --out DIR, or point at fixtures/recordings" });
}

export interface LoadedRecordings {
  recordings: RecordingFile[];
  /** What was left out and why (a HAR's copies of the JSON recordings), for the run's output. */
  notes: string[];
}

/**
 * Recordings from a file or a folder of .json recordings and .har files (sorted by file name), without
 * copies; a HAR the recorder did not write is redacted by `redact` as it is read. A folder, a file or
 * a HAR entry past `limits` (./limits.ts) is refused, named.
 */
export function loadRecordings(path: string, redact: ReadRedaction, limits: RecordingLimits = RECORDING_LIMITS): LoadedRecordings {
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
  if (files.length === 0) throw nothingToReplay(`${path} holds no recordings (.json or .har files): nothing to replay`);
  if (files.length > limits.files) throw usageError(`${path} holds ${files.length} recording files: more than the ${limits.files} read at once, refused`, "replay or serve a smaller folder");
  const budget = { bytes: limits.totalBytes };
  const read = withoutHarCopies(files.flatMap((file) => readRecordingFile(file, redact, limits, budget)));
  if (read.recordings.length === 0) throw nothingToReplay(`${path} holds no gateway calls: nothing to replay`);
  return read;
}

/** The recordings of loadRecordings, without its notes. */
export function readRecordings(path: string, redact: ReadRedaction, limits: RecordingLimits = RECORDING_LIMITS): RecordingFile[] {
  return loadRecordings(path, redact, limits).recordings;
}

/** One file: a recording, or a HAR file's gateway calls. */
function readRecordingFile(file: string, redact: ReadRedaction, limits: RecordingLimits, budget: { bytes: number }): RecordingFile[] {
  const name = basename(file);
  const text = readRecordingText(file, name, limits, budget);
  const parsed = parseRecordedJson(text, name, limits);
  if ("error" in parsed) throw usageError(`${name} is not JSON (${parsed.error})`);
  if (file.toLowerCase().endsWith(".har")) return recordingsFromHar(parsed.value, file, redact, limits);
  return [{ file, recording: parseRecording(parsed.value, name) }];
}

/**
 * What makes two recordings one exchange: the call and the moment it was made, when the recording
 * says it to the millisecond (the recorder stamps the JSON file and the HAR entry alike); else the
 * call and its reply, whole.
 */
export function exchangeIdentity(recording: Recording): string {
  const { method, path, query, body } = recording.request;
  const call = `${method.toUpperCase()} ${path}`;
  if (recording.recordedAt && /T\d\d:\d\d:\d\d\.\d+/.test(recording.recordedAt)) return `${call} at ${new Date(recording.recordedAt).toISOString()}`;
  return `${call} ${JSON.stringify([query, body, recording.response.status, recording.response.body])}`;
}

/** HAR entries that are copies of JSON recordings read beside them are left out, and said so. */
export function withoutHarCopies(recordings: readonly RecordingFile[]): LoadedRecordings {
  const fromJson = new Set(recordings.filter((file) => file.entry === undefined).map((file) => exchangeIdentity(file.recording)));
  if (fromJson.size === 0) return { recordings: [...recordings], notes: [] };
  const copies = new Map<string, { copies: number; entries: number }>();
  const kept = recordings.filter((file) => {
    if (file.entry === undefined) return true;
    const counted = copies.get(file.file) ?? { copies: 0, entries: 0 };
    copies.set(file.file, counted);
    counted.entries += 1;
    if (!fromJson.has(exchangeIdentity(file.recording))) return true;
    counted.copies += 1;
    return false;
  });
  const notes = [...copies]
    .filter(([, counted]) => counted.copies > 0)
    .map(([file, counted]) =>
      counted.copies === counted.entries
        ? `${basename(file)} is a copy of ${counted.copies} JSON recording${counted.copies === 1 ? "" : "s"} beside it: replayed the .json files, not the HAR`
        : `${basename(file)}: ${counted.copies} of its ${counted.entries} entries are copies of JSON recordings beside it (replayed from the .json files); the other ${counted.entries - counted.copies} from the HAR`,
    );
  return { recordings: kept, notes };
}

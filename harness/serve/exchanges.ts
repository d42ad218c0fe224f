/**
 * Recording files (harness/recording: JSON recordings and HAR, without copies, within the limits on
 * files from elsewhere) as the sandbox serves them with `mcoin sandbox --recordings DIR` (./book.ts),
 * each with the pictures its folder kept (./pictures.ts). A recorded call to the sandbox's own surface
 * (harness/recording/control-calls.ts) is left out: the sandbox's controls answer those paths
 * themselves, and a recorded reply must not stand in for them.
 */
import { isControlPath, loadRecordings, sourceOf } from "#harness/recording";
import { readRedaction } from "#harness/redaction";
import { statSync } from "node:fs";
import { dirname } from "node:path";
import type { RecordedExchange } from "./book";
import { RecordedPictures } from "./pictures";

export interface ServedRecordings {
  exchanges: RecordedExchange[];
  /** The control calls left out, by source (file, and HAR entry). */
  leftOut: string[];
}

export function recordedExchanges(dir: string): RecordedExchange[] {
  return servedRecordings(dir).exchanges;
}

/** The exchanges to serve, and the control calls left out of them. */
export function servedRecordings(dir: string): ServedRecordings {
  const files = loadRecordings(dir, readRedaction).recordings;
  // A recording file given alone keeps the pictures of the folder it is in.
  const pictures = RecordedPictures.read(statSync(dir).isDirectory() ? dir : dirname(dir));
  const leftOut = files.filter((file) => isControlPath(file.recording.request.path)).map(sourceOf);
  const exchanges = files
    .filter((file) => !isControlPath(file.recording.request.path))
    .map((file) => {
      const { recording } = file;
      // A date alone says too little to move times by; a date-time (the recorder's) says enough.
      const recordedAt = recording.recordedAt?.includes("T") ? Date.parse(recording.recordedAt) : Number.NaN;
      return {
        source: sourceOf(file),
        name: recording.name,
        kind: recording.kind,
        method: recording.request.method,
        path: recording.request.path,
        query: recording.request.query,
        body: recording.request.body,
        status: recording.response.status,
        reply: recording.response.body,
        // A secure call's token is its Token header, which the recording keeps (as `<cust>` or `<token>`).
        auth: recording.request.auth || (recording.kind === "secure" && Object.keys(recording.request.headers).some((name) => name.toLowerCase() === "token")),
        member: recording.needs?.member,
        cust: recording.needs?.cust,
        recordedAt: Number.isFinite(recordedAt) ? recordedAt : undefined,
        ...(pictures ? { pictures } : {}),
      };
    });
  return { exchanges, leftOut };
}

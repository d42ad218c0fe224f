/**
 * Recording files (harness/recording: JSON recordings and HAR, without copies) as the sandbox serves
 * them with `mcoin sandbox --recordings DIR` (./book.ts), each with the pictures its folder kept
 * (./pictures.ts).
 */
import { loadRecordings, sourceOf } from "#harness/recording";
import { readRedaction } from "#harness/redaction";
import { statSync } from "node:fs";
import { dirname } from "node:path";
import type { RecordedExchange } from "./book";
import { RecordedPictures } from "./pictures";

export function recordedExchanges(dir: string): RecordedExchange[] {
  const { recordings } = loadRecordings(dir, readRedaction);
  // A recording file given alone keeps the pictures of the folder it is in.
  const pictures = RecordedPictures.read(statSync(dir).isDirectory() ? dir : dirname(dir));
  return recordings.map((file) => {
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
}

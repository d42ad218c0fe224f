/**
 * Recording files (cli/recording-files.ts: JSON recordings and HAR, without copies) as the sandbox
 * serves them with `mcoin sandbox --recordings DIR` (sandbox/recorded.ts).
 */
import type { RecordedExchange } from "../sandbox/recorded";
import { loadRecordings } from "./recording-files";
import { sourceOf } from "./recordings";

export function recordedExchanges(dir: string): RecordedExchange[] {
  return loadRecordings(dir).recordings.map((file) => {
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
      auth: recording.request.auth,
      member: recording.needs?.member,
      recordedAt: Number.isFinite(recordedAt) ? recordedAt : undefined,
    };
  });
}

/**
 * harness/record: the recorder (`mcoin record`): forwarding, each exchange written as a recording and
 * a HAR entry, redacted and scanned, and what a session learns so that its recordings replay on their
 * own (whom each acts as, idempotency keys as roles), and the pictures its replies point at. The CLI and
 * the inspector import it from here.
 */
export { findLeaks, record, slug, type Exchange, type Hiding, type RecordedFile } from "./exchange";
export { startRecorder, type RecorderLog, type RecorderOptions, type RecorderWatch, type RunningRecorder } from "./recorder";
export { PictureKeep, pictureUrls, type PictureKeepOptions } from "./pictures";
export { RecordingRoles, type SeenExchange } from "./roles";

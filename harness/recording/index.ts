/**
 * harness/recording: the recording format (zod, ./format.ts), its placeholders and what is volatile
 * in an exchange, reading recordings from files and HAR, writing HAR, and the pictures a recording keeps.
 * The other harness folders, the CLI and the sandbox import it from here only.
 */
export {
  JsonPathSchema,
  NeedsSchema,
  RecordedAtSchema,
  RecordingFormatSchema,
  RecordingSchema,
  dottedToJsonPath,
  jsonPath,
  parseRecording,
  sourceOf,
  type Needs,
  type Recording,
  type RecordingFile,
} from "./format";
export {
  ANY_PLACEHOLDER,
  FILLED_IN,
  FILLED_IN_PLACEHOLDERS,
  FILLED_IN_TEXT,
  KEY_ROLE,
  PLACEHOLDER_LIKE,
  REDACTED_PART,
  SEALED_TEXT,
  fillIn,
  isPlaceholderOnly,
  keyRole,
  redactedPlaceholder,
  type FilledIn,
  type Placeholders,
} from "./placeholders";
export { DATED_NUMBER_FIELDS, HOP_BY_HOP_HEADERS, IDEMPOTENCY_KEY_HEADER, RANDOM_CODE_FIELDS, RANDOM_NOT_SECRET_NAMES, VOLATILE_REPLY_FIELDS, VOLATILE_REQUEST_FIELDS, fieldKey } from "./volatile";
export { exchangeIdentity, loadRecordings, readRecordings, withoutHarCopies, type LoadedRecordings } from "./files";
export { recordingsFromHar, type ReadRedaction } from "./har-read";
export { recordingJsonSchema } from "./schema";
export { harDocument, harEntry, writeHar, type Har, type HarEntry, type HarExchange } from "./har-write";
export {
  ABSOLUTE_URL,
  MAX_PICTURES,
  MAX_PICTURES_BYTES,
  MAX_PICTURE_BYTES,
  MAX_PICTURE_URL_CHARS,
  PICTURES_FOLDER,
  PICTURE_INDEX_FILE,
  PICTURE_TYPES,
  PictureFileSchema,
  PictureIndexSchema,
  PictureUrlSchema,
  pictureIndexJsonSchema,
  pictureTypeOf,
  type PictureExtension,
  type PictureIndex,
} from "./pictures";

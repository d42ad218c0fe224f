/**
 * harness/serve: recordings served as an environment (`mcoin sandbox --recordings DIR`): the files read
 * into exchanges (./exchanges.ts), the book that matches a request to its recorded reply and
 * templates the reply on the way out (./book.ts), the pictures the recording kept (./pictures.ts),
 * the members the recordings belong to (./personas.ts) and the placeholders no client may see
 * (./live-values.ts). The CLI, the package's sandbox and the sandbox import it from here only.
 */
export { RecordedBook, differences, macauDayNumber, templated, type RecordedExchange, type RecordedMatch, type RecordedRequest } from "./book";
export { recordedExchanges, servedRecordings, type ServedRecordings } from "./exchanges";
export { withLiveValues } from "./live-values";
export { MAX_PERSONAS, PERSONA_ID, personasOf, type Persona, type ServedAt } from "./personas";
export { RECORDED_PICTURES_PATH, RecordedPictures, type ServedPicture } from "./pictures";

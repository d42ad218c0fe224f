/**
 * harness/serve: recordings served as an environment (`mcoin sandbox --recordings DIR`): the files read
 * into exchanges (./exchanges.ts), and the book that matches a request to its recorded reply and
 * templates the reply on the way out (./book.ts), and the pictures the recording kept (./pictures.ts). The CLI, the package's sandbox and the sandbox
 * import it from here only.
 */
export { RecordedBook, differences, macauDayNumber, templated, type RecordedExchange, type RecordedMatch, type RecordedRequest } from "./book";
export { recordedExchanges, servedRecordings, type ServedRecordings } from "./exchanges";
export { RECORDED_PICTURES_PATH, RecordedPictures, type ServedPicture } from "./pictures";

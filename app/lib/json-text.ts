/**
 * Data a loader sends as JSON text rather than as values: Remix's single fetch encodes each value of
 * a loader's data on every request (turbo-stream), some 300 of them for home's rails alone, while
 * the catalog's lists are the same for every member for as long as the server keeps them. Written
 * once per kept reply (app/server/json-text.server.ts), they go to the page as one string, which the
 * page reads back with `readJsonText`.
 */

/** JSON text of a `T`. */
export type JsonText<T> = string & { readonly __jsonOf?: T };

/** The last texts read, by text: a kept reply's text is read again by every page that shows it. */
const read = new Map<string, unknown>();
const READ_KEPT = 16;

/** The value of a JSON text (shared by every reader of the same text: never change it). */
export function readJsonText<T>(text: JsonText<T>): T {
  if (read.has(text)) return read.get(text) as T;
  const value = JSON.parse(text) as T;
  if (read.size >= READ_KEPT) read.delete(read.keys().next().value as string);
  read.set(text, value);
  return value;
}

/**
 * Data a loader sends as JSON text rather than as values: Remix's single fetch encodes each value of
 * a loader's data on every request (turbo-stream), some 300 of them for home's rails alone, while
 * the catalog's lists are the same for every member for as long as the server keeps them. Written
 * once per kept reply (server/json-text.server.ts), they go to the page as one string, which the
 * page reads back with `readJsonText`.
 */

/** JSON text of a `T`. */
export type JsonText<T> = string & { readonly __jsonOf?: T };

export function readJsonText<T>(text: JsonText<T>): T {
  return JSON.parse(text) as T;
}

/**
 * JSON text of what a loader makes of a kept gateway reply (lib/json-text.ts), written once per reply
 * object: the server's catalog keep hands every request the same object while it keeps it
 * (cache/catalog-replies.server.ts), and the text goes when the reply does.
 */
import type { JsonText } from "../lib/json-text";

const written = new WeakMap<object, Map<string, string>>();

/** `make(source)` as JSON text; made once per `source` object and `view` (what is made of it). */
export function jsonTextOf<S extends object, T>(source: S, view: string, make: (source: S) => T): JsonText<T> {
  let views = written.get(source);
  if (!views) written.set(source, (views = new Map()));
  let text = views.get(view);
  if (text === undefined) views.set(view, (text = JSON.stringify(make(source))));
  return text as JsonText<T>;
}

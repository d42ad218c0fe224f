/**
 * Node's headers (a node:http request's, an undici reply's) as the Fetch API's Headers: a header sent
 * more than once appended once per value, in order, as Fetch joins them. Every place that hands them
 * to code written on the Fetch API converts with it.
 */
import type { IncomingHttpHeaders } from "node:http";

export function toFetchHeaders(headers: IncomingHttpHeaders): Headers {
  const converted = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (Array.isArray(value)) for (const item of value) converted.append(name, item);
    else if (value !== undefined) converted.set(name, value);
  }
  return converted;
}

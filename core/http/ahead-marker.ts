/**
 * The marker on the load of a page asked ahead of a tap (app/lib/intent-data.ts): a fetcher loads the
 * next screen's data on the tap's first touch, and its route's clientLoader must know that load from
 * a navigation's, which it cannot otherwise. The marker belongs to the data request (`path.data`)
 * alone: a page's address never carries it (server/ahead-marker.ts sends a browser that asks for one
 * to the address without it), so no navigation, back, or revalidation of that page reads as a
 * fetcher's.
 */
export const AHEAD_PARAM = "_ahead";

const BASE = "http://mall.invalid";

/** The address a fetcher loads to ask ahead for `href` (app/components/list-link.tsx). */
export function aheadHref(href: string): string {
  const parsed = new URL(href, BASE);
  parsed.searchParams.set(AHEAD_PARAM, "1");
  return parsed.pathname + parsed.search;
}

/**
 * A request target (`/path?query`) without the marker, the rest of its query kept as it was sent;
 * null when it carries none. A field counts as the marker when its name reads as `_ahead`, as
 * URLSearchParams reads it (`%5Fahead` included).
 */
export function withoutAheadMarker(target: string): string | null {
  const query = target.indexOf("?");
  if (query < 0) return null;
  const fields = target.slice(query + 1).split("&");
  const kept = fields.filter((field) => !new URLSearchParams(field).has(AHEAD_PARAM));
  if (kept.length === fields.length) return null;
  return target.slice(0, query) + (kept.length > 0 ? `?${kept.join("&")}` : "");
}

/**
 * Which of the page's requests the loading overlay counts (spec section 4): a request counts when the
 * route it goes to makes a gateway call outside the exempt URL fragments (section 7). The server
 * reduces every route's declared calls (`calls` in its handle: app/screen-handle.ts) to this, so the
 * page knows before a route's module has loaded; a refresh (`isRefresh`) never counts.
 */

/** A loader whose calls depend on one search parameter: which of its values make a counted call. */
export interface CountedByParam {
  param: string;
  counted: string[];
  uncounted: string[];
  /** Whether the value the loader falls back to (the parameter missing or unknown) makes one. */
  fallback: boolean;
}

export interface CountedRequests {
  /** Route id → whether its loader makes a counted call (`true`), or which parameter values do. */
  loaders: Record<string, true | CountedByParam>;
  /** Route id → the action's intents that make a counted call (`""`: the action without intents). */
  actions: Record<string, string[]>;
}

/** A GET of route `routeId` with `search` (a navigation, a fetcher's load). */
export function countsLoad(counted: CountedRequests, routeId: string, search: string): boolean {
  const params = new URLSearchParams(search);
  if (params.has("isRefresh")) return false;
  const rule = counted.loaders[routeId];
  if (rule === undefined || rule === true) return rule === true;
  const value = params.get(rule.param) ?? "";
  if (rule.counted.includes(value)) return true;
  return rule.uncounted.includes(value) ? false : rule.fallback;
}

/** A form sent to route `routeId`'s action with `intent` (null when the form has none). */
export function countsAction(counted: CountedRequests, routeId: string, search: string, intent: string | null): boolean {
  if (new URLSearchParams(search).has("isRefresh")) return false;
  return counted.actions[routeId]?.includes(intent ?? "") ?? false;
}

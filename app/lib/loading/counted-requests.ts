/**
 * Which of the page's requests the loading overlay counts (spec section 4): a request counts when the
 * route it goes to makes a gateway call outside the exempt URL fragments (section 7), as the route
 * table declares it for the route's loader and each of its action's intents (`counted` in
 * app/route-table.js), so the page knows before the route's module has loaded; a refresh
 * (`isRefresh`) never counts.
 */
import type { Counted } from "../../route-table.js";
import { routeOfId } from "../../route-tree";

/** Whether a GET with `search` to a route that declares `counted` counts. */
export function loadCounts(counted: Counted | undefined, search: string): boolean {
  const params = new URLSearchParams(search);
  if (params.has("isRefresh")) return false;
  const rule = counted?.loader;
  if (rule === undefined || rule === true) return rule === true;
  return rule.values.includes(params.get(rule.param) ?? "");
}

/** Whether a form with `intent` (null when the form has none) sent to a route that declares `counted` counts. */
export function actionCounts(counted: Counted | undefined, search: string, intent: string | null): boolean {
  if (new URLSearchParams(search).has("isRefresh")) return false;
  return counted?.intents?.includes(intent ?? "") ?? false;
}

/** A GET of route `routeId` with `search` (a navigation, a fetcher's load). */
export function countsLoad(routeId: string, search: string): boolean {
  return loadCounts(routeOfId(routeId)?.counted, search);
}

/** A form sent to route `routeId`'s action with `intent` (null when the form has none). */
export function countsAction(routeId: string, search: string, intent: string | null): boolean {
  return actionCounts(routeOfId(routeId)?.counted, search, intent);
}

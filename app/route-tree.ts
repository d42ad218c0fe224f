/**
 * The route table (route-table.js) as remix.config.js registers it, under the root route, for
 * Remix's own matching (`matchRoutes`): which route a path leads to before the router has loaded it
 * (a navigation just started, whose skeleton, title and overlay the page shows at once), and the
 * table's entry of a route id.
 */
import { matchRoutes } from "@remix-run/react";
import { NOT_FOUND_ROUTE, OTHER_ROUTES, SCREEN_ROUTES, type ScreenRoute } from "./route-table.js";

type Routes = Parameters<typeof matchRoutes>[0];

export const MALL_ROUTES: Routes = [
  {
    id: "root",
    path: "",
    children: [
      ...OTHER_ROUTES.map((route) => (route.index ? { id: route.name, index: true as const } : { id: route.name, path: route.path })),
      ...SCREEN_ROUTES.map((route) => ({ id: route.name, path: route.path, caseSensitive: true })),
      { id: NOT_FOUND_ROUTE.name, path: NOT_FOUND_ROUTE.path },
    ],
  },
];

const BY_ID = new Map<string, ScreenRoute>([...OTHER_ROUTES, ...SCREEN_ROUTES, NOT_FOUND_ROUTE].map((route) => [route.name, route]));

/** The table's entry of the route `id` (its name), or undefined for an id the table lacks. */
export function routeOfId(id: string): ScreenRoute | undefined {
  return BY_ID.get(id);
}

/**
 * The last paths matched, and the route each leads to: `matchRoutes` flattens and ranks the whole
 * table on every call. Bounded, as paths carry ids.
 */
const matched = new Map<string, string>();
const MATCHED_KEPT = 512;

/** The id (the route table's name) of the route `pathname` leads to: `notFound` for any other path. */
export function routeIdOf(pathname: string): string {
  let id = matched.get(pathname);
  if (id === undefined) {
    id = matchRoutes(MALL_ROUTES, pathname)?.at(-1)?.route.id ?? NOT_FOUND_ROUTE.name;
    if (matched.size >= MATCHED_KEPT) matched.delete(matched.keys().next().value as string);
    matched.set(pathname, id);
  }
  return id;
}

/** The route `pathname` leads to and its params; null for a path no route of the table takes. */
export function routeOfPath(pathname: string): { id: string; params: Record<string, string | undefined> } | null {
  const match = matchRoutes(MALL_ROUTES, pathname)?.at(-1);
  const id = match?.route.id;
  if (!match || id === undefined || id === NOT_FOUND_ROUTE.name) return null;
  return { id, params: match.params };
}

/**
 * The route a request reaches, found the way Remix's request handler finds it
 * (@remix-run/server-runtime): the target parsed as a URL, a single-fetch `.data` path read as the
 * page it is the data of, then the route table matched by the router itself, which decodes the path,
 * ignores trailing slashes and compares in any case unless the route says otherwise. A check that
 * belongs to a route (a rate limit) asks this rather than comparing Express's raw path, so no other
 * spelling of the route gets past it.
 */
import { matchRoutes } from "@remix-run/react";
import { NOT_FOUND_ROUTE, OTHER_ROUTES, SCREEN_ROUTES } from "../app/route-table.js";

type Routes = Parameters<typeof matchRoutes>[0];

/** The routes as remix.config.js registers them, under the root route. */
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

export interface RouteOfRequest {
  /** The id (the route table's name) of the deepest route matched: `notFound` for any other path. */
  id: string;
  /** The path the router matched, before its decoding. */
  pathname: string;
  /** A single-fetch data request (`path.data`, `/_root.data`). */
  data: boolean;
  /** The query, as a loader reads it (`new URL(request.url).searchParams`). */
  searchParams: URLSearchParams;
}

const BASE = "http://site.invalid";

/** The route Remix answers a request target (`req.originalUrl`) with. */
export function routeOf(target: string): RouteOfRequest {
  const url = new URL(target, BASE);
  const data = url.pathname.endsWith(".data");
  const pathname = data ? url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/") : url.pathname;
  const matches = matchRoutes(MALL_ROUTES, pathname);
  return { id: matches?.at(-1)?.route.id ?? NOT_FOUND_ROUTE.name, pathname, data, searchParams: url.searchParams };
}

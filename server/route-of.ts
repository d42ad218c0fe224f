/**
 * The route a request reaches, found the way Remix's request handler finds it
 * (@remix-run/server-runtime): the target parsed as a URL, a single-fetch `.data` path read as the
 * page it is the data of, then the route table matched by the router itself, which decodes the path,
 * ignores trailing slashes and compares in any case unless the route says otherwise. A check that
 * belongs to a route (a rate limit) asks this rather than comparing Express's raw path, so no other
 * spelling of the route gets past it.
 */
import { routeIdOf } from "../app/route-tree";

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
  return { id: routeIdOf(pathname), pathname, data, searchParams: url.searchParams };
}

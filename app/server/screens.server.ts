/**
 * Every route's handle (screen-handle.ts) by route id, read on the server, where every route module is
 * at hand. The root's loader uses it for what concerns the page's own route (whether it is quiet), and
 * hands the page what it must know of a route before its module has loaded: when a navigation or a
 * fetcher's request to it starts, whether the loading overlay counts it (by the gateway calls the
 * route declares), and the skeleton a screen shows.
 */
import { API_ENDPOINTS } from "#core/api/registry";
import { isLoadingExempt } from "../lib/loading/loading-counter";
import type { CountedRequests } from "../lib/loading/counted-requests";
import { NOT_FOUND_ROUTE, OTHER_ROUTES, SCREEN_ROUTES } from "../route-table.js";
import { routeIdOf } from "../route-tree";
import { screenOf, type PendingScreens, type RouteHandle } from "../screen-handle";

const MODULES = import.meta.glob<{ handle?: RouteHandle }>(["../routes/*.{ts,tsx}", "!../routes/*.test.{ts,tsx}"], { eager: true });

const HANDLES = new Map([...OTHER_ROUTES, ...SCREEN_ROUTES, NOT_FOUND_ROUTE].map((route) => [route.name, MODULES[`../${route.file}`]?.handle]));

/** The handle of the route `pathname` leads to. */
export function handleOfPath(pathname: string): RouteHandle | undefined {
  return HANDLES.get(routeIdOf(pathname));
}

const ENDPOINT_PATHS = new Map(API_ENDPOINTS.map((endpoint) => [endpoint.name, endpoint.path]));

/** Whether one of `names` is a call the loading overlay counts; a name the registry lacks is an error. */
export function makesCountedCall(names: readonly string[]): boolean {
  return names.some((name) => {
    const path = ENDPOINT_PATHS.get(name);
    if (path === undefined) throw new Error(`a route's handle names ${name}, which core/api/registry.ts does not declare`);
    return !isLoadingExempt(path);
  });
}

/** The overlay's rules for every route, from the calls each declares. */
export function countedRequests(handles: ReadonlyMap<string, RouteHandle | undefined>): CountedRequests {
  const counted: CountedRequests = { loaders: {}, actions: {} };
  for (const [id, handle] of handles) {
    const { loader, action } = handle?.calls ?? {};
    if (loader && "param" in loader) {
      const values = Object.entries(loader.values);
      counted.loaders[id] = {
        param: loader.param,
        counted: values.filter(([, names]) => makesCountedCall(names)).map(([value]) => value),
        uncounted: values.filter(([, names]) => !makesCountedCall(names)).map(([value]) => value),
        fallback: makesCountedCall(loader.values[loader.fallback] ?? []),
      };
    } else if (loader && makesCountedCall(loader)) {
      counted.loaders[id] = true;
    }
    const intents = Object.entries(action ?? {}).filter(([, names]) => makesCountedCall(names));
    if (intents.length > 0) counted.actions[id] = intents.map(([intent]) => intent);
  }
  return counted;
}

export const PENDING_SCREENS: PendingScreens = { counted: countedRequests(HANDLES), hidden: [], skeletons: {}, titles: {} };
for (const [id, handle] of HANDLES) {
  const screen = screenOf(handle);
  if (screen?.overlay === false) PENDING_SCREENS.hidden.push(id);
  if (screen?.skeleton) PENDING_SCREENS.skeletons[id] = screen.skeleton;
  if (screen?.title) PENDING_SCREENS.titles[id] = screen.title;
}

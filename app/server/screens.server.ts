/**
 * Every route's handle (screen-handle.ts) by route id, read on the server, where every route module is
 * at hand. The root's loader uses it for what concerns the page's own route (whether it is quiet), and
 * hands the page what it must know of a screen before that screen's module has loaded: when a
 * navigation to it starts, whether the loading overlay counts it, and the skeleton it shows.
 */
import { NOT_FOUND_ROUTE, OTHER_ROUTES, SCREEN_ROUTES } from "../route-table.js";
import { routeIdOf } from "../route-tree";
import { screenOf, type PendingScreens, type RouteHandle } from "../screen-handle";

const MODULES = import.meta.glob<{ handle?: RouteHandle }>(["../routes/*.{ts,tsx}", "!../routes/*.test.{ts,tsx}"], { eager: true });

const HANDLES = new Map([...OTHER_ROUTES, ...SCREEN_ROUTES, NOT_FOUND_ROUTE].map((route) => [route.name, MODULES[`../${route.file}`]?.handle]));

/** The handle of the route `pathname` leads to. */
export function handleOfPath(pathname: string): RouteHandle | undefined {
  return HANDLES.get(routeIdOf(pathname));
}

export const PENDING_SCREENS: PendingScreens = { uncounted: [], skeletons: {}, titles: {} };
for (const [id, handle] of HANDLES) {
  const screen = screenOf(handle);
  if (screen?.overlay === false) PENDING_SCREENS.uncounted.push(id);
  if (screen?.skeleton) PENDING_SCREENS.skeletons[id] = screen.skeleton;
  if (screen?.title) PENDING_SCREENS.titles[id] = screen.title;
}

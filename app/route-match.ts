/** Finds the screen of the route table that a path belongs to (used before a navigation lands). */
import { SCREEN_ROUTES, type ScreenRoute } from "./route-table.js";

const COMPILED = SCREEN_ROUTES.map((route: ScreenRoute) => ({
  route,
  pattern: new RegExp(
    `^${route.path
      .split("/")
      .map((segment) => {
        if (segment.startsWith(":")) return segment.endsWith("?") ? "(?:/[^/]+)?" : "/[^/]+";
        return segment ? `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}` : "";
      })
      .join("")}/?$`,
  ),
}));

export function matchScreenRoute(pathname: string): ScreenRoute | undefined {
  return COMPILED.find(({ pattern }) => pattern.test(pathname))?.route;
}

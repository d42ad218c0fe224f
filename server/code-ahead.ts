/**
 * `GET /resources/code-ahead?route=ID&route=ID`: the files a screen needs before it can draw, for the
 * page to fetch while the member is still looking at another (app/components/list-link.tsx): each
 * route's module and the modules it imports, and its styles (those its module imports and those its
 * `links` names), read from the build Remix serves. What is answered is public already (the client's
 * manifest); the page asks once for the routes its links lead to.
 *
 * Why not Remix's own `<PrefetchPageLinks>`: it loads the route's module to read its `links`, and
 * Remix reloads the page when a route module fails to load. A member whose network drops while that
 * load is in flight would find the browser's error page in place of the mall. The page preloads these
 * files and runs the route's module itself, catching a failure; the tap then loads the module as it
 * always did.
 */
import express, { type Request, type Response } from "express";
import type { ServerBuild } from "@remix-run/node";

/**
 * At most this many routes in one request: the page asks once for every route whose data a touch asks
 * ahead (INTENT_ROUTES, app/lib/intent-data.ts).
 */
export const CODE_AHEAD_MAX_ROUTES = 16;
const ROUTE_ID = /^[A-Za-z][A-Za-z0-9]{0,63}$/;
/** The answer changes only with a new build; ten minutes of a stale one costs only failed preloads. */
const CACHE_CONTROL = "private, max-age=600";

export interface RouteCode {
  /** The route's module first, then the modules it imports. */
  modules: string[];
  /** Stylesheets: those its module imports, then those its `links` names. */
  styles: string[];
}

type Build = ServerBuild | (() => Promise<ServerBuild>);

const codeByBuild = new WeakMap<ServerBuild, Map<string, RouteCode | null>>();

/** The files of `id` in `build`, or null when the build has no such route. */
export function routeCode(build: ServerBuild, id: string): RouteCode | null {
  let known = codeByBuild.get(build);
  if (!known) codeByBuild.set(build, (known = new Map()));
  if (known.has(id)) return known.get(id)!;
  const entry = Object.hasOwn(build.assets.routes, id) ? build.assets.routes[id] : undefined;
  let code: RouteCode | null = null;
  if (entry) {
    const described = Object.hasOwn(build.routes, id) ? (build.routes[id]?.module.links?.() ?? []) : [];
    const linked = described.flatMap((link) => ("rel" in link && link.rel === "stylesheet" && typeof link.href === "string" ? [link.href] : []));
    code = { modules: [entry.module, ...(entry.imports ?? [])], styles: [...new Set([...(entry.css ?? []), ...linked])] };
  }
  known.set(id, code);
  return code;
}

export function codeAheadRoute(build: Build): express.Router {
  const router = express.Router();
  router.get("/resources/code-ahead", async (req: Request, res: Response) => {
    const asked = req.query.route;
    const ids = (Array.isArray(asked) ? asked : [asked]).filter((id) => id !== undefined);
    if (ids.length === 0 || ids.length > CODE_AHEAD_MAX_ROUTES || !ids.every((id): id is string => typeof id === "string" && ROUTE_ID.test(id))) {
      res
        .status(400)
        .set("Cache-Control", "no-store")
        .json({ error: `route: one to ${CODE_AHEAD_MAX_ROUTES} route ids` });
      return;
    }
    const served = typeof build === "function" ? await build() : build;
    const routes: Record<string, RouteCode> = {};
    for (const id of ids) {
      const code = routeCode(served, id);
      if (code) routes[id] = code;
    }
    res.set("Cache-Control", CACHE_CONTROL).json({ routes });
  });
  return router;
}

// Remix options: the route table and the future flags. vite.config.ts imports this file and hands
// it to the Remix Vite plugin; nothing else reads it.
import { NOT_FOUND_ROUTE, OTHER_ROUTES, SCREEN_ROUTES } from "./app/route-table.js";

/** @type {import("@remix-run/dev").VitePluginConfig} */
export default {
  // Every route comes from the table below; no file-system routes.
  ignoredRouteFiles: ["**/*"],
  routes(defineRoutes) {
    return defineRoutes((route) => {
      for (const entry of OTHER_ROUTES) {
        route(entry.index ? undefined : entry.path, entry.file, { id: entry.name, index: entry.index });
      }
      for (const entry of SCREEN_ROUTES) {
        route(entry.path, entry.file, { id: entry.name, caseSensitive: true });
      }
      route(NOT_FOUND_ROUTE.path, NOT_FOUND_ROUTE.file, { id: NOT_FOUND_ROUTE.name });
    });
  },
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
    unstable_optimizeDeps: true,
  },
};

/**
 * A page asked for with the marker of a load asked ahead (core/http/ahead-marker.ts) is sent to its
 * address without it, before any loader runs: the marker tells a route's clientLoader that a load is
 * a fetcher's, whose answer is never shown, so a page whose address kept it (typed, or followed from
 * a link someone shared) would show nothing when the member came back to it. Data requests
 * (`path.data`) are the fetcher's own and keep it.
 */
import type { RequestHandler } from "express";
import { withoutAheadMarker } from "#core/http/ahead-marker";

export function dropAheadMarker(): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const target = req.originalUrl;
    const query = target.indexOf("?");
    if (query < 0 || target.slice(0, query).endsWith(".data")) return next();
    const location = withoutAheadMarker(target);
    if (location === null) return next();
    res.status(302).set({ Location: location, "Cache-Control": "no-store" }).end();
  };
}

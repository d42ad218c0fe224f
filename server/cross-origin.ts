/**
 * One check of where a state-changing request comes from, for every route of the mall, resource
 * routes included (Remix checks nothing of the kind for them): a POST, PUT, PATCH or DELETE must come
 * from the mall's own origin, as the browser's Origin header says (or, without one, Fetch Metadata
 * or the Referer). A request with none of them is not a browser's, so no member's cookies ride on it
 * against their will. Refused: 403.
 *
 * The task widget is the one exception: other sites embed it (MCOIN_WIDGET_ORIGINS), so
 * /resources/task also takes their posts, and answers CORS to them alone.
 */
import type { RequestHandler } from "express";
import { requestOrigin } from "./request-gate";

export const WIDGET_PATH = "/resources/task";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

export function crossOriginPolicy({ widgetOrigins }: { widgetOrigins: readonly string[] }): RequestHandler {
  const widgets = new Set(widgetOrigins);
  return (req, res, next) => {
    const own = requestOrigin(req);
    const origin = req.get("origin");
    const widgetRoute = req.path === WIDGET_PATH;
    const embedder = widgetRoute && origin !== undefined && widgets.has(origin);

    if (widgetRoute) {
      res.vary("Origin");
      if (embedder) res.set("Access-Control-Allow-Origin", origin);
    }
    if (req.method === "OPTIONS") {
      // The mall's forms need no preflight; the widget's posts are simple requests too.
      const headers: Record<string, string> = { Allow: "GET, HEAD, POST, OPTIONS" };
      if (embedder) Object.assign(headers, { "Access-Control-Allow-Methods": "POST", "Access-Control-Allow-Headers": "Content-Type", "Access-Control-Max-Age": "600" });
      res.status(204).set(headers).end();
      return;
    }
    if (SAFE_METHODS.has(req.method)) return next();

    const site = req.get("sec-fetch-site");
    const referer = req.get("referer");
    const allowed = origin !== undefined ? origin === own || embedder : site !== undefined ? site === "same-origin" : referer === undefined || originOf(referer) === own;
    if (allowed) return next();
    res.status(403).set({ "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" }).send("Forbidden: this request did not come from the mall");
  };
}

/**
 * The first checks every request meets, before anything reads it: the method (TRACE, CONNECT and
 * other methods the mall does not speak: 405) and the Host (only the configured host names, which
 * also pick the gateway environment: anything else is 400). The environment found is kept for the
 * security headers.
 */
import type { RequestHandler } from "express";
import type { EnvironmentName } from "../app/server/config.server";

/** What the mall answers: reads, Remix's actions, and CORS preflights. */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const ALLOWED = new Set<string>(ALLOWED_METHODS);

export function refuseUnknownMethods(): RequestHandler {
  return (req, res, next) => {
    if (ALLOWED.has(req.method)) return next();
    res.status(405).set({ Allow: ALLOWED_METHODS.join(", "), "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" });
    res.send("Method Not Allowed");
  };
}

export function allowedHosts(environmentForHost: (hostname: string) => EnvironmentName | null): RequestHandler {
  return (req, res, next) => {
    const environment = req.hostname ? environmentForHost(req.hostname) : null;
    if (!environment) {
      res.status(400).set({ "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store" });
      res.send("Unknown host");
      return;
    }
    res.locals.environment = environment;
    next();
  };
}

/**
 * The first checks every request meets, before anything reads it: the method (TRACE, CONNECT and
 * other methods the mall does not speak: 405) and the site the request is for (400 unless it is
 * plainly one of the configured hosts, which also pick the gateway environment). The environment
 * found is kept for the security headers.
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

/**
 * A Host header that is a host name (or a bracketed IPv6 address) and at most a port (RFC 9112 3.2;
 * RFC 3986 3.2.2, 3.2.3). Express reads the host name as everything before the first colon, so
 * `localhost:evil`, `localhost:1@evil.example` or `localhost:1.evil.example` would pass for
 * localhost, while the later layers that build URLs from the whole header fail on them.
 */
const HOST_HEADER = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::(\d{0,5}))?$/i;

function plainHost(host: string | undefined): boolean {
  const match = HOST_HEADER.exec(host ?? "");
  return match !== null && Number(match[1] ?? 0) <= 65_535;
}

const BASE = "http://site.invalid";

/**
 * A request target that is a path of this site (origin-form, RFC 9112 3.2.1; `*` for OPTIONS). An
 * absolute-form target names a site of its own, and a path that a URL parser (Remix's, a browser's)
 * reads as another host — `//evil.example`, `/\evil.example`, `/..//evil.example` — leads off the
 * site wherever it is resolved.
 */
export function targetsThisSite(target: string, method: string): boolean {
  if (target === "*") return method === "OPTIONS";
  if (!target.startsWith("/")) return false;
  try {
    const url = new URL(target, BASE);
    return url.origin === BASE && !url.pathname.startsWith("//");
  } catch {
    return false;
  }
}

export function allowedHosts(environmentForHost: (hostname: string) => EnvironmentName | null): RequestHandler {
  return (req, res, next) => {
    const refuse = (text: string) => {
      res.status(400).set({ "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store" });
      res.send(text);
    };
    if (!targetsThisSite(req.originalUrl, req.method)) return refuse("Bad Request");
    const environment = plainHost(req.get("host")) && req.hostname ? environmentForHost(req.hostname) : null;
    if (!environment) return refuse("Unknown host");
    res.locals.environment = environment;
    next();
  };
}

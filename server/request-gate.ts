/**
 * The first checks every request meets, before anything reads it: the method (TRACE, CONNECT and
 * other methods the mall does not speak: 405), the request target (400 unless it is a path of this
 * site in normal form, and not Remix's legacy data request) and the site the request is for (400
 * unless it is plainly one of the configured hosts, which also pick the gateway environment). The
 * environment found is kept for the security headers. The host asked for is put in the Host header
 * alone (`forwardedHostAsHost`), so that every later layer, Remix's request included, reads one.
 */
import type { Request, RequestHandler } from "express";
import type { EnvironmentName } from "#core/environments";

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
 * A Host header that is a host name and at most a port, or a bracketed IPv6 address without one
 * (RFC 9112 3.2; RFC 3986 3.2.2, 3.2.3). Express reads the host name as everything before the first
 * colon, so `localhost:evil`, `localhost:1@evil.example` or `localhost:1.evil.example` would pass for
 * localhost, while the later layers that build URLs from the whole header fail on them. Remix's
 * request reads the port as what follows the first colon too (@remix-run/express), so an IPv6
 * address with a port would lose its port there, and the sign-in page would send the member back to
 * another one (docs/decisions/025-remix-on-its-own-adapter.md).
 */
const HOST_HEADER = /^(?:[a-z0-9.-]+(?::(\d{0,5}))?|\[[0-9a-f:.]+\])$/i;

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

/** A percent-encoded unreserved character (RFC 3986 2.3): ALPHA, DIGIT, "-", ".", "_", "~". */
const ENCODED_UNRESERVED = /%(?:2[de]|3\d|[46][1-9a-f]|[57][\da]|5f|7e)/i;

/**
 * A target whose path is spelled the one way Remix reads it: as a URL parser leaves it (no dot
 * segments, `%2e` ones included, and no backslash, which it reads as a slash), with no
 * percent-encoded unreserved character (RFC 3986 6.2.2.2; the router decodes them), no empty
 * segment and no fragment. What a later layer sees of the path is then what Remix matches, up to
 * case and a trailing slash (docs/decisions/005-request-targets-in-normal-form.md).
 */
export function inNormalForm(target: string): boolean {
  if (target === "*") return true;
  if (target.includes("#")) return false;
  const query = target.indexOf("?");
  const path = query < 0 ? target : target.slice(0, query);
  if (path.includes("//") || ENCODED_UNRESERVED.test(path)) return false;
  try {
    return new URL(path, BASE).pathname === path;
  } catch {
    return false;
  }
}

/**
 * Remix's data request from before single fetch (`?_data=routeId`). The mall's pages never send one
 * (they use single fetch); Remix still answers it, but first hands the app's handleError a
 * warning with its stack, which the server logs and reports as its own error: anyone could fill the
 * log and the error collector.
 */
export function isLegacyDataRequest(target: string): boolean {
  try {
    return new URL(target, BASE).searchParams.has("_data");
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
    const target = req.originalUrl;
    if (!targetsThisSite(target, req.method) || !inNormalForm(target) || isLegacyDataRequest(target)) return refuse("Bad Request");
    forwardedHostAsHost(req);
    const environment = plainHost(req.get("host")) && req.hostname ? environmentForHost(req.hostname) : null;
    if (!environment) return refuse("Unknown host");
    res.locals.environment = environment;
    next();
  };
}

/**
 * The host the client asked for, in the Host header alone: a trusted proxy's X-Forwarded-Host (its
 * first value) becomes the Host, and a client's own is dropped. Remix's request takes its host name
 * from Express and its port from either header (@remix-run/express), so a proxy's forwarded host
 * without a port would otherwise get the proxy's own port, and a client's would choose one.
 */
function forwardedHostAsHost(req: Request): void {
  const forwarded = req.get("x-forwarded-host");
  delete req.headers["x-forwarded-host"];
  const trusted = req.app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean;
  if (forwarded && trusted(req.socket.remoteAddress, 0)) req.headers.host = forwarded.split(",")[0].trim();
}

/** The port a Host or X-Forwarded-Host value names, read as @remix-run/express reads it. */
function portOf(host: string | undefined): number | undefined {
  const port = Number.parseInt(host?.split(":")[1] ?? "", 10);
  return Number.isSafeInteger(port) ? port : undefined;
}

/**
 * The request's own origin, as Remix's request will have it (@remix-run/express builds its URL the
 * same way): the protocol Express reads behind the proxies it trusts, and the host asked for (after
 * `allowedHosts`, the Host header's).
 */
export function requestOrigin(req: Request): string {
  const port = portOf(req.get("x-forwarded-host")) ?? portOf(req.get("host"));
  return new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}`).origin;
}

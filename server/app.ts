/**
 * The mall's HTTP server (Express), the one place every request passes through before Remix: the
 * request log and id, the health and readiness probes, the method and Host checks, the security headers, where state-changing requests come from, the rate limit
 * of state changes, body limits, then static files, the code-ahead list and the Remix app. Each is a module of its own; this file only puts
 * them in order.
 */
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import expressStaticGzip from "express-static-gzip";
import { readdirSync } from "node:fs";
import { STATUS_CODES } from "node:http";
import type { EnvironmentName } from "#core/environments";
import { dropAheadMarker } from "./ahead-marker";
import { limitBodies } from "./body-limit";
import { requestLog, type Logger } from "./logger";
import { crossOriginPolicy } from "./cross-origin";
import { allowedHosts, refuseUnknownMethods } from "./request-gate";
import { securityHeaders, type SecurityHeaderOptions } from "./security-headers";

export interface MallAppOptions {
  /** The environment of a host name, or null for a host the mall does not answer to. */
  environmentForHost(hostname: string): EnvironmentName | null;
  /** Express's `trust proxy` (false: the socket's address is the client's). */
  trustProxy: boolean | number | string;
  csp: SecurityHeaderOptions;
  widgetOrigins: readonly string[];
  /** The rate limit of every request that can change state (server/rate-limit.ts `createRateLimits`). */
  actionLimit: RequestHandler;
  /** Static files (built assets) or Vite's dev middleware. */
  assets: RequestHandler[];
  /** The Remix app. */
  remix: RequestHandler;
  /** `/resources/code-ahead` (server/code-ahead.ts): the files of the screens a page links to. */
  codeAhead?: RequestHandler;
  /** The server's log (server/logger.ts): each request's lines carry its id. */
  log: Logger;
  /** `/healthz` and `/readyz` (server/health.ts), answered before the Host check and the rate limits. */
  probes?: RequestHandler;
  /** Runs first on every request (server/shutdown.ts: a reply while draining closes its connection). */
  first?: RequestHandler;
}

export function createMallApp(options: MallAppOptions): express.Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", options.trustProxy);

  if (options.first) app.use(options.first);
  app.use(requestLog(options.log));
  if (options.probes) app.use(options.probes);
  app.use(refuseUnknownMethods());
  app.use(allowedHosts(options.environmentForHost));
  app.use(securityHeaders(options.csp));
  app.use(compression());
  app.use(crossOriginPolicy({ widgetOrigins: options.widgetOrigins }));
  app.use(options.actionLimit);
  app.use(limitBodies());
  if (options.assets.length > 0) app.use(options.assets);
  if (options.codeAhead) app.use(options.codeAhead);
  app.use(dropAheadMarker());
  app.all("*", options.remix);
  app.use(lastResort);
  return app;
}

/**
 * A client's error flagged by the layer that found it (Express's own: a path that does not
 * percent-decode is a URIError with status 400), as Express's default handler would read it.
 */
function clientErrorStatus(error: unknown): number | null {
  if (!(error instanceof Error)) return null;
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
  const code = typeof status === "number" ? status : statusCode;
  return typeof code === "number" && code >= 400 && code < 500 ? code : null;
}

/** Whatever escaped: a client's error keeps its status; anything else is logged, and a plain 500 that says nothing of the cause. */
const lastResort: ErrorRequestHandler = (error, req, res, _next) => {
  const status = clientErrorStatus(error);
  if (status === null) req.log.error({ err: error }, "request failed");
  if (res.headersSent) {
    res.end();
    return;
  }
  res
    .status(status ?? 500)
    .set({ "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" })
    .send(status === null ? "Internal Server Error" : (STATUS_CODES[status] ?? "Bad Request"));
};

/**
 * The production build's files: fingerprinted assets for a year, in the compressed form the browser
 * accepts (brotli, else gzip) that the build wrote beside each (scripts/mall-build.mjs,
 * precompressAssets); the rest for an hour. Only the files
 * the build put at its top level (robots.txt, the icons, the task widget) are looked up there: a page's
 * path is never a file, and asking the disk about every page request cost a stat each.
 */
export function staticAssets(clientDir: string): RequestHandler[] {
  const router = express.Router();
  router.use(
    "/assets",
    expressStaticGzip(`${clientDir}/assets`, {
      enableBrotli: true,
      orderPreference: ["br", "gzip"],
      index: false,
      serveStatic: { immutable: true, maxAge: "1y", index: false, redirect: false },
    }),
  );
  const topLevel = new Set(
    readdirSync(clientDir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${entry.name}`),
  );
  const files = express.static(clientDir, {
    maxAge: "1h",
    index: false,
    redirect: false,
    setHeaders(res, path) {
      // The standalone task widget is loaded by other sites' pages.
      if (path.endsWith("/task-widget.js")) res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
    },
  });
  router.use((request, response, next) => (topLevel.has(request.path) ? files(request, response, next) : next()));
  return [router];
}

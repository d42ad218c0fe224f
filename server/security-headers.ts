/**
 * The security headers of every reply, from one place (helmet). The Content-Security-Policy allows
 * scripts of the mall's own origin and the inline scripts Remix renders with this request's nonce;
 * images from the gateway (the sandbox serves the catalog's) and the configured image hosts; forms
 * that lead to the wallet's sign-in page; frames of the mall only by the origins configured to show
 * it (a webview is not a frame: the wallet shows the mall either way). It is enforced in production
 * builds and only reported in development, where Vite's client needs more.
 */
import type { RequestHandler } from "express";
import helmet from "helmet";
import { randomBytes } from "node:crypto";
import type { EnvironmentName } from "#core/environments";

export interface SecurityHeaderOptions {
  /** Enforce the CSP (production) or report it only (development). */
  enforce: boolean;
  /**
   * The origins of an environment the page talks to: its images, its sign-in page, and what the page
   * itself may fetch from besides the mall (the sandbox's stand-in for the wallet's cashier).
   */
  originsOf(environment: EnvironmentName, requestUrl: URL): PageOrigins;
  /** Origins allowed to frame the mall, besides the mall itself. */
  frameAncestors: readonly string[];
}

export interface PageOrigins {
  images: string[];
  signIn: string;
  connect: string[];
}

type Locals = { cspNonce: string; environment: EnvironmentName; origins: PageOrigins };

export function securityHeaders({ enforce, originsOf, frameAncestors }: SecurityHeaderOptions): RequestHandler[] {
  const prepare: RequestHandler = (req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    const url = new URL(req.originalUrl, `${req.protocol}://${req.get("host")}`);
    res.locals.origins = originsOf(res.locals.environment as EnvironmentName, url);
    next();
  };
  const locals = (res: unknown) => (res as { locals: Locals }).locals;
  const headersFor = (https: boolean) =>
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        reportOnly: !enforce,
        directives: {
          "default-src": ["'self'"],
          "script-src": ["'self'", (_req, res) => `'nonce-${locals(res).cspNonce}'`],
          "script-src-attr": ["'none'"],
          // React's style attributes and the widget's inline styles.
          "style-src": ["'self'", "'unsafe-inline'"],
          // blob: the pictures the page itself made (a refund's photos, app/lib/photos.ts), read and shown.
          "img-src": ["'self'", "data:", "blob:", (_req, res) => locals(res).origins.images.join(" ")],
          "font-src": ["'self'", "data:"],
          "connect-src": ["'self'", "blob:", (_req, res) => locals(res).origins.connect.join(" "), ...(enforce ? [] : ["ws:", "wss:"])],
          "form-action": ["'self'", (_req, res) => locals(res).origins.signIn],
          "frame-ancestors": ["'self'", ...frameAncestors],
          "frame-src": ["'none'"],
          "object-src": ["'none'"],
          "base-uri": ["'none'"],
          // Over plain HTTP (the sandbox on this machine) it would send the sandbox's images to https.
          "upgrade-insecure-requests": https ? [] : null,
        },
      },
      // Same-origin POSTs must keep their Origin header (cross-origin.ts); `no-referrer` would send `null`.
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      // The mall opens ads in new windows; the standalone widget script is served to other sites.
      crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
      crossOriginResourcePolicy: { policy: "same-site" },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: false },
      // frame-ancestors decides; X-Frame-Options could only say less.
      xFrameOptions: false,
    });
  const overHttps = headersFor(true);
  const overHttp = headersFor(false);
  return [prepare, (req, res, next) => (req.secure ? overHttps : overHttp)(req, res, next)];
}

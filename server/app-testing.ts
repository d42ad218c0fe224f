/**
 * The mall app as the server's tests start it (server/app.ts): the sandbox on localhost, the CSP
 * enforced with nothing else allowed, no widget origins, no action limit, no assets; each test gives
 * its own Remix handler and logger, and changes what it is about.
 */
import type { MallAppOptions } from "./app";

export function testAppOptions(options: Pick<MallAppOptions, "remix" | "log"> & Partial<MallAppOptions>): MallAppOptions {
  return {
    environmentForHost: (hostname) => (hostname === "localhost" ? "sandbox" : null),
    trustProxy: false,
    csp: { enforce: true, frameAncestors: [], originsOf: () => ({ images: [], signIn: "http://signin.example", connect: [] }) },
    widgetOrigins: [],
    actionLimit: (_req, _res, next) => next(),
    assets: [],
    ...options,
  };
}

/**
 * Each request's load context, made once before Remix runs (Hydrogen's createAppLoadContext) and
 * handed to every loader and action of the request: the member's session, the locale, the
 * environment and the member's API client. The root's loader and the screen's share it, so a read
 * both need goes to the gateway once (`api.shared`). The server commits the session once, after
 * Remix has answered, when it changed (server/remix-handler.ts).
 *
 * app/entry.server.tsx exports `getLoadContext` so that the context is made inside the Remix build:
 * the Express server is bundled apart from it, and a context made there would have its own copies of
 * the modules that keep state for the whole process (token-rotation.server.ts, cache/).
 */
import type { Locale } from "../lib/i18n/locale";
import { gatewayEnvironment, type GatewayEnvironment } from "./config.server";
import { MemberApi } from "./gateway.server";
import { getLocale } from "./i18n.server";
import { memberOf, type Member, type RequestScope } from "./member.server";
import { MallSession, getSession } from "./session.server";
import { rotatedToken } from "./token-rotation.server";

export interface MallContext extends RequestScope {
  /** This request's Content-Security-Policy nonce (server/security-headers.ts). */
  readonly cspNonce: string;
  readonly session: MallSession;
  readonly locale: Locale;
  readonly environment: GatewayEnvironment;
  /** The member's mCoin API client, with the spec's error handling (gateway.server.ts). */
  readonly api: MemberApi;
  /** The signed-in member, or null for a visitor. */
  readonly member: Member | null;
}

declare module "@remix-run/node" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a module augmentation: it merges MallContext into Remix's AppLoadContext
  interface AppLoadContext extends MallContext {}
}

/**
 * The page a request is for, as Remix hands it to the loaders (@remix-run/server-runtime server.js
 * and data.js): a single-fetch data request (`/x.data`, `/_root.data`) is its page's (`/x`, `/`),
 * without the router's own `_routes` and empty `index` parameters. context.server.test.ts holds it to
 * what Remix does.
 */
export function pageUrl(request: Request): URL {
  const url = new URL(request.url);
  if (url.pathname.endsWith(".data")) url.pathname = url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
  url.searchParams.delete("_routes");
  const index = url.searchParams.getAll("index").filter(Boolean);
  url.searchParams.delete("index");
  for (const value of index) url.searchParams.append("index", value);
  return url;
}

export async function createAppLoadContext(request: Request, { cspNonce }: { cspNonce: string }): Promise<MallContext> {
  const [stored, locale] = await Promise.all([getSession(request), getLocale(request)]);
  const session = new MallSession(stored, request);
  // A token rotated a moment ago by another request of this member's (token-rotation.server.ts).
  const stale = session.get("token");
  const rotated = stale ? rotatedToken(stale) : null;
  if (rotated) session.set("token", rotated);

  const url = pageUrl(request);
  const scope: RequestScope = { request, url, session, locale, environment: gatewayEnvironment(url) };
  return {
    ...scope,
    cspNonce,
    api: new MemberApi(scope),
    get member() {
      return memberOf(session);
    },
  };
}

/**
 * Each request's mall context: the member's session, the locale, the environment and the member's
 * API client, made from the first loader or action of the request that asks for it and shared by
 * the others (the root's loader and the screen's run side by side, so a read both need goes to the
 * gateway once: `api.shared`). It is made from the request Remix hands that loader (`args.request`,
 * whose address is the page's, a data request's included) and from what the server keeps for the
 * whole process (`args.context.services`, given by server/load-context.ts).
 *
 * The session's changes reach the browser with the reply: Remix's document and data replies carry
 * them (app/entry.server.tsx calls `sessionCookieOf`); a reply Remix sends as it was made (a redirect
 * from a document's loader, a resource route's answer) carries them itself (session.server.ts `withSession`).
 */
import type { AppLoadContext } from "@remix-run/node";
import type { Logger } from "pino";
import type { Locale } from "../lib/i18n/locale";
import { AHEAD_PARAM } from "#core/http/ahead-marker";
import { gatewayEnvironment, type GatewayEnvironment } from "./config.server";
import { MemberApi } from "./gateway.server";
import { getLocale } from "./i18n.server";
import { memberOf, type Member, type RequestScope } from "./member.server";
import type { MallServices } from "./services.server";
import { MallSession, getSession } from "./session.server";

/** What the server gives every request (server/load-context.ts). */
export interface ServerLoadContext {
  /** This request's Content-Security-Policy nonce (server/security-headers.ts). */
  readonly cspNonce: string;
  /** The client's address, as Express reads it behind the configured proxies (rate limits). */
  readonly clientAddress: string;
  readonly services: MallServices;
  /** This request's id (server/logger.ts): in its log lines, and sent to the gateway with each call. */
  readonly requestId?: string;
  /** This request's log, whose lines carry its id; else the services' log. */
  readonly log?: Logger;
}

declare module "@remix-run/node" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a module augmentation: it merges ServerLoadContext into Remix's AppLoadContext
  interface AppLoadContext extends ServerLoadContext {}
}

export interface MallContext extends RequestScope {
  readonly session: MallSession;
  readonly locale: Locale;
  readonly environment: GatewayEnvironment;
  /** The member's mCoin API client, with the spec's error handling (gateway.server.ts). */
  readonly api: MemberApi;
  /** The signed-in member, or null for a visitor. */
  readonly member: Member | null;
}

/** The mall context of each request, by the load context Remix hands all of its loaders and actions. */
const made = new WeakMap<AppLoadContext, Promise<MallContext>>();

/** The request's mall context, made by the first loader or action that asks. */
export function mallContext({ request, context }: { request: Request; context: AppLoadContext }): Promise<MallContext> {
  let mall = made.get(context);
  if (!mall) {
    mall = makeMallContext(request, context);
    made.set(context, mall);
  }
  return mall;
}

async function makeMallContext(request: Request, { services, requestId, log = services.log }: ServerLoadContext): Promise<MallContext> {
  const [stored, locale] = await Promise.all([getSession(request), getLocale(request)]);
  const session = new MallSession(stored, request);
  // A token rotated a moment ago by another request of this member's (token-rotation.server.ts).
  const stale = session.get("token");
  const rotated = stale ? await services.rotations.rotated(stale) : null;
  if (rotated) session.set("token", rotated);

  const url = new URL(request.url);
  // The member's page: a load asked ahead of a tap carries a marker (lib/intent-data.ts) that the
  // addresses made from this one (the error route's refresh, sign-in's way back) must not keep.
  url.searchParams.delete(AHEAD_PARAM);
  const scope: RequestScope = { request, url, session, locale, environment: gatewayEnvironment(url), services, log, requestId, tokenAnswered: { value: false } };
  return {
    ...scope,
    api: new MemberApi(scope),
    get member() {
      return memberOf(session);
    },
  };
}

/**
 * The Set-Cookie value the reply to this request must carry: the session as it is now, when it
 * changed since it was last committed; null when no mall context was made or nothing changed.
 */
export async function sessionCookieOf(context: AppLoadContext): Promise<string | null> {
  const mall = made.get(context);
  if (!mall) return null;
  return (await mall.catch(() => null))?.session.commitIfChanged() ?? null;
}

/** Whether a call with the member's token was answered while this request was served (RequestScope `tokenAnswered`). */
export async function tokenAnsweredIn(context: AppLoadContext): Promise<boolean> {
  const mall = made.get(context);
  if (!mall) return false;
  return (await mall.catch(() => null))?.tokenAnswered?.value ?? false;
}

/** For tests: `context` as the load context of a request whose mall context the test made. */
export function givenMallContext(context: AppLoadContext, mall: MallContext): AppLoadContext {
  made.set(context, Promise.resolve(mall));
  return context;
}

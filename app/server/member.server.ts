/**
 * The member of a request: who the session says is signed in, `requireMember` for what only a member
 * may see or do (epic-stack's requireUserId), and the way to the wallet's sign-in page, which brings
 * the member back to home with login parameters and the nonce this browser's session keeps
 * (session-entry.server.ts).
 */
import { redirect } from "@remix-run/node";
import type { Logger } from "pino";
import type { Locale } from "../lib/i18n/locale";
import { returnPathOf } from "../lib/session-start/return-to";
import { stateForPath } from "../lib/session-start/state-route";
import type { GatewayEnvironment } from "./config.server";
import type { MallServices } from "./services.server";
import { cookieOptionsFor, reloginCookie } from "./cookies.server";
import { newSignInNonce, SIGN_IN_NONCE_PARAM } from "./session-entry.server";
import { clearMember, withSession, type MallSession } from "./session.server";

export interface Member {
  token: string;
  openId: string;
  nickname: string;
  avatar: string;
  grayScaleMode: boolean;
}

/** What a request is, for the functions that act on its behalf (app/server/context.server.ts). */
export interface RequestScope {
  /** The request as Remix hands it to the loaders: its method and headers. */
  readonly request: Request;
  /** The page's address (`request.url`; a data request's is its page's). */
  readonly url: URL;
  readonly session: MallSession;
  readonly locale: Locale;
  readonly environment: GatewayEnvironment;
  /** What the server keeps for the whole process (services.server.ts). */
  readonly services: MallServices;
  /** This request's log (its lines carry its id). */
  readonly log: Logger;
  /** This request's id, sent to the gateway with each call (X-Request-Id). */
  readonly requestId?: string;
  /**
   * Set once a call carrying the member's token was answered in this request: the token works, so a
   * sign-in round trip the relogin cookie guards has ended (entry.server.tsx clears the cookie).
   */
  readonly tokenAnswered?: { value: boolean };
}

/** The member the session holds, or null for a visitor. */
export function memberOf(session: MallSession): Member | null {
  const token = session.get("token");
  if (!token) return null;
  return {
    token,
    openId: session.get("openId") ?? "",
    nickname: session.get("nickname") ?? "",
    avatar: session.get("avatar") ?? "",
    grayScaleMode: session.get("grayScaleMode") ?? false,
  };
}

/** The signed-in member; a visitor is sent to sign in, and comes back here when the login's state can say so. */
export async function requireMember(context: RequestScope): Promise<Member> {
  const member = memberOf(context.session);
  if (!member) throw await signInRedirect(context, { becauseNotLogin: false });
  return member;
}

/**
 * The nonce of a request's sign-in round trip. The loaders of one request share its session: when
 * several of them send the member to sign in, every redirect carries the nonce the session keeps.
 */
const requestNonces = new WeakMap<MallSession, string>();

/**
 * Sends the member to the wallet's sign-in page, to come back to home with login parameters, and
 * from there to the screen they asked for (the login's `state` when the spec names one, else the
 * session's `returnTo`).
 * `becauseNotLogin`: the gateway refused the session's token, which is cleared; a second refusal
 * while the relogin cookie is set shows the error screen instead (cookies.server.ts `reloginCookie`).
 */
export async function signInRedirect(context: RequestScope, { becauseNotLogin }: { becauseNotLogin: boolean }): Promise<Response> {
  const { request, url, session, locale, environment } = context;
  const headers = new Headers();
  if (becauseNotLogin) {
    clearMember(session);
    if (await reloginCookie.parse(request.headers.get("cookie"))) return withSession(context, redirect("/error?reason=session"));
    headers.append("Set-Cookie", await reloginCookie.serialize("1", cookieOptionsFor(request)));
  }
  let nonce = requestNonces.get(session);
  if (!nonce) {
    nonce = newSignInNonce();
    requestNonces.set(session, nonce);
    session.set("signInNonce", nonce);
    // The screen asked for, for the round trip to come back to (a state the spec names wins).
    const returnTo = request.method === "GET" ? returnPathOf(url) : undefined;
    if (returnTo) session.set("returnTo", returnTo);
    else session.unset("returnTo");
  }
  const back = new URL("/index", url.origin);
  back.searchParams.set(SIGN_IN_NONCE_PARAM, nonce);
  const login = new URL(environment.loginUrl);
  login.searchParams.set("redirect_uri", back.href);
  login.searchParams.set("state", stateForPath(url.pathname));
  login.searchParams.set("lang", locale);
  return withSession(context, redirect(login.href, { headers }));
}

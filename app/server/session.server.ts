/**
 * The member's session: a signed, httpOnly cookie (never the browser's storage). It holds what the
 * spec's login returns and the flags the mall keeps per member.
 */
import { createCookie, createCookieSessionStorage, type Session } from "@remix-run/node";
import { cookieSecure, sessionSecret } from "./config.server";

export interface SessionData {
  token: string;
  openId: string;
  nickname: string;
  avatar: string;
  /** The seckill canary flag (the login's grayScaleMode, or the gray-seckill reply header). */
  grayScaleMode: boolean;
  /** Set when the member entered through a shared link ("secret door"). */
  secretDoor: boolean;
  /** The terms were checked this session and need no pop-up. */
  clauseChecked: boolean;
}

export interface SessionFlashData {
  /** The host configuration from /macaupassconfig, handed to the host bridge once. */
  hostConfig: Record<string, unknown>;
}

export type MemberSession = Session<SessionData, SessionFlashData>;

const storage = createCookieSessionStorage<SessionData, SessionFlashData>({
  cookie: {
    name: "__mcoin_session",
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: cookieSecure,
    secrets: [sessionSecret],
    maxAge: 60 * 60 * 24 * 7,
  },
});

export const getSession = (request: Request) => storage.getSession(request.headers.get("cookie"));
export const commitSession = (session: MemberSession) => storage.commitSession(session);

const USER_KEYS = ["token", "openId", "nickname", "avatar", "grayScaleMode", "secretDoor", "clauseChecked"] as const;

/** "clears stored user and request data" (spec section 6). */
export function clearMember(session: MemberSession): void {
  for (const key of USER_KEYS) session.unset(key);
}

/**
 * Set for a short while when the mall sent the member to the login page because the gateway said
 * 'not login'. A second 'not login' while it is set shows the error screen instead of redirecting
 * again, so a token the gateway keeps refusing can never loop through the login page.
 */
export const reloginCookie = createCookie("mcoin_relogin", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: cookieSecure,
  maxAge: 30,
});

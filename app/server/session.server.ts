/**
 * The member's session: a sealed (encrypted and authenticated), httpOnly cookie, never the browser's
 * storage. It holds what the spec's login returns and the flags the mall keeps per member; the
 * browser can neither read the gateway token in it nor forge one.
 */
import { createCookieSessionStorage, type Session } from "@remix-run/node";
import { cookieOptionsFor, sessionCookie } from "./cookies.server";
export { reloginCookie } from "./cookies.server";

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
  /**
   * Set when the mall sends this browser to the sign-in page; the page's return must carry it back
   * (session-entry.server.ts), which tells the mall's own sign-in round trip from a planted link.
   */
  signInNonce: string;
}

export interface SessionFlashData {
  /** The host configuration from /macaupassconfig, handed to the host bridge once. */
  hostConfig: Record<string, unknown>;
}

export type MemberSession = Session<SessionData, SessionFlashData>;

const storage = createCookieSessionStorage<SessionData, SessionFlashData>({ cookie: sessionCookie });

export const getSession = (request: Request) => storage.getSession(request.headers.get("cookie"));
export const commitSession = (session: MemberSession, request: Request) => storage.commitSession(session, cookieOptionsFor(request));
/** An empty session: a login starts from one, so nothing of the session before it carries over. */
export const freshSession = () => storage.getSession(null);

const USER_KEYS = ["token", "openId", "nickname", "avatar", "grayScaleMode", "secretDoor", "clauseChecked"] as const;

/** "clears stored user and request data" (spec section 6). */
export function clearMember(session: MemberSession): void {
  for (const key of USER_KEYS) session.unset(key);
}

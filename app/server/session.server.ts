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
  /** Where the member was going when sent to sign in: the round trip comes back there (app/lib/session-start/return-to.ts). */
  returnTo: string;
}

export interface SessionFlashData {
  /** The host configuration from /macaupassconfig, handed to the host bridge once. */
  hostConfig: Record<string, unknown>;
}

export type MemberSession = Session<SessionData, SessionFlashData>;

const storage = createCookieSessionStorage<SessionData, SessionFlashData>({ cookie: sessionCookie });

export const getSession = (request: Request) => storage.getSession(request.headers.get("cookie"));
/** An empty session: a login starts from one, so nothing of the session before it carries over. */
export const freshSession = () => storage.getSession(null);

/**
 * The session of one request, shared by its loaders and actions (app/server/context.server.ts). Every
 * change marks it pending; the reply commits it (context.server.ts `sessionCookieOf`, `withSession`),
 * and a change made after a commit is pending again.
 */
export class MallSession {
  #session: MemberSession;
  /** Changes made, and how many of them the last commit carried. */
  #changes = 0;
  #committed = 0;
  readonly #request: Request;

  constructor(session: MemberSession, request: Request) {
    this.#session = session;
    this.#request = request;
  }

  get<K extends keyof SessionData>(key: K): SessionData[K] | undefined {
    return this.#session.get(key) as SessionData[K] | undefined;
  }

  set<K extends keyof SessionData>(key: K, value: SessionData[K]): void {
    this.#session.set(key, value);
    this.#changes += 1;
  }

  unset(key: keyof SessionData): void {
    if (!this.#session.has(key)) return;
    this.#session.unset(key);
    this.#changes += 1;
  }

  flash<K extends keyof SessionFlashData>(key: K, value: SessionFlashData[K]): void {
    this.#session.flash(key, value);
    this.#changes += 1;
  }

  /** A flashed value: reading it removes it, which is a change. */
  takeFlash<K extends keyof SessionFlashData>(key: K): SessionFlashData[K] | undefined {
    if (!this.#session.has(key)) return undefined;
    this.#changes += 1;
    return this.#session.get(key) as SessionFlashData[K] | undefined;
  }

  /** Starts afresh (a login): nothing of the session before it carries over. */
  async replace(): Promise<void> {
    this.#session = await freshSession();
    this.#changes += 1;
  }

  /** Whether the reply must carry the session: it changed since it was last committed. */
  get isPending(): boolean {
    return this.#changes > this.#committed;
  }

  /** The Set-Cookie value of the session as it is now. */
  commit(): Promise<string> {
    const changes = this.#changes;
    return storage.commitSession(this.#session, cookieOptionsFor(this.#request)).then((cookie) => {
      this.#committed = Math.max(this.#committed, changes);
      return cookie;
    });
  }

  /** The Set-Cookie value when the session changed since it was last committed, else null. */
  async commitIfChanged(): Promise<string | null> {
    return this.isPending ? this.commit() : null;
  }
}

/**
 * A reply that Remix sends as it was made (a resource route's, a document loader's redirect) with the
 * session's changes; such a reply is kept by no cache. Remix's document and data replies get them from
 * app/entry.server.tsx instead.
 */
export async function withSession(scope: { session: MallSession }, response: Response): Promise<Response> {
  const cookie = await scope.session.commitIfChanged();
  if (cookie === null) return response;
  response.headers.append("Set-Cookie", cookie);
  response.headers.set("Cache-Control", "private, no-store");
  return response;
}

const USER_KEYS = ["token", "openId", "nickname", "avatar", "grayScaleMode", "secretDoor", "clauseChecked"] as const;

/** "clears stored user and request data" (spec section 6). */
export function clearMember(session: MallSession): void {
  for (const key of USER_KEYS) session.unset(key);
}

/**
 * Which of the mall's documents and data replies are one visitor's (entry.server.tsx): those made
 * with the visitor's session, or that set a cookie. The session is all the mall knows of a visitor,
 * and every member-only screen needs one: without it the screen sends the visitor to sign in. With it,
 * any page may carry the member's own things (an order's QR and redemption codes, the ledger, the
 * balance and revision the root loader puts in every page's data, the terms pop-up), so no cache may
 * store it, the phone's own included: `private, no-store`.
 * A visitor with no session gets the pages every visitor gets, with whatever caching they have
 * (docs/decisions/002-private-member-replies.md).
 */
import { rawCookie, sessionCookie } from "./cookies.server";

export const PRIVATE_CACHE_CONTROL = "private, no-store";

/** Marks `headers` (a document's or a data reply's) `private, no-store` when the reply is the visitor's own. */
export function keepVisitorsOwnPrivate(request: Request, headers: Headers): void {
  const withSession = rawCookie(request.headers.get("cookie"), sessionCookie.name) !== undefined;
  if (withSession || headers.has("Set-Cookie")) headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
}

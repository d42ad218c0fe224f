/**
 * Where a member was going when the mall sent them to sign in, kept in the mall's own sealed session
 * for the round trip (app/server/member.server.ts), so that every member-only screen comes back to
 * itself, not only those the spec's `state` names. Only a path of this site is kept: never another
 * origin, a protocol-relative `//host` or a backslash a browser would read as one.
 */

/**
 * Query parameters of the framework's data requests and of the mall's own, never part of a
 * destination; `buy` is the offer screen's "sign in to buy" (routes/coupon-details.tsx), done once
 * the member is back.
 */
const NOT_KEPT = new Set(["_routes", "index", "lng", "mall_signin", "_data", "buy"]);

const MAX_LENGTH = 512;

/**
 * The page a request belongs to, as a path with its query: a data request of Remix's single fetch
 * (`/checkIn.data`, `/_root.data`) stands for its page. Undefined when it is not a path to come back to.
 */
export function returnPathOf(url: URL): string | undefined {
  let pathname = url.pathname.replace(/\.data$/, "");
  if (pathname === "/_root") pathname = "/";
  const search = new URLSearchParams([...url.searchParams].filter(([key]) => !NOT_KEPT.has(key))).toString();
  return safeReturnPath(`${pathname}${search ? `?${search}` : ""}`);
}

/** A path of this site, or undefined: the session's value is read again at the return, so it is checked again. */
export function safeReturnPath(path: string | undefined | null): string | undefined {
  if (!path || path.length > MAX_LENGTH || !path.startsWith("/") || path.startsWith("//") || !/^[\x21-\x5b\x5d-\x7e]+$/.test(path)) return undefined;
  // Home is where the return lands anyway.
  if (path === "/" || path === "/index") return undefined;
  return path;
}

/**
 * Where a member goes after login, from the login's `state` (spec section 4, "Session start").
 *
 * The spec names the states but not how an id travels with them. Ours: the state is a route name
 * optionally followed by '/' and an id (`coupon_details/123`), or the id comes as `id` in
 * oauthParams. This module only decides; the server performs the redirect.
 */
import { decodeOauthParams } from "./oauth-params";

export interface StateRoute {
  /** Where to go; null stays on home. */
  to: string | null;
  /** Replace the history entry instead of pushing one. */
  replace: boolean;
  /** Turn on the secret-door flag (shared-link entries). */
  secretDoor: boolean;
}

const STAY: StateRoute = { to: null, replace: false, secretDoor: false };

/** States that navigate to a screen of the same name ("navigate there"). */
const DIRECT_STATES: Record<string, { path: string; needsId: boolean }> = {
  store_details: { path: "/store_details", needsId: true },
  coupon_details: { path: "/coupon_details", needsId: true },
  mycoupon: { path: "/mycoupon", needsId: false },
  mCoin_zone: { path: "/mCoin_zone", needsId: true },
};

const ID = /^[A-Za-z0-9_-]{1,64}$/;

export function routeForState(state: string | null | undefined, oauthParamsRaw?: string | null): StateRoute {
  if (!state) return STAY;
  const oauth = decodeOauthParams(oauthParamsRaw);
  const [name, inlineId] = state.split("/", 2);
  const id = inlineId ?? oauth.get("id") ?? undefined;
  const safeId = id && ID.test(id) ? encodeURIComponent(id) : undefined;

  // "containing details_link: turn on the secret door and replace the route"
  if (name.includes("details_link")) {
    if (!safeId || !/^(coupon|store)_details_link$/.test(name)) return STAY;
    return { to: `/${name}/${safeId}`, replace: true, secretDoor: true };
  }
  const direct = DIRECT_STATES[name];
  if (direct) {
    if (!direct.needsId) return { to: direct.path, replace: false, secretDoor: false };
    return safeId ? { to: `${direct.path}/${safeId}`, replace: false, secretDoor: false } : STAY;
  }
  // "classify: read oauthParams (':' to '=', ';' to '&'), then open classify/{buz}"
  if (name === "classify") {
    const buz = oauth.get("buz");
    return buz ? { to: `/classify/${encodeURIComponent(buz)}`, replace: false, secretDoor: false } : STAY;
  }
  if (name === "seckill") {
    return { to: safeId ? `/seckill/${safeId}` : "/seckill", replace: false, secretDoor: false };
  }
  return STAY;
}

/** The state to send to the login page so that the member lands back where they were going. */
export function stateForPath(pathname: string): string {
  const match = /^\/(store_details|coupon_details|mCoin_zone|coupon_details_link|store_details_link|seckill)(?:\/([^/]+))?\/?$/.exec(pathname);
  if (match) return match[2] ? `${match[1]}/${decodeURIComponent(match[2])}` : match[1];
  if (pathname === "/mycoupon" || pathname.startsWith("/mycoupons/")) return "mycoupon";
  return "";
}

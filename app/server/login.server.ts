/**
 * Session start (spec section 4): on entry to home with login parameters, log in with them
 * (/macaupasssave), configure the host (/macaupassconfig with the state), keep the member in a fresh
 * cookie session, copy the gray-seckill header, then route by `state`. Only an entry of the host or
 * of the mall's own sign-in round trip does so (session-entry.server.ts); a link does not.
 */
import { redirect } from "@remix-run/node";
import { GRAY_SECKILL_HEADER, macaupassConfig, macaupassSave } from "#core/api/endpoints";
import { safeReturnPath } from "../lib/session-start/return-to";
import { routeForState } from "../lib/session-start/state-route";
export { hasLoginParams } from "../lib/session-start/login-params";
import type { MallContext } from "./context.server";
import { signInRedirect } from "./member.server";
import { SIGN_IN_NONCE_PARAM, entryKind } from "./session-entry.server";
import { withSession } from "./session.server";

/** Query parameters the mall adds itself; every other one is a login parameter of the host. */
const OWN_PARAMS = new Set(["lng", SIGN_IN_NONCE_PARAM]);

function loginParams(url: URL): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of url.searchParams) if (!OWN_PARAMS.has(key)) params[key] = value;
  return params;
}

function truthy(value: unknown): boolean {
  return value === true || value === 1 || value === "1" || value === "true";
}

/** Home without the login parameters: where a link that carried some leads. */
function homeWithout(url: URL): string {
  const lng = url.searchParams.get("lng");
  return lng ? `/index?${new URLSearchParams({ lng })}` : "/index";
}

/** Logs in with the URL's parameters and returns the redirect to where `state` leads. */
export async function startSession(context: MallContext): Promise<Response> {
  const { request, url, session } = context;
  if (entryKind(request, session) === "link") {
    // Not the wallet's launch nor our own sign-in: the code is left unredeemed.
    if (context.member) return withSession(context, redirect(homeWithout(url)));
    return signInRedirect(context, { becauseNotLogin: false });
  }

  const params = loginParams(url);
  // Only the mall's own round trip comes back to where it was sent from; the wallet's launch lands as the spec says.
  const returnTo = entryKind(request, session) === "round-trip" ? safeReturnPath(session.get("returnTo")) : undefined;
  const login = await context.api.withToken(null).reply(macaupassSave, params);
  const grayHeader = login.headers.get(GRAY_SECKILL_HEADER);

  // A new member, or the same one again: nothing of the session before the login carries over.
  await session.replace();
  session.set("token", login.data.token);
  session.set("openId", login.data.open_id);
  session.set("nickname", login.data.nickname ?? "");
  session.set("avatar", login.data.headimgurl ?? "");
  session.set("grayScaleMode", truthy(grayHeader ?? login.data.grayScaleMode));
  session.set("secretDoor", false);
  session.set("clauseChecked", false);

  const state = login.data.state ?? params.state ?? "";
  const target = routeForState(state, params.oauthParams);
  if (target.secretDoor) session.set("secretDoor", true);
  const landing = landingOf(target.to, returnTo);

  try {
    // The session's token is the new member's now: the client calls with it.
    const hostConfig = await context.api.raw.call(macaupassConfig, { url: new URL(landing, url.origin).href, state });
    session.flash("hostConfig", hostConfig);
  } catch (error) {
    // The host configuration only enables native calls; the member can shop without it.
    context.log.warn({ err: error }, "macaupassconfig failed; continuing without host configuration");
  }
  return withSession(context, redirect(landing));
}

/**
 * Where the login lands: the state's screen when it names one (the spec's states win), else the
 * screen the member was sent from. When both are the same screen, the one the member was sent from
 * is kept with its query (`/mycoupon?view=logistics`, not `/mycoupon`): it says more of where they were.
 */
export function landingOf(stateTo: string | null | undefined, returnTo: string | undefined): string {
  if (!stateTo) return returnTo ?? "/index";
  if (returnTo !== undefined && new URL(returnTo, "http://mall.invalid").pathname === new URL(stateTo, "http://mall.invalid").pathname) return returnTo;
  return stateTo;
}

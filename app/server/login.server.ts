/**
 * Session start (spec section 4): on entry to home with login parameters, log in with them
 * (/macaupasssave), configure the host (/macaupassconfig with the state), keep the member in the
 * cookie session, copy the gray-seckill header, then route by `state`.
 */
import { redirect } from "@remix-run/node";
import { GRAY_SECKILL_HEADER, macaupassConfig, macaupassSave } from "../lib/api/endpoints";
import { routeForState } from "../lib/session-start/state-route";
export { hasLoginParams } from "../lib/session-start/login-params";
import type { RequestContext } from "./gateway.server";

/** Query parameters the mall adds itself; every other one is a login parameter of the host. */
const OWN_PARAMS = new Set(["lng"]);

function loginParams(url: URL): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of url.searchParams) if (!OWN_PARAMS.has(key)) params[key] = value;
  return params;
}

function truthy(value: unknown): boolean {
  return value === true || value === 1 || value === "1" || value === "true";
}

/** Logs in with the URL's parameters and returns the redirect to where `state` leads. */
export async function startSession(context: RequestContext): Promise<Response> {
  const params = loginParams(context.url);
  context.useToken(null);
  const login = await context.reply(macaupassSave, params);
  const { session } = context;
  const grayHeader = login.headers.get(GRAY_SECKILL_HEADER);

  session.set("token", login.data.token);
  session.set("openId", login.data.open_id);
  session.set("nickname", login.data.nickname ?? "");
  session.set("avatar", login.data.headimgurl ?? "");
  session.set("grayScaleMode", truthy(grayHeader ?? login.data.grayScaleMode));
  session.set("secretDoor", false);
  session.set("clauseChecked", false);
  context.useToken(login.data.token);

  const state = login.data.state ?? params.state ?? "";
  const target = routeForState(state, params.oauthParams);
  if (target.secretDoor) session.set("secretDoor", true);
  const landing = target.to ?? "/index";

  try {
    const hostConfig = await context.api.call(macaupassConfig, { url: new URL(landing, context.url.origin).href, state });
    session.flash("hostConfig", hostConfig.data);
  } catch (error) {
    // The host configuration only enables native calls; the member can shop without it.
    console.warn("macaupassconfig failed; continuing without host configuration", error);
  }
  context.sessionDidChange();
  return redirect(landing, { headers: await context.headers() });
}

/**
 * /mycoupons/{token}: a coupon screen entered with a session token in the path. When the host opened
 * it (session-entry.server.ts), the token is checked with the gateway and becomes the token of a fresh
 * session; then the member is sent on so the token leaves the address bar (and history). A link from
 * anywhere else never stores its token. `entry=token` tells the coupon screen that going back must ask
 * the host app to go back.
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { basicInformation } from "#core/api/endpoints";
import { countAgainst } from "../server/rate-limit.server";
import { entryKind } from "../server/session-entry.server";
import { withSession } from "../server/session.server";
import type { ScreenHandle } from "../screen-handle";
import { mallContext } from "../server/context.server";

export const handle: ScreenHandle = { analytics: "mycoupons", hostBack: true };

const TOKEN = /^[A-Za-z0-9._~+/=-]{8,512}$/;
const COUPONS = "/mycoupon?entry=token";

export async function loader(args: LoaderFunctionArgs) {
  const { request, params } = args;
  await countAgainst(args, "login", "page");
  const mall = await mallContext(args);
  const token = params.token ?? "";
  if (!TOKEN.test(token)) throw new Response("Not Found", { status: 404 });

  // A link: the member carries on as themselves (my coupons asks anyone else to sign in).
  if (entryKind(request, mall.session) !== "host") return withSession(mall, redirect(COUPONS));

  // A token the gateway does not know signs nobody in: the member signs in again ('not login').
  await mall.api.withToken(token).call(basicInformation);
  await mall.session.replace();
  mall.session.set("token", token);
  return withSession(mall, redirect(COUPONS));
}

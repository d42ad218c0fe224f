/**
 * /mycoupons/{token}: a coupon screen entered with a session token in the path. The token becomes
 * the session token, then the member is sent on so the token leaves the address bar (and history).
 * `entry=token` tells the coupon screen that going back must ask the host app to go back.
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { commitSession, getSession } from "../server/session.server";

const TOKEN = /^[A-Za-z0-9._~+/=-]{8,512}$/;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  if (!TOKEN.test(token)) throw new Response("Not Found", { status: 404 });
  const session = await getSession(request);
  for (const key of ["openId", "nickname", "avatar", "grayScaleMode", "secretDoor", "clauseChecked"] as const) session.unset(key);
  session.set("token", token);
  return redirect("/mycoupon?entry=token", { headers: { "Set-Cookie": await commitSession(session) } });
}

/**
 * The bare origin: on to home, keeping any login parameters the host put on the URL. A login code
 * counts against the client's login entries here too (app/server/rate-limit.server.ts).
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { hasLoginParams } from "../lib/session-start/login-params";
import { countAgainst } from "../server/rate-limit.server";

export async function loader(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  if (hasLoginParams(url)) await countAgainst(args, "login", "page");
  return redirect(`/index${url.search}`);
}

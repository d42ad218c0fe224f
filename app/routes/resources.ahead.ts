/**
 * A screen's data asked for on the tap's first touch, beside the screen's module rather than after
 * it (docs/decisions/066-data-asked-beside-the-module.md):
 * `GET /resources/ahead?to=/coupon_details/40` answers what the page's own loader would, as JSON,
 * for the routes of app/server/data-ahead.server.ts (every route the page asks ahead, app/lib/intent-data.ts
 * `INTENT_ROUTES`). A route's `clientLoader` runs only once its module has loaded, so a tap on a
 * page whose code is not at hand would otherwise wait for the module before asking for the data.
 *
 * The load is the page's own, with the member's session and the page's address (its query included),
 * so it makes the calls the tap's navigation would have made, once. Where the page would send the
 * member instead (to sign in again after 'not login', the error route after the gateway's failure, an
 * order's own address) is answered 202 with `X-Remix-Redirect`, as Remix's single fetch answers a
 * redirect to a fetch, and the page's cookies: the tap follows it, a touch alone does not. Anything
 * else the page would answer (a 404) is a 204: the tap then asks the page itself, which answers it as
 * a page does. Never cached: a member's data.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { isApiError } from "#core/api/errors";
import { routeOfPath } from "../route-tree";
import { mallContext } from "../server/context.server";
import { DATA_AHEAD } from "../server/data-ahead.server";
import { PRIVATE_CACHE_CONTROL } from "../server/private-replies.server";
import { resourceJson } from "../server/resource-response.server";
import { withSession } from "../server/session.server";

/** A path of the mall, with its query: never another origin, never a protocol-relative address. */
const To = z
  .string()
  .max(512)
  .regex(/^\/(?![/\\])/);

const headers = { "Cache-Control": PRIVATE_CACHE_CONTROL };
const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const to = To.safeParse(new URL(request.url).searchParams.get("to"));
  const target = to.success ? new URL(to.data, request.url) : null;
  const match = target && target.origin === new URL(request.url).origin ? routeOfPath(target.pathname) : null;
  const load = match && Object.hasOwn(DATA_AHEAD, match.id) ? DATA_AHEAD[match.id] : undefined;
  if (!target || !match || !load) return Response.json({ ok: false, code: "BAD_REQUEST" }, { status: 400, headers });
  // The page's request: its address, and the member's headers (the session, the language, the location).
  const page = new Request(target, { headers: request.headers, signal: request.signal });
  const args = { request: page, params: match.params, context };
  // The request's context is first asked for here, so it is made from the page's request: the page's
  // address is what sign-in comes back to and what the error route's refresh reopens.
  const mall = await mallContext(args);
  try {
    return await resourceJson(mall, await load(args), { headers });
  } catch (error) {
    if (!(error instanceof Response) && !isApiError(error)) throw error;
    const redirect = error instanceof Response && REDIRECTS.has(error.status) ? error : null;
    const location = redirect?.headers.get("Location");
    if (redirect && location) {
      // Where the page sends the member (to sign in again, the error route, an order's own address),
      // with the cookies it sets on the way (the cleared session, the sign-in loop's guard).
      const sent = new Headers({ ...headers, "X-Remix-Redirect": location });
      for (const line of redirect.headers.getSetCookie()) sent.append("Set-Cookie", line);
      return withSession(mall, new Response(null, { status: 202, headers: sent }));
    }
    return withSession(mall, new Response(null, { status: 204, headers }));
  }
}

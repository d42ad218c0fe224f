/**
 * Resource routes answer with real Responses: under single fetch Remix re-wraps anything else from
 * a resource route and drops its headers (Set-Cookie, CORS). `json` keeps the body's type for
 * `useFetcher<typeof action>`.
 */
import { json } from "@remix-run/node";

export function resourceJson<T>(body: T, init?: ResponseInit) {
  return json(body, init);
}

/** The loader of a resource route that only takes POST: 405, without an error in the server log. */
export function postOnly() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}

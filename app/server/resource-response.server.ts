/**
 * Resource routes answer with real Responses: under single fetch Remix re-wraps anything else from
 * a resource route and drops its headers (Set-Cookie, CORS). `json` keeps the body's type for
 * `useFetcher<typeof action>`. Remix sends a resource route's Response as it was made, so the
 * request's session changes ride on it here (session.server.ts `withSession`).
 */
import { json } from "@remix-run/node";
import { withSession, type MallSession } from "./session.server";

/** A resource route's JSON answer, with the session's changes when `scope` is the request's mall context. */
export async function resourceJson<T>(scope: { session: MallSession } | null, body: T, init?: ResponseInit) {
  const response = json(body, init);
  return scope ? ((await withSession(scope, response)) as typeof response) : response;
}

/** The loader of a resource route that only takes POST: 405, without an error in the server log. */
export function postOnly() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}

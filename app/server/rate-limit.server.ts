/**
 * The routes that count their own requests against a limit per client (server/rate-limit.ts: login
 * entries, the task widget's route, the picture route). A page over its limit goes to the spec's error
 * route ('Overwhelming Response'), as a gateway's 429 does (gateway.server.ts `errorRoutePath`), with
 * Retry-After; a resource answers a short 429.
 */
import { redirect, type AppLoadContext } from "@remix-run/node";
import type { RouteBucket } from "./services.server";

/** Counts this request in `bucket`; throws the refusal when the client is over the bucket's limit. */
export async function countAgainst({ request, context }: { request: Request; context: AppLoadContext }, bucket: RouteBucket, answer: "page" | "resource"): Promise<void> {
  const retryAfter = await context.services.rateLimit(bucket, context.clientAddress);
  if (retryAfter === null) return;
  const headers = { "Retry-After": String(retryAfter), "Cache-Control": "no-store" };
  if (answer === "page") {
    const search = new URLSearchParams({ code: "RATE_LIMITED", from: new URL(request.url).pathname.slice(0, 512) });
    throw redirect(`/error?${search}`, { status: 303, headers });
  }
  throw Response.json({ ok: false, code: "RATE_LIMITED" }, { status: 429, headers });
}

/**
 * The gateway's time for the page's server clock (lib/time/server-clock.ts): GET, for anyone, never
 * cached. The page measures the round trip of this request and reads the time at its middle. The
 * server's own reading is carried on its monotonic clock for a while (gateway.server.ts `gatewayClocks`).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { isApiError } from "#core/api/errors";
import { getRequestContext } from "../server/gateway.server";
import { resourceJson } from "../server/resource-response.server";

export async function loader({ request, context: loadContext }: LoaderFunctionArgs) {
  const context = await getRequestContext(request, loadContext);
  const noStore = { "Cache-Control": "no-store" };
  try {
    const sysTime = await context.readGatewayClock();
    return resourceJson({ ok: true as const, sysTime }, { headers: noStore });
  } catch (error) {
    if (isApiError(error)) return resourceJson({ ok: false as const }, { status: 502, headers: noStore });
    throw error;
  }
}

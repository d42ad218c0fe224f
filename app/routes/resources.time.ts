/**
 * The gateway's time for the page's server clock (lib/time/server-clock.ts): GET, for anyone, never
 * cached. The page measures the round trip of this request and reads the time at its middle. The
 * server's own reading is carried on its monotonic clock for a while (app/server/cache/gateway-clock.server.ts).
 */
import type { RouteHandle } from "../screen-handle";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { isApiError } from "#core/api/errors";
import { resourceJson } from "../server/resource-response.server";

export const handle: RouteHandle = { calls: { loader: ["systemTime"] } };

export async function loader({ context }: LoaderFunctionArgs) {
  const noStore = { "Cache-Control": "no-store" };
  try {
    const sysTime = await context.api.readGatewayClock();
    return resourceJson({ ok: true as const, sysTime }, { headers: noStore });
  } catch (error) {
    if (isApiError(error)) return resourceJson({ ok: false as const }, { status: 502, headers: noStore });
    throw error;
  }
}

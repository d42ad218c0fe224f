/**
 * The gateway's time for the page's server clock (lib/time/server-clock.ts): GET, for anyone, never
 * cached. The page measures the round trip of this request and reads the time at its middle. The
 * server's own reading is carried on its monotonic clock for a while (app/server/cache/gateway-clock.server.ts).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { isApiError } from "#core/api/errors";
import { resourceJson } from "../server/resource-response.server";
import { mallContext } from "../server/context.server";

export async function loader(args: LoaderFunctionArgs) {
  const mall = await mallContext(args);
  const noStore = { "Cache-Control": "no-store" };
  try {
    const sysTime = await mall.api.raw.gatewayTime();
    return resourceJson(mall, { ok: true as const, sysTime }, { headers: noStore });
  } catch (error) {
    if (isApiError(error)) return resourceJson(mall, { ok: false as const }, { status: 502, headers: noStore });
    throw error;
  }
}

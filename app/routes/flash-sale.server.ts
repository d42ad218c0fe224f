/** The flash sale's data: its loader's, which a touch on a link to it also asks for ahead (routes/resources.ahead.ts). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { flashSales } from "#core/api/promotion-endpoints";
import { mallContext } from "../server/context.server";
import { requireMember } from "../server/member.server";

/** The sale's sessions and the gateway's time. */
export async function flashSaleData(args: Pick<LoaderFunctionArgs, "request" | "params" | "context">) {
  const mall = await mallContext(args);
  await requireMember(mall);
  const [sale, time] = await Promise.all([mall.api.call(flashSales, {}), mall.api.gatewayTime()]);
  return { sessions: sale.sessions, now: time };
}

/** The seckill's data: its loader's, which a touch on a link to it also asks for ahead (routes/resources.ahead.ts). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { seckillInfo, seckillProduct } from "#core/api/promotion-endpoints";
import { mallContext } from "../server/context.server";
import { orNotFound } from "../server/gateway.server";
import { idParam } from "../server/params.server";

const SHARE_PATH = "/seckill_share";

/** The sessions, the item the address names (if any) and the gateway's time. */
export async function seckillData(args: Pick<LoaderFunctionArgs, "request" | "params" | "context">) {
  const { params } = args;
  const mall = await mallContext(args);
  const gray = mall.member?.grayScaleMode ? 1 : 0;
  const itemId = params.id === undefined ? null : idParam(params.id);
  const [info, product, time] = await Promise.all([
    mall.api.call(seckillInfo, { gray }),
    itemId === null ? Promise.resolve(null) : orNotFound(mall.api.call(seckillProduct, { id: itemId, gray })),
    mall.api.gatewayTime(),
  ]);
  return { sessions: info.sessions, product, now: time, shared: mall.url.pathname === SHARE_PATH, signedIn: mall.member !== null };
}

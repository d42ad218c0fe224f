/** A store's data: its loader's, which a touch on a link to it also asks for ahead (routes/resources.ahead.ts). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { storeInformation } from "#core/api/catalog-endpoints";
import { collectionCheck } from "#core/api/shop-endpoints";
import { catalogNear } from "../server/catalog.server";
import { mallContext } from "../server/context.server";
import { orNotFound } from "../server/gateway.server";
import { idParam } from "../server/params.server";

/** The store, its offers and branches, the gateway's time and which offers are the member's favourites. */
export async function storeData(args: Pick<LoaderFunctionArgs, "request" | "params" | "context">) {
  const { request, params } = args;
  const mall = await mallContext(args);
  const id = idParam(params.id);
  const { near } = await catalogNear(request);
  const [detail, time] = await Promise.all([orNotFound(mall.api.call(storeInformation, { id, ...near })), mall.api.gatewayTime()]);
  // A member sees which of the store's offers are their favourites (the store's reply is the same for everyone).
  const ids = detail.offers.slice(0, 100).map((offer) => offer.id);
  const collected = mall.member ? (ids.length > 0 ? (await mall.api.call(collectionCheck, { offerIds: ids.join(",") })).collected : []) : null;
  return { ...detail, now: time, collected };
}

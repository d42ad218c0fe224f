/** The favourites' data: their loader's, which a touch on a link to them also asks for ahead (routes/resources.ahead.ts). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { FavouriteTabSchema, favouriteList } from "#core/api/shop-endpoints";
import { mallContext } from "../server/context.server";
import { FAILED_FIRST_PAGE, firstPage } from "../server/first-page.server";
import { requireMember } from "../server/member.server";
import { WALLET_PAGE_SIZE } from "./resources.wallet";

/** The tab's first page of favourites, the tabs' counts and the gateway's time. */
export async function favouritesData(args: Pick<LoaderFunctionArgs, "request" | "params" | "context">) {
  const { request } = args;
  const mall = await mallContext(args);
  await requireMember(mall);
  const tab = FavouriteTabSchema.catch("coupons").parse(new URL(request.url).searchParams.get("tab") ?? "coupons");
  // A tab whose list fails to load says so in place (app/server/first-page.server.ts); its counts stay as they were.
  const [favourites, time] = await Promise.all([firstPage(mall.api, () => mall.api.raw.call(favouriteList, { tab, page: 1, size: WALLET_PAGE_SIZE })), mall.api.gatewayTime()]);
  const list = favourites ? { items: favourites.list, page: favourites.page, hasMore: favourites.hasMore } : FAILED_FIRST_PAGE;
  return { tab, counts: favourites?.counts ?? null, list, now: time };
}

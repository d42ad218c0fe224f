/**
 * More pages of an offer list, for the infinite lists of home and of the search and category
 * listings. The same for every member (the location travels in the query), so browsers may cache it.
 * A failure answers { ok: false } for the list to offer 'load failed, tap to reload'.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { recommendList, searchProduct } from "#core/api/catalog-endpoints";
import { isApiError } from "#core/api/errors";
import { OFFER_PAGE_SIZE, homeListRequest } from "../lib/catalog/filters";
import { cardData } from "../lib/catalog/card-data";
import { resourceJson } from "../server/resource-response.server";
import { mallContext, type MallContext } from "../server/context.server";

const Near = { lat: recommendList.request.shape.lat, lng: recommendList.request.shape.lng };

/**
 * A further page of home's list (its tab, order and filter ranges, as home's address carries them:
 * lib/catalog/filters.ts) or of a search or category listing (the search's own query, as the registry
 * declares it: `searchProduct`, but for the page size, which is the mall's).
 */
const QuerySchema = z.discriminatedUnion("list", [
  z.object({
    list: z.literal("home"),
    tab: recommendList.request.shape.tab,
    order: recommendList.request.shape.order,
    mcoin: z.string().max(20).optional(),
    price: z.string().max(20).optional(),
    page: recommendList.request.shape.page,
    ...Near,
  }),
  searchProduct.request.omit({ size: true }).extend({ list: z.literal("search") }),
]);

export async function loader(args: LoaderFunctionArgs) {
  const { request } = args;
  const mall = await mallContext(args);
  const query = QuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return resourceJson(mall, { ok: false as const, code: "BAD_REQUEST" }, { status: 400 });
  const asked = query.data;
  try {
    const pending = asked.list === "home" ? mall.api.raw.reply(recommendList, homeListRequest(asked, asked.page, { lat: asked.lat, lng: asked.lng })) : searchPage(mall, asked);
    const [page, time] = await Promise.all([pending, mall.api.raw.gatewayTime()]);
    // What the cards show of each offer (lib/catalog/card-data.ts).
    const offers = { list: page.data.list.map(cardData), page: page.data.page, hasMore: page.data.hasMore };
    return resourceJson(mall, { ok: true as const, page: offers, now: time }, { headers: { "Cache-Control": "public, max-age=60" } });
  } catch (error) {
    if (!isApiError(error)) throw error;
    return resourceJson(mall, { ok: false as const, code: error.code }, { headers: { "Cache-Control": "no-store" } });
  }
}

/** A further page of a search or category listing: the query as the registry declares it, the page size the mall's. */
function searchPage(mall: MallContext, { list: _list, keyword, ...search }: Extract<z.infer<typeof QuerySchema>, { list: "search" }>) {
  return mall.api.raw.reply(searchProduct, { ...search, keyword: keyword || undefined, size: OFFER_PAGE_SIZE });
}

/**
 * More pages of an offer list, for the infinite lists of home and of the search and category
 * listings. The same for every member (the location travels in the query), so browsers may cache it.
 * A failure answers { ok: false } for the list to offer 'load failed, tap to reload'.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { HOME_TABS, SEARCH_SORTS, recommendList, searchProduct } from "#core/api/catalog-endpoints";
import { isApiError } from "#core/api/errors";
import { OFFER_PAGE_SIZE, homeListRequest } from "../lib/catalog/filters";
import { cardData } from "../lib/catalog/card-data";
import { resourceJson } from "../server/resource-response.server";
import { mallContext } from "../server/context.server";

const Near = { lat: z.coerce.number().min(-90).max(90).optional(), lng: z.coerce.number().min(-180).max(180).optional() };
const Page = z.coerce.number().int().min(1).max(1000);

const QuerySchema = z.discriminatedUnion("list", [
  z.object({
    list: z.literal("home"),
    tab: z.enum(HOME_TABS).default("nearby"),
    order: z.enum(["asc", "desc"]).default("asc"),
    mcoin: z.string().max(20).optional(),
    price: z.string().max(20).optional(),
    page: Page,
    ...Near,
  }),
  z.object({
    list: z.literal("search"),
    keyword: z.string().trim().max(60).optional(),
    categoryId: z.coerce.number().int().positive().optional(),
    districtId: z
      .string()
      .regex(/^[a-z0-9-]{1,40}$/)
      .optional(),
    sort: z.enum(SEARCH_SORTS).default("popularity"),
    page: Page,
    ...Near,
  }),
]);

export async function loader(args: LoaderFunctionArgs) {
  const { request } = args;
  const mall = await mallContext(args);
  const query = QuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return resourceJson(mall, { ok: false as const, code: "BAD_REQUEST" }, { status: 400 });
  const near = { lat: query.data.lat, lng: query.data.lng };
  try {
    const pending =
      query.data.list === "home"
        ? mall.api.raw.reply(recommendList, homeListRequest(query.data, query.data.page, near))
        : mall.api.raw.reply(searchProduct, {
            keyword: query.data.keyword || undefined,
            categoryId: query.data.categoryId,
            districtId: query.data.districtId,
            sort: query.data.sort,
            page: query.data.page,
            size: OFFER_PAGE_SIZE,
            ...near,
          });
    const [page, time] = await Promise.all([pending, mall.api.raw.gatewayTime()]);
    // What the cards show of each offer (lib/catalog/card-data.ts).
    const offers = { list: page.data.list.map(cardData), page: page.data.page, hasMore: page.data.hasMore };
    return resourceJson(mall, { ok: true as const, page: offers, now: time }, { headers: { "Cache-Control": "public, max-age=60" } });
  } catch (error) {
    if (!isApiError(error)) throw error;
    return resourceJson(mall, { ok: false as const, code: error.code }, { headers: { "Cache-Control": "no-store" } });
  }
}

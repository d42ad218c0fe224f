/** A listing's data (a keyword's results or a category's offers): its loader's, which a touch on a link to it also asks for ahead (routes/resources.ahead.ts). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { classifyList, searchProduct, searchShop } from "#core/api/catalog-endpoints";
import { SEARCH_SORTS } from "#core/api/vocabulary";
import { OFFER_PAGE_SIZE } from "../lib/catalog/filters";
import { catalogNear } from "../server/catalog.server";
import { mallContext } from "../server/context.server";

const FiltersSchema = z.object({
  district: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/)
    .optional()
    .catch(undefined),
  category: z.coerce.number().int().positive().optional().catch(undefined),
  sort: z.enum(SEARCH_SORTS).catch("popularity"),
});

/** What the path names: a keyword, or a category with its title. */
function listingOf(params: { title?: string; idTitle?: string }): { title: string; keyword?: string; categoryId?: number } | null {
  if (params.idTitle !== undefined) {
    const match = /^([1-9]\d{0,8})-(.+)$/s.exec(params.idTitle);
    return match ? { title: match[2], categoryId: Number(match[1]) } : null;
  }
  const keyword = (params.title ?? "").trim().slice(0, 60);
  return keyword ? { title: keyword, keyword } : null;
}

/** The listing's first offers (and a keyword's stores), with the categories and districts to filter by. */
export async function listingData(args: Pick<LoaderFunctionArgs, "request" | "params" | "context">) {
  const { request, params } = args;
  const mall = await mallContext(args);
  const listing = listingOf(params);
  if (!listing) throw new Response("Not Found", { status: 404 });
  const url = new URL(request.url);
  const filters = FiltersSchema.parse(Object.fromEntries(url.searchParams));
  const categoryId = filters.category ?? listing.categoryId;
  const { near, location } = await catalogNear(request);
  const [offers, stores, classify, time] = await Promise.all([
    mall.api.call(searchProduct, { keyword: listing.keyword, categoryId, districtId: filters.district, sort: filters.sort, page: 1, size: OFFER_PAGE_SIZE, ...near }),
    listing.keyword ? mall.api.call(searchShop, { keyword: listing.keyword, categoryId, districtId: filters.district, page: 1, size: 10, ...near }) : Promise.resolve(null),
    mall.api.catalog(classifyList),
    mall.api.gatewayTime(),
  ]);
  // A category's title in the member's language, whatever language its address was written in
  // (home links to /classifys/1-餐飲美食 in Chinese); an unknown id keeps the address's title.
  const named = listing.keyword === undefined ? classify.categories.find((category) => category.id === listing.categoryId) : undefined;
  return {
    title: named?.name ?? listing.title,
    keyword: listing.keyword ?? null,
    categoryId: categoryId ?? null,
    district: filters.district ?? null,
    sort: filters.sort,
    location,
    offers,
    stores: stores?.list ?? [],
    categories: classify.categories,
    districts: classify.districts,
    now: time,
  };
}

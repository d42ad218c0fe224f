/** The search screen's data: its loader's, which a touch on a link to it also asks for ahead (routes/resources.ahead.ts). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { popularSearches, searchHistory } from "#core/api/catalog-endpoints";
import { mallContext } from "../server/context.server";
import { RECENT_SHOWN } from "../lib/catalog/recent-searches";

/** The popular searches, the member's recent ones (none for a visitor) and the word the address carries. */
export async function searchData(args: Pick<LoaderFunctionArgs, "request" | "params" | "context">) {
  const { request } = args;
  const mall = await mallContext(args);
  const [popular, history] = await Promise.all([mall.api.call(popularSearches), mall.member ? mall.api.call(searchHistory) : Promise.resolve({ keywords: [] as string[] })]);
  return { popular: popular.keywords, history: history.keywords.slice(0, RECENT_SHOWN), keyword: new URL(request.url).searchParams.get("keyword") ?? "" };
}

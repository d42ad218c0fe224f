/**
 * More pages of the member's wallet lists: coupons by tab, orders by tab and type, refunds, mCoin
 * coupons, the mCoin ledger (all, earned or spent), favourites by tab. A failure answers { ok: false } for the list to offer 'load failed, tap to reload'.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { isApiError } from "#core/api/errors";
import { favouriteList, mcoinLedger, orderList } from "#core/api/shop-endpoints";
import { FAVOURITE_TABS, ORDER_TABS } from "#core/api/vocabulary";
import { COUPON_TABS, couponList, mcoinCouponList, refundList } from "#core/api/wallet-endpoints";
import { requireMember } from "../server/member.server";
import { resourceJson } from "../server/resource-response.server";
import { mallContext } from "../server/context.server";

const Page = z.coerce.number().int().min(1).max(1000);
const QuerySchema = z.discriminatedUnion("list", [
  z.object({ list: z.literal("coupons"), tab: z.enum(COUPON_TABS), page: Page }),
  z.object({ list: z.literal("orders"), tab: z.enum(ORDER_TABS), type: z.enum(["all", "goods", "coupon"]), page: Page }),
  z.object({ list: z.literal("refunds"), page: Page }),
  z.object({ list: z.literal("mcoin"), page: Page }),
  z.object({ list: z.literal("ledger"), direction: z.enum(["all", "earned", "spent"]), page: Page }),
  z.object({ list: z.literal("favourites"), tab: z.enum(FAVOURITE_TABS), page: Page }),
]);

export const WALLET_PAGE_SIZE = 10;

export async function loader(args: LoaderFunctionArgs) {
  const { request } = args;
  const mall = await mallContext(args);
  const query = QuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return resourceJson(mall, { ok: false as const }, { status: 400 });
  await requireMember(mall);
  const size = WALLET_PAGE_SIZE;
  const noStore = { headers: { "Cache-Control": "no-store" } };
  try {
    const { data: page } =
      query.data.list === "coupons"
        ? await mall.api.raw.reply(couponList, { tab: query.data.tab, page: query.data.page, size })
        : query.data.list === "orders"
          ? await mall.api.raw.reply(orderList, { tab: query.data.tab, type: query.data.type, page: query.data.page, size })
          : query.data.list === "refunds"
            ? await mall.api.raw.reply(refundList, { page: query.data.page, size })
            : query.data.list === "favourites"
              ? await mall.api.raw.reply(favouriteList, { tab: query.data.tab, page: query.data.page, size })
              : query.data.list === "ledger"
                ? await mall.api.raw.reply(mcoinLedger, { page: query.data.page, size, direction: query.data.direction === "all" ? undefined : query.data.direction })
                : await mall.api.raw.reply(mcoinCouponList, { page: query.data.page, size });
    return resourceJson(mall, { ok: true as const, items: page.list as unknown[], page: page.page, hasMore: page.hasMore }, noStore);
  } catch (error) {
    if (isApiError(error) && error.code === "NOT_LOGIN") throw await mall.api.failure(error);
    if (isApiError(error)) return resourceJson(mall, { ok: false as const }, noStore);
    throw error;
  }
}

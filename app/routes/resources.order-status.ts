/**
 * An order of the member's as the gateway has it now. The offer screen asks after the cashier has
 * answered: the payment result comes from this, never from the cashier's answer alone (docs/architecture.md).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { isApiError } from "#core/api/errors";
import { orderStatus } from "#core/api/shop-endpoints";
import { requireMember } from "../server/member.server";
import { resourceJson } from "../server/resource-response.server";
import { mallContext } from "../server/context.server";

const QuerySchema = z.object({ orderId: z.coerce.number().int().positive().max(999_999_999) });

export async function loader(args: LoaderFunctionArgs) {
  const { request } = args;
  const mall = await mallContext(args);
  const query = QuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return resourceJson(mall, { ok: false as const, code: "BAD_REQUEST" }, { status: 400 });
  await requireMember(mall);
  try {
    const order = await mall.api.raw.reply(orderStatus, query.data);
    return resourceJson(mall, { ok: true as const, order: order.data }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (isApiError(error) && error.code === "NOT_LOGIN") throw await mall.api.failure(error);
    if (isApiError(error))
      return resourceJson(mall, { ok: false as const, code: error.code }, { status: error.code === "NOT_FOUND" || error.code === "BUSINESS" ? 404 : 502, headers: { "Cache-Control": "no-store" } });
    throw error;
  }
}

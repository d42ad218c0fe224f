/**
 * The member's order intents, from every screen that offers them (hooks/use-order-intent.ts): cancel,
 * confirm receipt, delete, refund, redeem a code, use an mCoin coupon (app/server/order-actions.server.ts).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { orderAction } from "../server/order-actions.server";
import { postOnly, resourceJson } from "../server/resource-response.server";
import { mallContext } from "../server/context.server";

export const loader = postOnly;

export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  const mall = await mallContext(args);
  const answer = await orderAction(request, mall);
  return resourceJson(mall, answer.data, answer.init ?? undefined);
}

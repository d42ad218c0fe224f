/**
 * The member's order intents, from every screen that offers them (hooks/use-order-intent.ts): cancel,
 * confirm receipt, delete, refund, redeem a code, use an mCoin coupon (app/server/order-actions.server.ts).
 */
import type { RouteHandle } from "../screen-handle";
import type { ActionFunctionArgs } from "@remix-run/node";
import { orderAction } from "../server/order-actions.server";
import { postOnly, resourceJson } from "../server/resource-response.server";

export const handle: RouteHandle = {
  calls: {
    loader: [],
    action: { cancel: ["cancelPayment"], receive: ["confirmReceipt"], delete: ["deleteOrder"], refund: ["applyRefund"], "redeem-code": ["redeemCode"], "use-mcoin-coupon": ["useMcoinCoupon"] },
  },
};

export const loader = postOnly;

export async function action({ request, context }: ActionFunctionArgs) {
  const answer = await orderAction({ request, context });
  return resourceJson(answer.data, answer.init ?? undefined);
}

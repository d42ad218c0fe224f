/** An order's data: its loader's, which a touch on a link to it also asks for ahead (routes/resources.ahead.ts). */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { offerDetail } from "#core/api/shop-endpoints";
import { PAYMENT_TYPES } from "#core/api/vocabulary";
import { catalogNear } from "../server/catalog.server";
import { mallContext } from "../server/context.server";
import { requireMember } from "../server/member.server";
import { memberOrder } from "../server/order-actions.server";
import { idParam } from "../server/params.server";
import { PRIVATE_CACHE_CONTROL } from "../server/private-replies.server";
import { qrSvg } from "../server/qr.server";
import { withSession } from "../server/session.server";

/** The member's order, how to redeem it and where (its offer's), and each unused coupon's QR code. */
export async function orderData(args: Pick<LoaderFunctionArgs, "request" | "params" | "context">) {
  const { request, params } = args;
  const mall = await mallContext(args);
  const orderId = idParam(params.id);
  await requireMember(mall);
  const order = await memberOrder(mall, orderId);
  // A third-party voucher has its own screen, and the other screen none of its orders: an order asked
  // for at the other screen's address (a shared link, a typed one) is sent to its own, the query kept.
  const url = new URL(request.url);
  const other = url.pathname.startsWith("/other_order_details/");
  if (other !== (order.paymentType === PAYMENT_TYPES.thirdParty)) {
    // The member's own reply, as every reply of this screen (app/server/private-replies.server.ts).
    const own = { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } };
    throw await withSession(mall, redirect(`${other ? "/order_details" : "/other_order_details"}/${order.id}${url.search}`, own));
  }

  const { near } = await catalogNear(request);
  const [offer, codes] = await Promise.all([
    // How to redeem and where: the offer's; an offer gone from the catalog leaves them out.
    mall.api.raw.reply(offerDetail, { id: order.offerId, ...near }).then(
      (reply) => reply.data,
      () => null,
    ),
    Promise.all(order.coupons.filter((coupon) => coupon.status === "unused").map(async (coupon) => [coupon.id, await qrSvg(coupon.redemptionCode)] as const)),
  ]);
  return { order, usage: offer?.usage ?? null, stores: offer?.stores ?? [], qr: Object.fromEntries(codes) as Record<number, string> };
}

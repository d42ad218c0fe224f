/**
 * The offer screen's data (its loader's, which a touch on an offer's link also asks for ahead:
 * routes/resources.ahead.ts) and its actions: checkout (place the order), like and favourite; cancelling the order
 * when the member leaves the cashier is an order intent like every order's (routes/resources.order.ts).
 * One zod schema per intent; bad input is a 400 with a translated message, a refusal of the gateway a
 * 409 with the refusal translated, and neither changes anything. Checkout carries the form's
 * idempotency key to the gateway, so a double tap, a retry or a resubmitted form acts once.
 */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { basicInformation, userAddressList } from "#core/api/endpoints";
import { IDEMPOTENCY_HEADER, IdempotencyKeySchema, collectOffer, createOrder, likeOffer, offerDetail, type Order } from "#core/api/shop-endpoints";
import { MAX_PIECES_PER_ORDER } from "#core/money/purchase";
import { catalogNear } from "../server/catalog.server";
import { mallContext, type MallContext } from "../server/context.server";
import { orNotFound } from "../server/gateway.server";
import { idParam } from "../server/params.server";
import { BUY_PARAM } from "./coupon-details/purchase-choice";
import { parseForm } from "../server/forms.server";
import { requireMember } from "../server/member.server";
import { fixedT } from "../server/i18n.server";
import { refusable, refused, type OrderActionResult } from "../server/order-actions.server";

/** The offer, the member's balance, the gateway's time and where delivery goods would go. */
export async function offerData(args: Pick<LoaderFunctionArgs, "request" | "params" | "context">) {
  const { request, params } = args;
  const mall = await mallContext(args);
  const id = idParam(params.id);
  if (new URL(request.url).searchParams.has(BUY_PARAM)) await requireMember(mall);
  const { near } = await catalogNear(request);
  const [offer, info, time, addresses] = await Promise.all([
    orNotFound(mall.api.call(offerDetail, { id, ...near })),
    mall.member ? mall.api.shared(basicInformation) : Promise.resolve(null),
    mall.api.gatewayTime(),
    // Where delivery goods would go: the member's default address (the checkout shows it).
    mall.member
      ? mall.api.call(userAddressList).then(
          (reply) => reply.snatchList,
          () => null,
        )
      : Promise.resolve(null),
  ]);
  const address = offer.fulfilment === "delivery" && addresses ? (addresses.find((item) => item.isDefault === 1) ?? addresses[0] ?? null) : null;
  return { offer, balance: info ? info.point : null, now: time, address };
}

const Flag = z.enum(["0", "1"]).transform((value) => value === "1");

const OfferActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("checkout"),
    quantity: z.coerce.number().int().min(1).max(MAX_PIECES_PER_ORDER),
    mcoinUsed: z.coerce.number().int().min(0).max(100_000_000),
    adult: Flag.default(false),
    addressId: z.coerce.number().int().positive().max(999_999_999).optional(),
    idempotencyKey: IdempotencyKeySchema,
  }),
  z.object({ intent: z.literal("like"), liked: Flag }),
  z.object({ intent: z.literal("collect"), collected: Flag }),
]);

export type OfferActionResult =
  | { ok: true; intent: "checkout"; order: Order }
  | { ok: true; intent: "like"; liked: boolean; likes: number }
  | { ok: true; intent: "collect"; collected: boolean }
  | Extract<OrderActionResult, { ok: false }>;

export async function offerAction(request: Request, context: MallContext, offerId: number) {
  await requireMember(context);
  const t = await fixedT(context.locale);
  const form = await parseForm(request, OfferActionSchema);
  if (!form.success) return refused(null, null, t("offer.invalidForm"), 400);
  const input = form.data;

  const result = await refusable(t, input.intent, async (): Promise<OfferActionResult> => {
    switch (input.intent) {
      case "checkout": {
        const { quantity, mcoinUsed, adult, addressId, idempotencyKey } = input;
        return { ok: true, intent: "checkout", order: await context.api.call(createOrder, { offerId, quantity, mcoinUsed, adult, addressId }, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }) };
      }
      case "like":
        return { ok: true, intent: "like", ...(await context.api.call(likeOffer, { offerId, liked: input.liked })) };
      case "collect":
        return { ok: true, intent: "collect", ...(await context.api.call(collectOffer, { offerId, collected: input.collected })) };
    }
  });
  if (!result.ok) return result.response;
  return data(result.value);
}

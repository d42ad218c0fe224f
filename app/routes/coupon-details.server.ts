/**
 * The offer screen's actions: checkout (place the order), cancel its payment, like, favourite. One zod
 * schema per intent; bad input is a 400 with a translated message, a refusal of the gateway a 409
 * with the refusal translated, and neither changes anything. Checkout and cancel carry the form's
 * idempotency key to the gateway, so a double tap, a retry or a resubmitted form acts once.
 */
import { data } from "@remix-run/node";
import { z } from "zod";
import { isApiError } from "../lib/api/errors";
import {
  IDEMPOTENCY_HEADER,
  IdempotencyKeySchema,
  cancelPayment,
  collectOffer,
  createOrder,
  likeOffer,
  shopRefusal,
  type Order,
  type ShopRefusal,
} from "../lib/api/shop-endpoints";
import { MAX_PIECES_PER_ORDER } from "../lib/money/purchase";
import { parseForm } from "../server/forms.server";
import { requireMember } from "../server/gateway.server";
import { i18n } from "../server/i18n.server";

const Flag = z.enum(["0", "1"]).transform((value) => value === "1");

const OfferActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("checkout"),
    quantity: z.coerce.number().int().min(1).max(MAX_PIECES_PER_ORDER),
    mcoinUsed: z.coerce.number().int().min(0).max(100_000_000),
    adult: Flag.default(false),
    idempotencyKey: IdempotencyKeySchema,
  }),
  z.object({ intent: z.literal("cancel"), orderId: z.coerce.number().int().positive().max(999_999_999), idempotencyKey: IdempotencyKeySchema }),
  z.object({ intent: z.literal("like"), liked: Flag }),
  z.object({ intent: z.literal("collect"), collected: Flag }),
]);

type Intent = z.infer<typeof OfferActionSchema>["intent"];

export type OfferActionResult =
  | { ok: true; intent: "checkout" | "cancel"; order: Order }
  | { ok: true; intent: "like"; liked: boolean; likes: number }
  | { ok: true; intent: "collect"; collected: boolean }
  | { ok: false; intent: Intent | null; reason: ShopRefusal | null; message: string };

export async function offerAction(request: Request, offerId: number) {
  const context = await requireMember(request);
  const t = await i18n.getFixedT(context.locale);
  const refused = (intent: Intent | null, reason: ShopRefusal | null, message: string, status: number) =>
    data<OfferActionResult>({ ok: false, intent, reason, message }, { status });

  const form = await parseForm(request, OfferActionSchema);
  if (!form.success) return refused(null, null, t("offer.invalidForm"), 400);
  const input = form.data;
  const withKey = (key: string) => ({ headers: { [IDEMPOTENCY_HEADER]: key } });

  try {
    let result: OfferActionResult;
    switch (input.intent) {
      case "checkout": {
        const { quantity, mcoinUsed, adult, idempotencyKey } = input;
        result = { ok: true, intent: "checkout", order: await context.call(createOrder, { offerId, quantity, mcoinUsed, adult }, withKey(idempotencyKey)) };
        break;
      }
      case "cancel":
        result = { ok: true, intent: "cancel", order: await context.call(cancelPayment, { orderId: input.orderId }, withKey(input.idempotencyKey)) };
        break;
      case "like":
        result = { ok: true, intent: "like", ...(await context.call(likeOffer, { offerId, liked: input.liked })) };
        break;
      case "collect":
        result = { ok: true, intent: "collect", ...(await context.call(collectOffer, { offerId, collected: input.collected })) };
        break;
    }
    return data(result, { headers: await context.headers() });
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.code === "NOT_FOUND") return refused(input.intent, "TAKEN_DOWN", t("shop.refusal.TAKEN_DOWN"), 404);
    if (error.code === "BUSINESS") {
      const reason = shopRefusal(error.body);
      return refused(input.intent, reason, reason ? t(`shop.refusal.${reason}`) : t("common.requestFailed"), 409);
    }
    throw error;
  }
}

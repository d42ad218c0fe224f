/**
 * Favouriting an offer from a list (favourites, a store's offers): one intent, `collect`, with the
 * offer and whether it is now a favourite. Bad input is a 400 with a translated message, a refusal
 * of the gateway (an offer that does not exist: 'This offer is no longer available.') a 404, and
 * neither changes anything; a failing gateway goes where every page sends it. Signing in
 * first: a visitor is sent to sign in.
 */
import { data, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { collectOffer } from "#core/api/shop-endpoints";
import { parseForm } from "./forms.server";
import { requireMember } from "./member.server";
import { fixedT } from "./i18n.server";
import { isApiError } from "#core/api/errors";
import { mallContext } from "./context.server";
import { refused } from "./order-actions.server";

const FavouriteActionSchema = z.object({
  intent: z.literal("collect"),
  offerId: z.coerce.number().int().positive().max(999_999_999),
  collected: z.enum(["0", "1"]).transform((value) => value === "1"),
});

export type FavouriteActionResult = { ok: true; offerId: number; collected: boolean } | { ok: false; message: string };

export async function favouriteAction(args: Pick<ActionFunctionArgs, "request" | "context">) {
  const { request } = args;
  const context = await mallContext(args);
  await requireMember(context);
  const t = await fixedT(context.locale);
  const form = await parseForm(request, FavouriteActionSchema);
  if (!form.success) return refused(null, null, t("offer.invalidForm"), 400);
  const { offerId, collected } = form.data;
  try {
    const reply = await context.api.call(collectOffer, { offerId, collected });
    return data({ ok: true as const, offerId, collected: reply.collected });
  } catch (error) {
    // An offer the gateway does not know (any more) cannot be a favourite: the spec's 'no longer available'.
    if (isApiError(error) && error.code === "NOT_FOUND") return refused("collect", "TAKEN_DOWN", t("shop.refusal.TAKEN_DOWN"), 404);
    if (isApiError(error) && error.code === "BUSINESS") return refused("collect", null, t("common.requestFailed"), 409);
    throw error;
  }
}

/**
 * What a member can do with their orders and coupons, from every screen that offers it, through one
 * resource route (routes/resources.order.ts, sent by hooks/use-order-intent.ts): cancel an unpaid
 * order (also when the member leaves the cashier), delete a finished one, confirm receipt of goods,
 * apply for a refund, redeem a code, use an mCoin coupon. The refund form also posts to its own screen,
 * so that it works without JavaScript (`refundAction`). One zod schema per intent, each carrying the
 * idempotency key of the form that sent it; bad input is a 400 with a translated message, a refusal of
 * the gateway a 409 (404 for an order that is not the member's) with the refusal translated, and
 * neither changes anything.
 */
import { data, redirect } from "@remix-run/node";
import type { TFunction } from "i18next";
import { z } from "zod";
import { OUTCOME_UNKNOWN_CODES, isApiError } from "#core/api/errors";
import {
  IDEMPOTENCY_HEADER,
  IdempotencyKeySchema,
  REFUND_PHOTOS_MAX,
  REFUND_REMARKS_MAX,
  RefundPhotoIdSchema,
  RefundReasonSchema,
  cancelPayment,
  orderStatus,
  shopRefusal,
  type Order,
  type Refund,
  type ShopRefusal,
} from "#core/api/shop-endpoints";
import { applyRefund, confirmReceipt, deleteOrder, redeemCode, useMcoinCoupon, type McoinCoupon } from "#core/api/wallet-endpoints";
import { apiTimeoutMs } from "./config.server";
import { parseForm } from "./forms.server";
import type { MallContext } from "./context.server";
import { withSession } from "./session.server";
import { requireMember } from "./member.server";
import { fixedT } from "./i18n.server";

const OrderId = z.coerce.number().int().positive().max(999_999_999);
const Key = { idempotencyKey: IdempotencyKeySchema };

/** A refund asked for the order `orderId` (the refund form names the order by its path instead). */
const RefundIntentSchema = z.object({
  intent: z.literal("refund"),
  orderId: OrderId,
  reason: RefundReasonSchema,
  remarks: z.string().trim().max(REFUND_REMARKS_MAX).default(""),
  /** The photos sent for it (/resources/refund-photo), their ids separated by commas. */
  photoIds: z
    .string()
    .max(REFUND_PHOTOS_MAX * 40)
    .default("")
    .transform((ids) => ids.split(",").filter(Boolean))
    .pipe(z.array(RefundPhotoIdSchema).max(REFUND_PHOTOS_MAX)),
  /** The member confirmed that the coupons become invalid, irreversibly. */
  confirmed: z.literal("1"),
  ...Key,
});

export const OrderIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("cancel"), orderId: OrderId, ...Key }),
  z.object({ intent: z.literal("delete"), orderId: OrderId, ...Key }),
  z.object({ intent: z.literal("receive"), orderId: OrderId, ...Key }),
  RefundIntentSchema,
  z.object({
    intent: z.literal("redeem-code"),
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{4,32}$/),
    ...Key,
  }),
  z.object({ intent: z.literal("use-mcoin-coupon"), couponId: OrderId, ...Key }),
]);
export type OrderIntent = z.infer<typeof OrderIntentSchema>;

export type OrderActionResult =
  | { ok: true; intent: "cancel" | "receive"; order: Order }
  | { ok: true; intent: "delete" }
  | { ok: true; intent: "refund"; refund: Refund }
  | { ok: true; intent: "redeem-code"; gift: Order | null; mcoinCoupon: McoinCoupon | null }
  | { ok: true; intent: "use-mcoin-coupon"; mcoinCoupon: McoinCoupon; balance: number }
  | {
      ok: false;
      intent: string | null;
      reason: ShopRefusal | null;
      message: string;
      fieldErrors?: Record<string, string>;
      /** The gateway may have acted: send the same form (and key) again to find out, never a new one. */
      unconfirmed?: true;
    };

/** A 4xx answer that changes nothing. */
export function refused(intent: string | null, reason: ShopRefusal | null, message: string, status: number, fieldErrors?: Record<string, string>) {
  return data<OrderActionResult>({ ok: false, intent, reason, message, fieldErrors }, { status });
}

/**
 * Runs a state change at the gateway; a refusal becomes a translated 409 (or 404 for an order that is
 * not the member's), and 'not login' or a failing gateway go where every page sends them. A keyed
 * state change whose outcome is unknown (gateway.server.ts, `failure`) is answered in place, 504
 * for a timeout and 502 otherwise, so the member's retry sends the same idempotency key.
 */
export async function refusable<T>(t: TFunction, intent: string, run: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; response: ReturnType<typeof refused> }> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (OUTCOME_UNKNOWN_CODES.has(error.code)) {
      const timedOut = error.code === "TIMEOUT";
      const message = timedOut ? t("common.unconfirmedTimeout", { ms: apiTimeoutMs }) : t("common.unconfirmed");
      return { ok: false, response: data<OrderActionResult>({ ok: false, intent, reason: null, message, unconfirmed: true }, { status: timedOut ? 504 : 502 }) };
    }
    const reason = shopRefusal(error.body);
    if (error.code === "NOT_FOUND") return { ok: false, response: refused(intent, reason ?? "ORDER_NOT_FOUND", t(`shop.refusal.${reason ?? "ORDER_NOT_FOUND"}`), 404) };
    if (error.code === "BUSINESS") return { ok: false, response: refused(intent, reason, reason ? t(`shop.refusal.${reason}`) : t("common.requestFailed"), 409) };
    throw error;
  }
}

/** The member's order `orderId` as the gateway has it now; another member's, or none, is the route's 404. */
export async function memberOrder(context: MallContext, orderId: number): Promise<Order> {
  try {
    return await context.api.call(orderStatus, { orderId });
  } catch (error) {
    if (isApiError(error) && (error.code === "NOT_FOUND" || shopRefusal(error.body) === "ORDER_NOT_FOUND")) throw new Response("Not Found", { status: 404 });
    throw error;
  }
}

/** Performs one order intent for the member of `context`. */
export async function runOrderIntent(context: MallContext, input: OrderIntent) {
  const t = await fixedT(context.locale);
  const key = { headers: { [IDEMPOTENCY_HEADER]: input.idempotencyKey } };
  const { api } = context;

  switch (input.intent) {
    case "cancel":
    case "receive": {
      const call = input.intent === "cancel" ? () => api.call(cancelPayment, { orderId: input.orderId }, key) : () => api.call(confirmReceipt, { orderId: input.orderId }, key);
      const result = await refusable(t, input.intent, call);
      return result.ok ? data<OrderActionResult>({ ok: true, intent: input.intent, order: result.value }) : result.response;
    }
    case "delete": {
      const result = await refusable(t, input.intent, () => api.call(deleteOrder, { orderId: input.orderId }, key));
      return result.ok ? data<OrderActionResult>({ ok: true, intent: "delete" }) : result.response;
    }
    case "refund": {
      if (input.reason === "other" && !input.remarks) return refused("refund", null, t("refund.remarksRequired"), 400, { remarks: t("refund.remarksRequired") });
      const result = await refusable(t, "refund", () => api.call(applyRefund, { orderId: input.orderId, reason: input.reason, remarks: input.remarks, photoIds: input.photoIds }, key));
      return result.ok ? data<OrderActionResult>({ ok: true, intent: "refund", refund: result.value }) : result.response;
    }
    case "redeem-code": {
      const result = await refusable(t, input.intent, () => api.call(redeemCode, { code: input.code }, key));
      if (!result.ok) return result.response;
      const redeemed = result.value;
      return data<OrderActionResult>({
        ok: true,
        intent: "redeem-code",
        gift: redeemed.kind === "coupon" ? redeemed.order : null,
        mcoinCoupon: redeemed.kind === "mcoin" ? redeemed.mcoinCoupon : null,
      });
    }
    case "use-mcoin-coupon": {
      const result = await refusable(t, input.intent, () => api.call(useMcoinCoupon, { couponId: input.couponId }, key));
      return result.ok ? data<OrderActionResult>({ ok: true, intent: "use-mcoin-coupon", ...result.value }) : result.response;
    }
  }
}

/** Reads and performs the order intent a form sent (routes/resources.order.ts). */
export async function orderAction(request: Request, context: MallContext) {
  await requireMember(context);
  const form = await parseForm(request, OrderIntentSchema);
  if (!form.success) {
    const t = await fixedT(context.locale);
    return refused(null, null, t("offer.invalidForm"), 400, form.fieldErrors);
  }
  return runOrderIntent(context, form.data);
}

const RefundFormSchema = RefundIntentSchema.omit({ orderId: true });

/**
 * The refund form's action (/refund_application/{id}): the order is the path's. On success the
 * member lands on the refund order (post, then redirect); a refusal keeps what they typed.
 */
export async function refundAction(request: Request, context: MallContext, orderId: number) {
  await requireMember(context);
  const t = await fixedT(context.locale);
  const form = await parseForm(request, RefundFormSchema);
  if (!form.success) {
    const fieldErrors: Record<string, string> = {};
    for (const field of Object.keys(form.fieldErrors)) fieldErrors[field] = t(`refund.invalid.${field}`, { defaultValue: t("offer.invalidForm") });
    return refused("refund", null, t("offer.invalidForm"), 400, fieldErrors);
  }
  const answer = await runOrderIntent(context, { ...form.data, orderId });
  if (answer.init?.status && answer.init.status >= 400) return answer;
  return withSession(context, redirect(`/refund_application/${orderId}`));
}

/**
 * A refund's photo, from the refund form (app/routes/refund-application/refund-photos.tsx): the
 * picture's own bytes (JPEG or PNG, made small on the phone first: app/lib/photos.ts), with the
 * idempotency key the form minted for it in the `Idempotency-Key` header. The server has bounded the
 * body (server/body-limit.ts); here the bytes must also start as their type says. The gateway keeps the
 * photo and answers its id, which the refund then names.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { IDEMPOTENCY_HEADER, IdempotencyKeySchema } from "#core/api/shop-endpoints";
import { isPhoto, isPhotoType } from "#core/api/photo-limits";
import { uploadRefundPhoto } from "#core/api/wallet-endpoints";
import { mallContext } from "../server/context.server";
import { fixedT } from "../server/i18n.server";
import { requireMember } from "../server/member.server";
import { refusable } from "../server/order-actions.server";
import { postOnly, resourceJson } from "../server/resource-response.server";

export const loader = postOnly;

export type RefundPhotoResult = { ok: true; photoId: string } | { ok: false; message: string };

export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  const mall = await mallContext(args);
  await requireMember(mall);
  const t = await fixedT(mall.locale);
  const invalid = (status: number) => resourceJson<RefundPhotoResult>(mall, { ok: false, message: t("shop.refusal.PHOTO_INVALID") }, { status });
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  const key = IdempotencyKeySchema.safeParse(request.headers.get(IDEMPOTENCY_HEADER));
  if (!isPhotoType(type) || !key.success) return invalid(400);
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (!isPhoto(bytes, type)) return invalid(400);
  const image = `data:${type};base64,${Buffer.from(bytes).toString("base64")}`;
  const result = await refusable(t, "refund-photo", () => mall.api.call(uploadRefundPhoto, { image }, { headers: { [IDEMPOTENCY_HEADER]: key.data } }));
  if (!result.ok) {
    const answer = result.response.data;
    const message = answer.ok ? t("common.requestFailed") : answer.message;
    return resourceJson<RefundPhotoResult>(mall, { ok: false, message }, { status: result.response.init?.status ?? 409 });
  }
  return resourceJson<RefundPhotoResult>(mall, { ok: true, photoId: result.value.photoId });
}

/**
 * The check-in's data (its loader's, which a touch on a link to it also asks for ahead:
 * routes/resources.ahead.ts), and what its form sends (app/routes/check-in.tsx), validated on the
 * server only.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { checkInStatus } from "#core/api/promotion-endpoints";
import { IdempotencyKeySchema } from "#core/api/shop-endpoints";
import { newIdempotencyKey } from "../lib/idempotency-key";
import { mallContext } from "../server/context.server";
import { requireMember } from "../server/member.server";

export const CheckInFormSchema = z.object({ intent: z.literal("check-in"), idempotencyKey: IdempotencyKeySchema });

/** The ladder's state today, and the key the form's check-in is sent with. */
export async function checkInData(args: Pick<LoaderFunctionArgs, "request" | "params" | "context">) {
  const mall = await mallContext(args);
  await requireMember(mall);
  const status = await mall.api.call(checkInStatus, {});
  return { status, idempotencyKey: newIdempotencyKey() };
}

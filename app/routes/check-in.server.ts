/** What the check-in form sends (app/routes/check-in.tsx): validated on the server only. */
import { z } from "zod";
import { IdempotencyKeySchema } from "#core/api/shop-endpoints";

export const CheckInFormSchema = z.object({ intent: z.literal("check-in"), idempotencyKey: IdempotencyKeySchema });

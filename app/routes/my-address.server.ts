/** What the address book's buttons send (app/routes/my-address.tsx): validated on the server only. */
import { z } from "zod";
import { IdempotencyKeySchema } from "#core/api/shop-endpoints";

const AddressId = z.coerce.number().int().positive().max(999_999_999);

export const BookActionSchema = z.object({
  intent: z.enum(["default", "delete"]),
  id: AddressId,
  idempotencyKey: IdempotencyKeySchema,
});

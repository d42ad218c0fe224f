/**
 * What the address form sends (app/routes/edit-address.tsx): the address book's field rules
 * (core/address/schemas.ts) with the form's intent and idempotency key, validated on the server only.
 */
import { z } from "zod";
import { AddressFormFields } from "#core/address/schemas";
import { IdempotencyKeySchema } from "#core/api/shop-endpoints";

export const SaveFormSchema = z.intersection(AddressFormFields, z.object({ intent: z.literal("save"), idempotencyKey: IdempotencyKeySchema, js: z.literal("1").optional() }));

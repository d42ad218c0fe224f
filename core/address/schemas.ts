/**
 * The address book's field rules as schemas (book.ts has the limits), for the gateway's declaration
 * (core/api/endpoints.ts), the sandbox and the mall's form action (app/routes/edit-address.server.ts):
 * every field required; a contact name and a detailed address of bounded length with no control
 * characters; the mobile valid for its area code (mobile.ts); the region one of regions.ts's.
 *
 * Markup is not refused: '<' or '&' can be part of a real address ("A&B Building"), and the mall
 * only ever shows these fields as text. Messages are locale keys (address.error.*), translated by
 * whoever shows them.
 */
import { z } from "zod";
import { personalField } from "../api/personal";
import { AREA_MAX, DETAIL_MAX, NAME_MAX } from "./book";
import { AREA_CODES, isValidMobile, mobileDigits } from "./mobile";
import { regionById } from "./regions";

// Letters, digits, punctuation and spaces; no control characters (line breaks included), which
// would break the one-line address on an order or a parcel label.
const CONTROL = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

const text = (max: number, field: "name" | "address" | "area") =>
  z
    .string({ error: `address.error.${field}Required` })
    .trim()
    .min(1, `address.error.${field}Required`)
    .max(max, `address.error.${field}TooLong`)
    .refine((value) => !CONTROL.test(value), `address.error.${field}Invalid`);

export const AreaCodeSchema = z.enum(AREA_CODES, { error: "address.error.mobile" });

/** What a member gives for an address; the same for the gateway (with `area`) and the form (with a region id). */
const contact = {
  name: personalField(text(NAME_MAX, "name"), "name"),
  areaCode: AreaCodeSchema,
  mobile: personalField(z.string({ error: "address.error.mobile" }).trim().max(20, "address.error.mobile"), "phone"),
  address: personalField(text(DETAIL_MAX, "address"), "street-address"),
};

const mobileRule = <T extends { areaCode: (typeof AREA_CODES)[number]; mobile: string }>(input: T, context: z.core.$RefinementCtx<T>) => {
  if (!isValidMobile(input.areaCode, input.mobile)) context.addIssue({ code: "custom", message: "address.error.mobile", path: ["mobile"] });
};

/** The gateway's save request: the address's fields, the mobile's digits only. */
export const AddressInputSchema = z
  .object({ ...contact, area: text(AREA_MAX, "area") })
  .superRefine(mobileRule)
  .transform((input) => ({ ...input, mobile: mobileDigits(input.mobile) }));
export type AddressInput = z.output<typeof AddressInputSchema>;

/** The mall's form: a region id of the 'choose region' screen instead of its name. */
export const AddressFormFields = z
  .object({
    ...contact,
    regionId: z
      .string({ error: "address.error.regionRequired" })
      .min(1, "address.error.regionRequired")
      .refine((id) => regionById(id) !== undefined, "address.error.regionRequired"),
    isDefault: z.literal("on").optional(),
  })
  .superRefine(mobileRule);

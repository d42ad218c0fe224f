/**
 * The address book's rules, shared by the mall's form, the gateway's declaration and the sandbox:
 * every field required; a contact name and a detailed address of bounded length with no control
 * characters; the mobile valid for its area code (mobile.ts); the region one of regions.ts's; at most
 * ADDRESS_LIMIT addresses per member.
 *
 * Markup is not refused: '<' or '&' can be part of a real address ("A&B Building"), and the mall
 * only ever shows these fields as text. Messages are locale keys (address.error.*), translated by
 * whoever shows them.
 */
import { z } from "zod";
import { AREA_CODES, isValidMobile, mobileDigits } from "./mobile";
import { REGION_GROUPS, regionById, regionPath, type Region } from "./regions";

/** Addresses a member may keep. The spec does not give the number; the issue does: 10. */
export const ADDRESS_LIMIT = 10;
export const NAME_MAX = 40;
export const DETAIL_MAX = 120;
/** A region as stored (`area`): the longest regionPath is well under this. */
export const AREA_MAX = 60;

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
  name: text(NAME_MAX, "name"),
  areaCode: AreaCodeSchema,
  mobile: z.string({ error: "address.error.mobile" }).trim().max(20, "address.error.mobile"),
  address: text(DETAIL_MAX, "address"),
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

/** The region an address's `area` names: a regionPath in either language, or a region's bare name. */
export function regionOfArea(area: string): Region | undefined {
  const wanted = area.trim();
  for (const group of REGION_GROUPS) {
    for (const region of group.regions) {
      if (regionPath(region.id, "zh") === wanted || regionPath(region.id, "en") === wanted) return region;
    }
  }
  for (const group of REGION_GROUPS) {
    for (const region of group.regions) if (region.name.zh === wanted || region.name.en === wanted) return region;
  }
  return undefined;
}

/** The book as shown: the default first, then the latest added first. */
export function orderAddresses<T extends { id: number | string; isDefault: number }>(addresses: readonly T[]): T[] {
  return [...addresses].sort((a, b) => b.isDefault - a.isDefault || Number(b.id) - Number(a.id));
}

/** A mobile as people read it: "+853 6612 3456", "+86 138 0013 8000". */
export function formatMobile(areaCode: string, mobile: string): string {
  const digits = mobileDigits(mobile);
  const grouped = digits.length === 11 ? `${digits.slice(0, 3)} ${digits.slice(3, 7)} ${digits.slice(7)}` : digits.length === 8 ? `${digits.slice(0, 4)} ${digits.slice(4)}` : digits;
  return `${areaCode} ${grouped}`;
}

/**
 * A shipping contact's mobile number, by area code (spec section 5: +853, +86, +852): 8 digits for
 * Macau and Hong Kong, 11 for the mainland, each with its mobile leading digits. Spaces and hyphens
 * typed between digits are allowed and dropped. 'Please enter the correct phone number' otherwise.
 */
export const AREA_CODES = ["+853", "+852", "+86"] as const;
export type AreaCode = (typeof AREA_CODES)[number];

const MOBILE_RULES: Record<AreaCode, RegExp> = {
  // Macau mobiles: 6xxxxxxx.
  "+853": /^6\d{7}$/,
  // Hong Kong mobiles: 4, 5, 6, 7, 8 or 9, then 7 digits (2 and 3 are fixed lines).
  "+852": /^[4-9]\d{7}$/,
  // Mainland mobiles: 1, then 3 to 9, then 9 digits.
  "+86": /^1[3-9]\d{9}$/,
};

/** The digits of a typed number: spaces and hyphens between digits dropped. */
export function mobileDigits(typed: string): string {
  return typed.trim().replace(/[\s-]+/g, "");
}

/** Whether `typed` is a mobile number of `areaCode`. */
export function isValidMobile(areaCode: AreaCode, typed: string): boolean {
  return MOBILE_RULES[areaCode].test(mobileDigits(typed));
}

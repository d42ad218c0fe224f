/**
 * The address book's limits and how it is shown, shared by the mall, the gateway's declaration and
 * the sandbox: at most ADDRESS_LIMIT addresses per member, the fields' lengths, the region an
 * address's `area` names, the book's order, a mobile as people read it.
 *
 * The schemas that check a member's fields are in schemas.ts; this module is free of zod, so a screen
 * that shows the limits or a formatted address does not take a schema library into the browser.
 */
import { mobileDigits } from "./mobile";
import { REGION_GROUPS, regionPath, type Region } from "./regions";

/** Addresses a member may keep. The spec does not give the number; the issue does: 10. */
export const ADDRESS_LIMIT = 10;
export const NAME_MAX = 40;
export const DETAIL_MAX = 120;
/** A region as stored (`area`): the longest regionPath is well under this. */
export const AREA_MAX = 60;

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

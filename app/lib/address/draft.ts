/**
 * What the address form hands to the 'choose region' screen and gets back, in the tab's session
 * storage: the form's typed fields (so a trip to /map loses nothing) and the region chosen there.
 * Both are for one form (its path) and read once. Storage is outside input like any other: what
 * does not parse is ignored. Without script, /map's choices are links that carry `?region=`.
 */
import { z } from "zod";
import { AREA_CODES } from "#core/address/mobile";

const DRAFT_KEY = "mcoin.address-draft";
const REGION_KEY = "mcoin.address-region";

/** The forms a region can be chosen for: /editAddress and /editAddress/{id}. */
export const ADDRESS_FORM_PATH = /^\/editAddress(?:\/\d{1,9})?$/;

export const DraftFieldsSchema = z.object({
  name: z.string().max(200),
  areaCode: z.enum(AREA_CODES),
  mobile: z.string().max(40),
  address: z.string().max(500),
  regionId: z.string().max(80),
  isDefault: z.boolean(),
});
export type DraftFields = z.infer<typeof DraftFieldsSchema>;

const Draft = z.object({ for: z.string(), fields: DraftFieldsSchema });
const Pick = z.object({ for: z.string(), regionId: z.string().max(80) });

function take<T>(key: string, schema: z.ZodType<T>): T | null {
  try {
    const raw = window.sessionStorage.getItem(key);
    window.sessionStorage.removeItem(key);
    if (raw === null) return null;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function put(key: string, value: unknown): void {
  try {
    window.sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage off or full: the trip to /map will lose the typing, nothing worse.
  }
}

export function saveDraft(path: string, fields: DraftFields): void {
  put(DRAFT_KEY, { for: path, fields });
}

/** The typed fields left for the form at `path`, once. */
export function takeDraft(path: string): DraftFields | null {
  const draft = take(DRAFT_KEY, Draft);
  return draft && draft.for === path ? draft.fields : null;
}

export function pickRegion(path: string, regionId: string): void {
  put(REGION_KEY, { for: path, regionId });
}

/** The region chosen on /map for the form at `path`, once. */
export function takeRegion(path: string): string | null {
  const picked = take(REGION_KEY, Pick);
  return picked && picked.for === path ? picked.regionId : null;
}

/**
 * What the address form hands to the 'choose region' screen and gets back, in the tab's session
 * storage: the form's typed fields (so a trip to /map loses nothing) and the region chosen there.
 * Both are for one form (its path) and read once. Storage is outside input like any other: what
 * does not parse is ignored. Without script, /map's choices are links that carry `?region=`. The
 * checks are plain functions: this module runs in the browser, which carries no schema library.
 */
import { AREA_CODES, type AreaCode } from "#core/address/mobile";

const DRAFT_KEY = "mcoin.address-draft";
const REGION_KEY = "mcoin.address-region";

/** The forms a region can be chosen for: /editAddress and /editAddress/{id}. */
export const ADDRESS_FORM_PATH = /^\/editAddress(?:\/\d{1,9})?$/;

export type DraftFields = { name: string; areaCode: AreaCode; mobile: string; address: string; regionId: string; isDefault: boolean };

const fieldsOf = (value: unknown): Record<string, unknown> | null => (typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null);
const isText = (value: unknown, max: number): value is string => typeof value === "string" && value.length <= max;
const isAreaCode = (value: unknown): value is AreaCode => (AREA_CODES as readonly unknown[]).includes(value);

/** The form's fields as stored, or null when anything is missing, of the wrong kind or too long; other keys are dropped. */
export function readDraftFields(value: unknown): DraftFields | null {
  const fields = fieldsOf(value);
  if (!fields) return null;
  const { name, areaCode, mobile, address, regionId, isDefault } = fields;
  if (!isText(name, 200) || !isAreaCode(areaCode) || !isText(mobile, 40) || !isText(address, 500) || !isText(regionId, 80) || typeof isDefault !== "boolean") return null;
  return { name, areaCode, mobile, address, regionId, isDefault };
}

function readDraft(value: unknown): { for: string; fields: DraftFields } | null {
  const draft = fieldsOf(value);
  const fields = readDraftFields(draft?.fields);
  return draft && typeof draft.for === "string" && fields ? { for: draft.for, fields } : null;
}

function readPick(value: unknown): { for: string; regionId: string } | null {
  const pick = fieldsOf(value);
  return pick && typeof pick.for === "string" && isText(pick.regionId, 80) ? { for: pick.for, regionId: pick.regionId } : null;
}

function take<T>(key: string, read: (value: unknown) => T | null): T | null {
  try {
    const raw = window.sessionStorage.getItem(key);
    window.sessionStorage.removeItem(key);
    if (raw === null) return null;
    return read(JSON.parse(raw));
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
  const draft = take(DRAFT_KEY, readDraft);
  return draft && draft.for === path ? draft.fields : null;
}

export function pickRegion(path: string, regionId: string): void {
  put(REGION_KEY, { for: path, regionId });
}

/** The region chosen on /map for the form at `path`, once. */
export function takeRegion(path: string): string | null {
  const picked = take(REGION_KEY, readPick);
  return picked && picked.for === path ? picked.regionId : null;
}

/**
 * The member's location, as the host bridge gave it to the page: the page keeps it in the
 * `mcoin_geo` cookie ("lat,lng", or "denied" when the member refused) so loaders can sort by distance.
 */
import { parseLatLng, type LatLng } from "../lib/geo/distance";

export const GEO_COOKIE = "mcoin_geo";

export type MemberLocation = { status: "known"; at: LatLng } | { status: "denied" } | { status: "unknown" };

export function memberLocation(request: Request): MemberLocation {
  const cookie = request.headers.get("cookie") ?? "";
  const raw = /(?:^|;\s*)mcoin_geo=([^;]*)/.exec(cookie)?.[1];
  if (!raw) return { status: "unknown" };
  const value = decodeURIComponent(raw);
  if (value === "denied") return { status: "denied" };
  const at = parseLatLng(value);
  return at ? { status: "known", at } : { status: "unknown" };
}

/** lat/lng for a catalog call, when the member's location is known. */
export function nearParams(location: MemberLocation): { lat?: number; lng?: number } {
  return location.status === "known" ? { lat: location.at.latitude, lng: location.at.longitude } : {};
}

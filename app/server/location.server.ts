/**
 * The member's location, as the host bridge gave it to the page: the page keeps it in the
 * `mcoin_geo` cookie ("lat,lng", or "denied" when the member refused) so loaders can sort by distance.
 */
import type { LatLng } from "#core/geo/distance";
import { geoCookie } from "./cookies.server";

export type MemberLocation = { status: "known"; at: LatLng } | { status: "denied" } | { status: "unknown" };

export async function memberLocation(request: Request): Promise<MemberLocation> {
  const value = await geoCookie.parse(request.headers.get("cookie"));
  if (value === null) return { status: "unknown" };
  return value === "denied" ? { status: "denied" } : { status: "known", at: value };
}

/** lat/lng for a catalog call, when the member's location is known. */
export function nearParams(location: MemberLocation): { lat?: number; lng?: number } {
  return location.status === "known" ? { lat: location.at.latitude, lng: location.at.longitude } : {};
}

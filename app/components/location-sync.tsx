/**
 * Asks the host app for the member's location once per session and keeps it (or the refusal) in the
 * `mcoin_geo` cookie for the server's nearby sorting and distances. A new location refreshes the
 * screen, and kept-alive screens are forgotten since their distances are stale.
 */
import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { getHostBridge } from "../lib/host-bridge";
import { clearKeptAlive } from "../lib/keep-alive";

const COOKIE = "mcoin_geo";
const KNOWN_MAX_AGE_S = 30 * 60;
const DENIED_MAX_AGE_S = 10 * 60;

export function readGeoCookie(): string | null {
  const match = /(?:^|;\s*)mcoin_geo=([^;]*)/.exec(document.cookie);
  return match ? decodeURIComponent(match[1]) : null;
}

/** Adds the member's location to a page's query, when the page knows it (for the server's distances). */
export function withLocation(params: URLSearchParams): URLSearchParams {
  const [lat, lng] = (readGeoCookie() ?? "").split(",");
  if (lat && lng) {
    params.set("lat", lat);
    params.set("lng", lng);
  }
  return params;
}

export function LocationSync() {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (readGeoCookie() !== null) return;
    let cancelled = false;
    const write = (value: string, maxAge: number) => {
      document.cookie = `${COOKIE}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
    };
    getHostBridge()
      .getLocation()
      .then(
        (at) => write(`${at.latitude.toFixed(5)},${at.longitude.toFixed(5)}`, KNOWN_MAX_AGE_S),
        () => write("denied", DENIED_MAX_AGE_S),
      )
      .then(() => {
        if (cancelled) return;
        clearKeptAlive();
        revalidator.revalidate();
      });
    return () => {
      cancelled = true;
    };
    // Once per page load; the cookie carries it across navigations.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}

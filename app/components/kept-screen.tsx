/**
 * Where the frame renders a kept screen (lib/kept-screen.ts): in its place while its route is shown,
 * and hidden, as it was, while another screen is; unmounted once its keep-alive forgets it (a new
 * revision of the member's data, an order awaiting payment, time). While hidden it is handed the same
 * props, so React does not render it again, and coming back only shows it. A component inside it
 * that reads the router's state (route data, the navigation, the location, a fetcher) is drawn
 * again on every change of that state, hidden or not: the screen keeps such reads out
 * (docs/decisions/064-the-pending-screen-draws-only-what-changes.md).
 */
import { useRef } from "react";
import { useLocation, useRouteLoaderData } from "@remix-run/react";
import { useLatestSearch } from "../hooks/use-latest-search";
import { keptScreen, type KeptScreenProps } from "../lib/kept-screen";

export function KeptScreenSlot({ routeId, active }: { routeId: string; active: boolean }) {
  const screen = keptScreen(routeId);
  const data = useRouteLoaderData(routeId);
  const location = useLocation();
  const latestSearch = useLatestSearch();
  const last = useRef<KeptScreenProps | null>(null);
  if (active && data !== undefined) {
    const shown = last.current;
    // The same values keep the same props: the screen (a memo) is not rendered again.
    if (!shown || shown.data !== data || shown.search !== location.search || shown.latestSearch !== latestSearch) last.current = { data, search: location.search, latestSearch };
  }
  const shown = last.current;
  if (!screen || !shown) return null;
  if (!active && !screen.kept(shown.search)) {
    last.current = null;
    return null;
  }
  return (
    <div className="kept-screen" hidden={!active}>
      <screen.Component {...shown} />
    </div>
  );
}

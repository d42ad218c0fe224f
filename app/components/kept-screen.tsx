/**
 * Where the frame renders a kept screen (lib/kept-screen.ts): in its place while its route is shown,
 * and hidden, as it was, while another screen is; unmounted once its keep-alive forgets it (a new
 * revision of the member's data, an order awaiting payment, time). While hidden it is handed the same
 * props, so React does not render it again, and coming back only shows it. A component inside it
 * that reads the router's state (route data, the navigation, the location, a fetcher) is drawn
 * again on every change of that state, hidden or not: the screen keeps such reads out
 * (docs/decisions/064-the-pending-screen-draws-only-what-changes.md).
 *
 * Once the screen has been hidden, its own stylesheets (lib/kept-screen.ts `stylesheets`) are drawn
 * here too, for as long as it is kept: Remix's <Links> takes them out of the head when another route
 * is shown and puts them back on the way back, and waits for them before it renders the route again.
 * Drawn from the moment the screen is hidden (it is not seen then), never on the server: the
 * document's head already has them while the screen is shown.
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
  const hiddenOnce = useRef(false);
  if (active && data !== undefined) {
    const shown = last.current;
    // The same values keep the same props: the screen (a memo) is not rendered again.
    if (!shown || shown.data !== data || shown.search !== location.search || shown.latestSearch !== latestSearch) last.current = { data, search: location.search, latestSearch };
  }
  const shown = last.current;
  if (!screen || !shown) return null;
  if (!active && !screen.kept(shown.search)) {
    last.current = null;
    hiddenOnce.current = false;
    return null;
  }
  if (!active) hiddenOnce.current = true;
  return (
    <>
      {hiddenOnce.current ? screen.stylesheets?.map((href) => <link key={href} rel="stylesheet" href={href} />) : null}
      <div className="kept-screen" hidden={!active}>
        <screen.Component {...shown} />
      </div>
    </>
  );
}

/**
 * Screens the frame keeps mounted while the member is elsewhere (spec: home is "kept alive"): the
 * route module registers its screen here when it is evaluated, and the frame (components/kept-screen.tsx)
 * renders it in its place while its route is shown, and hidden, as it was, while another screen is.
 * Coming back shows the same elements again: nothing is fetched, nothing is rendered again, the
 * pictures and the pages loaded are still there (docs/decisions/052-home-stays-mounted.md).
 *
 * The registry is written by route modules as they load (the server imports them all at start; the
 * browser loads a route's module before it renders it), so the frame's first render of a route
 * already finds its screen.
 */
import type { ComponentType } from "react";

/** What the frame hands a kept screen: its loader's data and the query it was shown with. */
export interface KeptScreenProps<Data = unknown> {
  data: Data;
  /** The location's query while the screen was shown. */
  search: string;
  /** The query its controls build on (hooks/use-latest-search.ts) while it was shown. */
  latestSearch: string;
}

export interface KeptScreen<Data = unknown> {
  Component: ComponentType<KeptScreenProps<Data>>;
  /** Whether the screen as shown at `search` is still kept (lib/keep-alive.ts): false forgets it, and it is unmounted. */
  kept(search: string): boolean;
  /**
   * The screen's own stylesheets (its route's `links`): the frame keeps them in the document once the
   * screen has been hidden, for as long as it is kept. Remix's <Links> draws a route's stylesheets only
   * while the route is shown, so without them leaving the screen took its styles out from under it,
   * and coming back waited for Remix to load them again (`prefetchStyleLinks`) and restyled it whole.
   */
  stylesheets?: readonly string[];
}

const screens = new Map<string, KeptScreen>();

/** Called by a route module as it is evaluated: its screen is the frame's to render. */
export function keepScreen<Data>(routeId: string, screen: KeptScreen<Data>): void {
  screens.set(routeId, screen as unknown as KeptScreen);
}

export function keptScreen(routeId: string): KeptScreen | undefined {
  return screens.get(routeId);
}

/**
 * What a route's module declares about its screen, as its `handle` (epic-stack and Hydrogen keep a
 * route's metadata there): the frame reads the shown screen's with useMatches() (hooks/use-screen.ts),
 * the root's loader reads any route's from the server (app/server/screens.server.ts). The rules are the
 * spec's (sections 2 and 4); a screen without a rule leaves it out.
 */
import type { EndpointName } from "#core/api/registry";
import type { SkeletonKind } from "./components/screen-skeletons";
import type { CountedRequests } from "./lib/loading/counted-requests";

/** Endpoints by name; a list that depends on one search parameter gives one list per value. */
export type CallList = readonly EndpointName[] | { param: string; values: Readonly<Record<string, readonly EndpointName[]>>; fallback: string };

/**
 * The mCoin API endpoints a route calls (core/api/registry.ts). The loading overlay counts a request
 * to the route when one of them is outside the spec's exempt URL fragments (section 7): the decision is
 * the calls', not the screen's. The page learns the outcome before the route's module loads
 * (`PendingScreens.counted`); app/route-table.test.ts holds every loader and action to
 * declaring its calls, and e2e/loading-overlay.spec.ts holds the declarations to the calls made.
 */
export interface GatewayCalls {
  /** What the loader calls. */
  loader?: CallList;
  /** What the action calls, by the form's `intent` (`""` for an action without intents). */
  action?: Readonly<Record<string, readonly EndpointName[]>>;
}

/** What any route may declare, screen or not. */
export interface RouteHandle {
  /** The root never calls the gateway here: the page must render even when the gateway is down. */
  quiet?: true;
  calls?: GatewayCalls;
}

export interface ScreenHandle extends RouteHandle {
  /** The page's analytics tag: the spec's route name (section 2, "every page is analytics-tagged"). */
  analytics: string;
  /** Locale key of the header's title. Only the spec's seven titled screens have one, and only they show the header with a back arrow. */
  title?: string;
  /** The title's locale key for what the screen's loader found, when it is not `title` (a refund application once the refund is asked for). */
  titleFor?: (data: unknown) => string | undefined;
  /** Only for a signed-in member: its loader sends anyone else to sign in (app/server/member.server.ts `requireMember`). */
  member?: true;
  /** The loading overlay is never shown on this screen: home (spec section 2, "hidden on home"). */
  overlay?: false;
  /** The skeleton shown from the moment the member leaves for this screen until its data arrives. */
  skeleton?: SkeletonKind;
  /** Returning to the tab refreshes the system time here, but not the access token (spec section 4). */
  keepToken?: true;
  /** The member's points in the header (spec section 2: the flash sale). */
  pointsInHeader?: true;
  /** Going back asks the host app to go back (the two shared-link entries, the token entry). */
  hostBack?: true;
  /** An externally shared entry: it honours the secret-door flag. */
  sharedLink?: true;
  /** Home: the brand's status bar, the host's go-back on popstate, where the coupon tab goes back to 1. */
  home?: true;
  /**
   * My coupons: the screen of the spec's coupon tab (lib/coupon-tab.ts). Entered with a session token
   * (`?entry=token`: routes/mycoupons.ts) it is the token coupon page, whose back is the host's.
   */
  couponTab?: true;
}

/** What the page knows of the screens before their modules load, by route id (app/server/screens.server.ts). */
export interface PendingScreens {
  /** Which requests the loading overlay counts (lib/loading/counted-requests.ts). */
  counted: CountedRequests;
  /** Screens on which the overlay is never shown (`overlay: false`). */
  hidden: string[];
  skeletons: Record<string, SkeletonKind>;
  /** The titled screens' titles (locale keys): the header a skeleton shows above it. */
  titles: Record<string, string>;
}

/** A route's handle, when it is a screen's. */
export function screenOf(handle: unknown): ScreenHandle | undefined {
  return typeof handle === "object" && handle !== null && typeof (handle as ScreenHandle).analytics === "string" ? (handle as ScreenHandle) : undefined;
}

/**
 * What a route's module declares about its screen, as its `handle` (epic-stack and Hydrogen keep a
 * route's metadata there): the frame reads the shown screen's with useMatches() (hooks/use-screen.ts).
 * What the page must know before a screen's module has loaded (its title, skeleton and overlay) is the
 * route table's (route-table.js). The rules are the spec's (sections 2 and 4); a screen without a
 * rule leaves it out.
 */
import type { ScreenRoute } from "./route-table.js";

export interface ScreenHandle {
  /** The page's analytics tag: the spec's route name (section 2, "every page is analytics-tagged"). */
  analytics: string;
  /** The title's locale key for what the screen's loader found, when it is not the route table's `title` (a refund application once the refund is asked for). */
  titleFor?: (data: unknown) => string | undefined;
  /** Only for a signed-in member: its loader sends anyone else to sign in (app/server/member.server.ts `requireMember`). */
  member?: true;
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

/** A screen as the frame sees it: its handle, with its route table entry's title, header, skeleton and overlay. */
export type Screen = ScreenHandle & Pick<ScreenRoute, "title" | "header" | "skeleton" | "overlay">;

/** A route's handle, when it is a screen's. */
export function screenOf(handle: unknown): ScreenHandle | undefined {
  return typeof handle === "object" && handle !== null && typeof (handle as ScreenHandle).analytics === "string" ? (handle as ScreenHandle) : undefined;
}

/**
 * What tapping an ad does (spec section 7): types 1, 2 and 5 open a route of the mall; 3 opens a web
 * page in a new window; 4 opens a mini-program with a source tag, and below wallet version 5.8.6 asks
 * the member to update the app instead.
 */
import { canOpenMiniProgram } from "../host-bridge/user-agent";

/** The source tag added to mini-programs opened from the mall. */
export const MINI_PROGRAM_SOURCE = "mcoin_mall";

export interface AdLink {
  type: number;
  url: string;
  appId?: string;
}

export type AdAction = { kind: "route"; to: string } | { kind: "window"; url: string } | { kind: "miniProgram"; appId: string; path: string; source: string } | { kind: "upgrade" } | { kind: "none" };

export function adAction(ad: AdLink, appVersion: string | null): AdAction {
  switch (ad.type) {
    case 1:
    case 2:
    case 5:
      // Only paths of the mall: an ad must not send the member off-site this way.
      return ad.url.startsWith("/") && !ad.url.startsWith("//") ? { kind: "route", to: ad.url } : { kind: "none" };
    case 3:
      return /^https?:\/\//.test(ad.url) ? { kind: "window", url: ad.url } : { kind: "none" };
    case 4:
      if (!ad.appId) return { kind: "none" };
      return canOpenMiniProgram(appVersion) ? { kind: "miniProgram", appId: ad.appId, path: ad.url, source: MINI_PROGRAM_SOURCE } : { kind: "upgrade" };
    default:
      return { kind: "none" };
  }
}

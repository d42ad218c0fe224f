/**
 * Where a picture of the catalog is shown from, and how it loads.
 *
 * The gateway serves pictures from its own host. The mall shows them from its own origin instead
 * (routes/resources.picture.ts brings and keeps them), on the connection the page came on: a cold
 * webview had to look the gateway's host up and connect to it before the first picture could start,
 * and a screen's largest thing painted (its LCP) is most often a picture.
 *
 * A picture on the first screen (above a phone's fold) is fetched at once and first
 * (`fetchpriority="high"`), and decoded for the frame that first shows it, so it is painted with the
 * screen rather than a frame or more after it. Every other picture the server draws (home's rails and
 * offer list, a listing's cards) loads lazily and decodes aside, so it never competes with the first
 * screen for a phone's bandwidth. React 18 does not know `fetchPriority`, so the attribute goes
 * through in its HTML spelling.
 */

/** A list's first cards, whose pictures a phone shows on the first screen (below the tabs: a 390×844 screen shows three and a half). */
export const FIRST_SCREEN_CARDS = 4;

/** The mall's route that brings a picture from the gateway's host. */
export const PICTURE_ROUTE = "/resources/picture";

/**
 * The address a picture is shown from: through the mall for a web address, else as it is. The mall
 * brings no address with a query (app/server/pictures.server.ts): such a picture is shown from its host.
 */
export function pictureSrc(src: string): string {
  return /^https?:\/\/[^?]*$/i.test(src) ? `${PICTURE_ROUTE}?src=${encodeURIComponent(src)}` : src;
}

export function pictureProps(src: string, firstScreen: boolean): { src: string; loading: "eager" | "lazy"; decoding: "sync" | "async" } {
  return firstScreen
    ? ({ src: pictureSrc(src), loading: "eager", decoding: "sync", fetchpriority: "high" } as { src: string; loading: "eager"; decoding: "sync" })
    : { src: pictureSrc(src), loading: "lazy", decoding: "async" };
}

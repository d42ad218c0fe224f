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
 * screen rather than a frame or more after it. React 18 does not know `fetchPriority`, so the
 * attribute goes through in its HTML spelling.
 *
 * Every other picture the server draws (home's rails and offer list, a listing's further cards, a
 * banner's later slides) is asked for only once the page's scripts have run: until then its box
 * stands at its size with no address, and then it loads lazily as the member scrolls near it. A
 * browser's own lazy loading starts every picture within a screen or three of the first one as soon
 * as the page is laid out, and on a slow link those pictures share it with the scripts a tap needs
 * (docs/decisions/024-pictures-below-the-first-screen.md). Without scripts, the same picture is in a
 * `<noscript>` beside the box, which the style sheet shows instead of the empty box.
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

/** An `<img>`'s loading attributes; `src` absent while the picture waits for the page's scripts. */
export interface PictureLoad {
  src?: string;
  loading: "eager" | "lazy";
  decoding: "sync" | "async";
  fetchpriority?: "high";
}

/**
 * How a picture loads: `img` for the box on the page, and `noscript` for the same picture when the
 * page runs without scripts (null when the box itself has its address). `scriptsRan` is whether the
 * page has hydrated; a screen drawn in the browser after that has it from its first render.
 */
export function pictureLoad(src: string, firstScreen: boolean, scriptsRan: boolean): { img: PictureLoad; noscript: PictureLoad | null } {
  const address = pictureSrc(src);
  if (firstScreen) return { img: { src: address, loading: "eager", decoding: "sync", fetchpriority: "high" }, noscript: null };
  const lazy = { src: address, loading: "lazy", decoding: "async" } as const;
  return scriptsRan ? { img: lazy, noscript: null } : { img: { loading: "lazy", decoding: "async" }, noscript: lazy };
}

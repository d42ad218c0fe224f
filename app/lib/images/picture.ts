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
 *
 * A photograph brought through the mall names the widths it could be shown at (`srcset`) and the
 * width of its box (`sizes`), and the browser asks for the narrowest that fills the box on its screen
 * (routes/resources.picture.ts draws it: docs/decisions/060-pictures-at-the-width-they-are-shown.md).
 * The `<noscript>` copy names the picture alone, which keeps the server's HTML short.
 */

/** A list's first cards, whose pictures a phone shows on the first screen (below the tabs: a 390×844 screen shows three and a half). */
export const FIRST_SCREEN_CARDS = 4;

/** The mall's route that brings a picture from the gateway's host. */
export const PICTURE_ROUTE = "/resources/picture";

/** The widths, in pixels, the picture route draws a picture at (`&w=`); a picture has at most this many forms. */
export const PICTURE_WIDTHS = [96, 160, 240, 320, 480, 640, 960, 1280] as const;

/**
 * How wide a picture is shown: a box as wide as this many pixels of the 375 px wide design
 * (app/styles/base.css makes 1rem a 3.75th of the screen, up to a 720 px screen), or the screen's
 * width.
 */
export type PictureBox = number | "screen";

const DESIGN_WIDTH = 375;
/** The densest screen a box's widths are named for (a phone's 3x, with room for a wider phone). */
const MOST_PIXELS_A_POINT = 3.5;

/** A length in the form `sizes` reads it, to two places. */
const fixed = (n: number) => String(Math.round(n * 100) / 100);

/**
 * The `srcset` and `sizes` of a picture shown from `address` in `box`: the route's widths from the
 * box's own to the densest screen's; null for a picture the route does not draw again (one shown
 * from its host, a drawing or an animation: app/server/picture-widths.server.ts serves them as
 * they are).
 */
export function pictureWidths(address: string, box: PictureBox): { srcSet: string; sizes: string } | null {
  if (!address.startsWith(`${PICTURE_ROUTE}?`) || /\.(svg|gif)$/i.test(decodeURIComponent(address))) return null;
  const design = box === "screen" ? DESIGN_WIDTH : box;
  const widths: number[] = [];
  for (const width of PICTURE_WIDTHS) {
    if (width < design) continue;
    widths.push(width);
    if (width >= design * MOST_PIXELS_A_POINT) break;
  }
  if (widths.length === 0) return null;
  // In the screen's width alone, which every webview reads in `sizes`: past a 720 px screen, where
  // the design stops growing, it names more than the box needs, never less.
  const sizes = `${box === "screen" ? 100 : fixed((design * 100) / DESIGN_WIDTH)}vw`;
  return { srcSet: widths.map((width) => `${address}&w=${width} ${width}w`).join(", "), sizes };
}

/**
 * The address a picture is shown from: through the mall for a web address, else as it is. The mall
 * brings no address with a query (app/server/pictures.server.ts): such a picture is shown from its host.
 */
export function pictureSrc(src: string): string {
  return /^https?:\/\/[^?]*$/i.test(src) ? `${PICTURE_ROUTE}?src=${encodeURIComponent(src)}` : src;
}

/** An `<img>`'s loading attributes; `src` absent while the picture waits for the page's scripts. */
export interface PictureLoad {
  srcSet?: string;
  sizes?: string;
  src?: string;
  loading: "eager" | "lazy";
  decoding: "sync" | "async";
  fetchpriority?: "high";
}

/**
 * How a picture loads: `img` for the box on the page, and `noscript` for the same picture when the
 * page runs without scripts (null when the box itself has its address). `scriptsRan` is whether the
 * page has hydrated; a screen drawn in the browser after that has it from its first render. `box` is
 * how wide it is shown (its widths: `pictureWidths`), set before its address as a browser reads them.
 */
export function pictureLoad(src: string, firstScreen: boolean, scriptsRan: boolean, box?: PictureBox): { img: PictureLoad; noscript: PictureLoad | null } {
  const address = pictureSrc(src);
  const widths = box === undefined ? null : pictureWidths(address, box);
  if (firstScreen) return { img: { ...widths, src: address, loading: "eager", decoding: "sync", fetchpriority: "high" }, noscript: null };
  const lazy = { src: address, loading: "lazy", decoding: "async" } as const;
  return scriptsRan ? { img: { ...widths, ...lazy }, noscript: null } : { img: { loading: "lazy", decoding: "async" }, noscript: lazy };
}

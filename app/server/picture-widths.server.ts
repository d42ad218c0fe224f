/**
 * A catalog picture drawn at the width a phone shows it (routes/resources.picture.ts `?w=`;
 * docs/decisions/060-pictures-at-the-width-they-are-shown.md).
 *
 * A gateway's photographs are made for the widest screen (an offer's 768 px wide), and most of them
 * are shown in a card's box a seventh as wide: a member on a slow link downloaded six times the
 * pixels the screen could show, beside the scripts and the style sheet the first screen waits for.
 * The page names the widths it could use (`srcset`, lib/images/picture.ts) and the browser asks for
 * the one its screen needs; the mall draws it once and keeps it with the picture it came from
 * (pictures.server.ts).
 *
 * Only photographs are drawn again (JPEG, PNG, WebP, in their own type, so a browser that showed the
 * picture shows its narrower form); a drawing (SVG), an animation (GIF) or an AVIF, a picture no wider
 * than the width asked, and one whose narrower form would not be smaller are served as they are. So
 * is any picture the drawing library cannot read, or cannot read in time: the narrower form is a
 * saving, never a reason a picture fails to show.
 */
import pLimit from "p-limit";
import type sharpModule from "sharp";
import { PICTURE_WIDTHS } from "../lib/images/picture";

/** A picture as the keep holds it (pictures.server.ts `Picture`). */
interface Picture {
  type: string;
  bytes: Buffer<ArrayBuffer>;
  maxAge: number;
}

export type PictureWidth = (typeof PICTURE_WIDTHS)[number];

/** The widths a request may name; any other is refused, so one picture has at most this many forms. */
export function pictureWidth(text: string): PictureWidth | undefined {
  return PICTURE_WIDTHS.find((width) => String(width) === text);
}

const FORMATS = { "image/jpeg": "jpeg", "image/png": "png", "image/webp": "webp" } as const;
type Format = (typeof FORMATS)[keyof typeof FORMATS];

/**
 * The most pixels a picture drawn again may have (a 6000 × 4000 photograph): a small compressed file
 * can hold an enormous picture, and drawing it would take the server's memory and cores.
 */
export const MAX_INPUT_PIXELS = 24_000_000;
/** How long one picture may take to draw before it is served as it is. */
const DRAW_TIMEOUT_S = 5;
/** A photograph's quality, as the sandbox's pictures are made (sandbox/pictures/raster.ts). */
const QUALITY = 80;
/**
 * At most two pictures are drawn at once: each takes one of the four threads of Node's pool, which
 * also reads the files and looks up the hosts a page needs, so a new screen's burst of pictures
 * never holds all of them.
 */
const drawing = pLimit(2);

let library: Promise<typeof sharpModule | null> | undefined;

/**
 * The drawing library (sharp, on libvips), loaded at the first picture drawn. Its own cache is off
 * (the keep is the mall's: pictures.server.ts), and each picture is drawn on one thread, so a burst of
 * new pictures leaves the other core to the pages. Where it cannot load (a platform without its
 * prebuilt binary), pictures are served as they are, said once.
 */
function drawingLibrary(): Promise<typeof sharpModule | null> {
  library ??= import("sharp").then(
    ({ default: sharp }) => {
      sharp.cache(false);
      sharp.concurrency(1);
      return sharp;
    },
    (error: unknown) => {
      console.warn(`pictures are served at their own width: the drawing library did not load (${error instanceof Error ? error.message : String(error)})`);
      return null;
    },
  );
  return library;
}

/** The width `picture` is shown at once turned as its EXIF orientation says (5 to 8 turn it a quarter). */
function shownWidth(metadata: { width?: number; height?: number; orientation?: number }): number {
  return (metadata.orientation ?? 1) >= 5 ? (metadata.height ?? 0) : (metadata.width ?? 0);
}

/**
 * `picture` at `width` pixels wide, its height in proportion, in its own type; `picture` itself when
 * it is not a photograph, is no wider, cannot be drawn, or would not get smaller.
 */
export async function atWidth<P extends Picture>(picture: P, width: PictureWidth): Promise<P> {
  const format: Format | undefined = FORMATS[picture.type as keyof typeof FORMATS];
  if (!format) return picture;
  const sharp = await drawingLibrary();
  if (!sharp) return picture;
  return drawing(() => drawAt(sharp, picture, format, width));
}

async function drawAt<P extends Picture>(sharp: typeof sharpModule, picture: P, format: Format, width: PictureWidth): Promise<P> {
  try {
    const image = sharp(picture.bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false }).timeout({ seconds: DRAW_TIMEOUT_S });
    if (shownWidth(await image.metadata()) <= width) return picture;
    // Turned as the photograph's EXIF says first: the narrower form carries no EXIF to turn it by.
    const drawn = await image.autoOrient().resize({ width }).toFormat(format, { quality: QUALITY }).toBuffer();
    if (drawn.length >= picture.bytes.length) return picture;
    return { ...picture, bytes: drawn as Buffer<ArrayBuffer> };
  } catch {
    return picture;
  }
}

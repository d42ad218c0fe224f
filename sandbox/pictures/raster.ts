/**
 * The demo pictures as the sandbox serves them: each drawing (scenes.ts) rasterized once, by
 * `npx tsx sandbox/pictures/write.ts`, into a WebP beside it in fixtures/images/. A gateway serves
 * photographs, which the browser decodes off the page's main thread; an SVG is parsed, laid out and
 * painted on it, on every frame that shows it (docs/decisions/055-demo-pictures-as-photographs.md).
 * The light the drawings carry (filters, gradients) costs the rasterizer alone.
 *
 * fixtures/images/rasters.json names, for each WebP, the digest of the drawing it was made from, so a
 * test can tell that every WebP is the raster of its drawing as drawn now without rasterizing again
 * (a raster's bytes depend on the rasterizer's build, a drawing's do not).
 */
import { createHash } from "node:crypto";

/**
 * Device pixels per unit of the drawing, by folder, as a gateway sizes its photographs for phones:
 * an offer 768 × 480 and a banner 1200 × 480 (the width of a phone's screen at 3 device pixels a
 * CSS pixel, near enough), a logo 192 px square (its largest tile, twice over). Each is a few
 * kilobytes: on the member-timing bench's 1.6 Mbit/s a picture's bytes are time the screen's own
 * code and data share.
 */
export const RASTER_SCALE: Readonly<Record<string, number>> = { offers: 2.4, promotions: 2.4, stores: 2, ads: 1.6, zones: 1.6 };
/** WebP's quality for the demo pictures: no banding on the light's gradients at a few kilobytes. */
const QUALITY = 80;
export const RASTERS_FILE = "rasters.json";

/** The raster's path for a drawing's path (`offers/x.svg` → `offers/x.webp`). */
export const rasterPath = (drawing: string): string => drawing.replace(/\.svg$/, ".webp");
/** The drawing's path for a raster's (`offers/x.webp` → `offers/x.svg`). */
export const drawingPath = (raster: string): string => raster.replace(/\.webp$/, ".svg");

/** What identifies a drawing: the digest of its text. */
export function drawingDigest(svg: string): string {
  return createHash("sha256").update(svg).digest("hex").slice(0, 32);
}

/** The drawing at `path` (under fixtures/images/) as a WebP, at its folder's scale. */
export async function rasterize(path: string, svg: string): Promise<Buffer> {
  const folder = path.split("/")[0] ?? "";
  const scale = RASTER_SCALE[folder];
  if (scale === undefined) throw new Error(`no raster scale for ${path}`);
  // Loaded here only: the sandbox serves the files and never rasterizes, so its package needs no sharp
  // (the mall's server draws with it: app/server/picture-widths.server.ts).
  const { default: sharp } = await import("sharp");
  return sharp(Buffer.from(svg), { density: 72 * scale })
    .webp({ quality: QUALITY, effort: 6 })
    .toBuffer();
}

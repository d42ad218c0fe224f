/**
 * A picture of the catalog, as app/lib/images/picture.ts says it loads: one on the first screen at
 * once; any other only once the page's scripts have run, its box standing at its size until then,
 * with the same picture in a `<noscript>` for a page read without scripts. A photograph names the
 * widths it can be shown at, for the browser to ask for the one its screen needs.
 */
import type { ImgHTMLAttributes } from "react";
import { useHydrated } from "../hooks/use-hydrated";
import { pictureLoad, type PictureBox } from "../lib/images/picture";

interface PictureProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
  /** On a phone's first screen: asked for at once and first. */
  firstScreen?: boolean;
  /** How wide it is shown: "screen" for a picture as wide as the screen; else `width` pixels of the 375 px design. */
  box?: PictureBox;
}

export function Picture({ src, alt, width, height, className, firstScreen = false, box = width }: PictureProps) {
  const { img, noscript } = pictureLoad(src, firstScreen, useHydrated(), box);
  // `fetchpriority` in its HTML spelling, which React 18 passes through as it is.
  // The box is the same element before and after the scripts run: only its address is added.
  return (
    <>
      <img className={className} alt={alt} width={width} height={height} {...(img as ImgHTMLAttributes<HTMLImageElement>)} />
      {noscript ? (
        <noscript>
          <img className={className} alt={alt} width={width} height={height} {...(noscript as ImgHTMLAttributes<HTMLImageElement>)} />
        </noscript>
      ) : null}
    </>
  );
}

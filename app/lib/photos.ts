/**
 * A photo from the host's camera or album, made small enough to send: at most 1,280 pixels on its
 * longer side, as a JPEG, turned upright as the camera recorded it. A phone's photo of several
 * megabytes becomes a few hundred kilobytes, under what the gateway takes
 * (core/api/photo-limits.ts `REFUND_PHOTO_MAX_BYTES`), so it goes in one short request.
 */
import { REFUND_PHOTO_MAX_BYTES } from "#core/api/photo-limits";

const LONG_SIDE = 1_280;
/** Tried in turn until the photo is small enough: the size first, then the quality. */
const STEPS = [
  { side: LONG_SIDE, quality: 0.82 },
  { side: 960, quality: 0.72 },
  { side: 720, quality: 0.6 },
];

/** The picture at `address` (an object URL, or the path the wallet gave), made small; null when it is not a picture this browser can read. */
export async function shrinkPhoto(address: string): Promise<Blob | null> {
  let bitmap: ImageBitmap;
  try {
    const response = await fetch(address);
    if (!response.ok) return null;
    bitmap = await createImageBitmap(await response.blob(), { imageOrientation: "from-image" });
  } catch {
    return null;
  }
  try {
    for (const { side, quality } of STEPS) {
      const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
      const canvas = document.createElement("canvas");
      canvas.width = Math.max(1, Math.round(bitmap.width * scale));
      canvas.height = Math.max(1, Math.round(bitmap.height * scale));
      const context = canvas.getContext("2d");
      if (!context) return null;
      // A transparent PNG keeps a white ground, not JPEG's black.
      context.fillStyle = "#fff";
      context.fillRect(0, 0, canvas.width, canvas.height);
      context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
      if (blob && blob.size <= REFUND_PHOTO_MAX_BYTES) return blob;
    }
    return null;
  } finally {
    bitmap.close();
  }
}

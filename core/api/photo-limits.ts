/**
 * A refund's photos, as the gateway takes them. A module of its own, without schemas: the refund
 * form reads it in the browser, and only the screens that send photos load it.
 */

/** The photos a refund may carry (the member's evidence: what the coupon or the goods looked like). */
export const REFUND_PHOTOS_MAX = 3;
/** The largest photo the gateway takes, in bytes: a phone's photo made 1,280 pixels across (app/lib/photos.ts) is far under it. */
export const REFUND_PHOTO_MAX_BYTES = 400 * 1024;

/** The bytes a JPEG and a PNG start with: a photo whose bytes do not start as its type says is refused. */
const SIGNATURES = {
  "image/jpeg": [0xff, 0xd8, 0xff],
  "image/png": [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
} as const;
export type PhotoType = keyof typeof SIGNATURES;
/** The photo types the gateway takes, as a request's or a file picker's list of types. */
export const PHOTO_TYPES = Object.keys(SIGNATURES) as PhotoType[];

/** Whether `type` is a photo type the gateway takes. */
export const isPhotoType = (type: string): type is PhotoType => Object.hasOwn(SIGNATURES, type);

/** Whether `bytes` are a photo of `type` the gateway takes: not empty, within the size, starting as the type says. */
export function isPhoto(bytes: Uint8Array, type: PhotoType): boolean {
  return bytes.length > 0 && bytes.length <= REFUND_PHOTO_MAX_BYTES && SIGNATURES[type].every((byte, index) => bytes[index] === byte);
}
